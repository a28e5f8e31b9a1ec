import { z } from 'zod';
import { LIMITS } from './limits.js';

/**
 * A request field's rule: the check, and what the spec says of the field (or Kassa, where the spec
 * is silent). JSON v3's schemas are made of these checks, and the XML services run the same ones
 * on the element's text, each answering a failure in its own shape.
 */
export interface FieldRule<S extends z.ZodType = z.ZodType> {
  /** The check: JSON v3's schema of the field, and what the XML services run on the element's text. */
  readonly check: S;
  /** The spec's limits, in words (the OpenAPI document and the XSDs state them for machines). */
  readonly spec: string;
}

/** A rule of a text field, as the XML services read one: text in, text out. */
export type TextFieldRule = FieldRule<z.ZodType<string, string>>;

/**
 * A rule the domain owns (a value of its own, built by it): the protocol cannot import the domain,
 * so the table names the domain's function, and every transport calls it.
 */
export interface DomainFieldRule {
  /** The domain package (named so, not by its npm name: merchant-client bundles this file, and names no workspace package). */
  readonly owner: 'domain';
  /** The domain's export that checks the field (and builds its value). */
  readonly check: string;
  /** The spec's limits, in words. */
  readonly spec: string;
}

const rule = <S extends z.ZodType>(check: S, spec: string): FieldRule<S> => ({ check, spec });
const domainRule = (check: string, spec: string): DomainFieldRule => ({ owner: 'domain', check, spec });
/** What an email address must look like: something, @, a domain with a dot; no white space, no angle brackets. */
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/u;
const text = (max: number) => z.string().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/**
 * The fields the merchant transports (JSON v3, XML 2.9, the subscription service) check, each rule
 * once. A transport that does not carry a field does not run its rule; the shared table of cases
 * (packages/app/test/field-rules.fixture.ts) says which carries which.
 */
export const FIELD_RULES = {
  msisdn: rule(z.string().regex(/^[1-9][0-9]{7,14}$/, 'must be an E.164 number, digits only'), 'E.164, digits only: 8 to 15 digits, no + and no leading 0'),
  // Broad on purpose (the spec gives no form): international domains (магазин.рф, in either spelling) and any local part a mail server may take.
  email: rule(
    z.email({ pattern: EMAIL, error: 'must be an email address' }).max(LIMITS.email),
    `an email address: a local part, @, a domain with a dot (international domains too), no white space or angle brackets; at most ${LIMITS.email} characters`,
  ),
  country: rule(z.string().regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166 alpha-2 code'), 'ISO 3166 alpha-2, in either case (kept in upper case)'),
  // No Luhn check: the spec asks none (docs/decisions.md, "Card fields"); the payment page's form checks it.
  pan: rule(z.string().regex(/^[0-9]{16}$/, 'must be 16 digits'), 'the card number: 16 digits, nothing else'),
  expirationMonth: rule(z.string().regex(/^(0?[1-9]|1[0-2])$/, 'must be 1 to 12'), '1 to 12'),
  expirationYear: rule(z.string().regex(/^([0-9]{2}|[0-9]{4})$/, 'must have 2 or 4 digits'), '2 or 4 digits (2 digits mean 20YY)'),
  securityCode: rule(z.string().regex(/^[0-9]{3,4}$/, 'must be 3 to 4 digits'), '3 to 4 digits; never stored in any form'),
  cardholder: rule(z.string().max(LIMITS.cardholder, `must be at most ${LIMITS.cardholder} characters`), `up to ${LIMITS.cardholder} characters`),
  // The sender fetches it (WHATWG URL, http or https only); written without white space, as the XSD's HttpUrl says.
  // White space first: zod's URL check reads the value as WHATWG URL does, which drops tabs and line breaks.
  callbackUrl: rule(
    z
      .string()
      .regex(/^\S*$/, 'must be an absolute http(s) URL')
      .max(LIMITS.callbackUrl, `must be at most ${LIMITS.callbackUrl} characters`)
      .pipe(z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }))
      .meta({ format: 'uri' }),
    `an absolute http or https URL, no white space, at most ${LIMITS.callbackUrl} characters (the spec gives no form)`,
  ),
  clientIp: rule(z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' }), 'an IPv4 or IPv6 address (no zone id)'),
  merchantOrderId: rule(text(LIMITS.merchantOrderId), `1 to ${LIMITS.merchantOrderId} characters`),
  merchantCustomerId: rule(text(LIMITS.merchantCustomerId), `1 to ${LIMITS.merchantCustomerId} characters`),
  amount: domainRule('parseMoney', 'a decimal string with exactly two fraction digits ("10.00"), up to 13 integer digits, no sign'),
  currency: domainRule('parseMoney', 'three upper-case letters ("RUB")'),
} as const satisfies Record<string, FieldRule | DomainFieldRule>;

/** The rule's first complaint about `value`, or its value as the rule reads it. */
export function checkField<S extends z.ZodType>(fieldRule: FieldRule<S>, value: unknown): { ok: true; value: z.output<S> } | { ok: false; message: string } {
  const parsed = fieldRule.check.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? 'invalid' };
}

/** The longest text the rule takes, when it says (a transport reads no more than that). */
export function fieldMaxLength(fieldRule: FieldRule): number | undefined {
  const max = (fieldRule.check as { maxLength?: unknown }).maxLength;
  return typeof max === 'number' ? max : undefined;
}
