import { maskCardNumbers, maskEmail, maskIp, maskPan } from './card-masking.js';
import { maskMsisdn, maskUrl, maskUrlsIn } from '@kassa-payments/domain';

/**
 * How much of a client's value a log line may carry. A body deeper or larger than this is cut, not
 * walked: the walk is bounded whatever the client sent (a 6 KB body nested 2,700 deep once
 * overflowed the stack of an unbounded walk and ended the process).
 */
export interface LogMaskLimits {
  /** Objects and arrays nested deeper than this (the top value is level 0) become "[too deep]". */
  readonly maxDepth: number;
  /** Characters of keys and values in all; past it the rest is left out with a "…" key. */
  readonly maxChars: number;
  /** Longer strings are cut to this many characters. */
  readonly maxStringChars: number;
}

export const LOG_MASK_LIMITS: LogMaskLimits = { maxDepth: 8, maxChars: 2048, maxStringChars: 256 };

const REDACTED = '[redacted]';

/** A key as compared: lower case, without `_` and `-` ("Security_Code" -> "securitycode"). */
const normalized = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

/**
 * Security codes, PINs and secrets: never logged in any form. Matched anywhere in the key for the
 * card codes (card_cvv, cvvCode, CVC2) and secrets; a PIN is a key that ends in pin or pincode
 * (sms_pin, PinCode), so that words merely containing "pin" are not caught.
 */
const SECRET = /cvv|cvc|ccv|cvn|securitycode|secret|signature|token|password|passwd|^csc\d?$|^cid$|pin(code|number)?$/;
const CARD_NUMBER_KEYS = new Set(['pan', 'number', 'cardnumber', 'cardno', 'accountnumber']);
const MSISDN_KEYS = new Set(['msisdn', 'subscribermsisdn', 'phone', 'phonenumber']);
const IP_KEYS = new Set(['ip', 'clientip', 'ipaddress']);
const HOLDER_KEYS = new Set(['cardholder', 'cardholdername', 'holder', 'holdername']);
/** A JWT (a widget token) inside a URL's query: the token's whole shape, so that nothing else is taken for one. */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/g;

type Masker = (value: unknown) => unknown;
const asText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
const textMasker =
  (mask: (text: string) => string): Masker =>
  (value) => {
    const text = asText(value);
    return text === undefined ? REDACTED : mask(text.slice(0, 256));
  };

/** A URL: its user, password and query values masked, card numbers and tokens in the rest of it (up to 4 KB), then cut like any string. */
const urlMasker: Masker = (value) => {
  const text = asText(value);
  if (text === undefined) return REDACTED;
  const masked = maskCardNumbers(maskUrl(text.slice(0, 4096))).replace(JWT, '[token]');
  return masked.length > 256 ? `${masked.slice(0, 256)}…` : masked;
};

/**
 * The rules of the keys seen so far: a request's keys repeat from one request to the next, and
 * working a key's rule out (lower case, regular expressions) cost the request log more than using it.
 * Bounded, because clients choose keys: past MAX_KNOWN_KEYS new keys are worked out every time.
 */
const knownKeys = new Map<string, Masker | null>();
const MAX_KNOWN_KEYS = 4096;

/** The rule a key's value falls under, if any; undefined for ordinary keys. */
function maskerFor(key: string): Masker | undefined {
  const known = knownKeys.get(key);
  if (known !== undefined) return known ?? undefined;
  const rule = ruleFor(key);
  if (knownKeys.size < MAX_KNOWN_KEYS && key.length <= 64) knownKeys.set(key, rule ?? null);
  return rule;
}

function ruleFor(key: string): Masker | undefined {
  const k = normalized(key);
  if (SECRET.test(k)) return () => REDACTED;
  if (CARD_NUMBER_KEYS.has(k)) return textMasker((t) => maskPan(t.replace(/\D/g, '')));
  if (MSISDN_KEYS.has(k)) return textMasker(maskMsisdn);
  if (k.endsWith('email')) return textMasker(maskEmail);
  if (IP_KEYS.has(k)) return textMasker(maskIp);
  if (HOLDER_KEYS.has(k)) return () => REDACTED;
  // A payment page's URL carries its widget token: the key is known, so the whole body is not searched.
  if (k.endsWith('url')) return urlMasker;
  return undefined;
}

/**
 * A copy of a client's value fit for a log line, whatever its shape: security codes, PINs,
 * passwords, signatures, tokens and secrets redacted (any case, `_` or `-` ignored); card numbers cut
 * to their last four digits by name (`pan`, `number`, `card_number`, ...) and by content (any 13-19
 * digit Luhn-valid run in any string or number); msisdn, email, client_ip and cardholder masked.
 * Bounded in depth and size (`limits`), so any value is walked in bounded time and stack.
 * Objects of the copy have no prototype, so a `__proto__` key is an ordinary key.
 */
export function maskForLog(value: unknown, limits: LogMaskLimits = LOG_MASK_LIMITS): unknown {
  let budget = limits.maxChars;
  const cut = (text: string) => (text.length > limits.maxStringChars ? `${text.slice(0, limits.maxStringChars)}…` : text);
  const walk = (v: unknown, depth: number): unknown => {
    // Every value costs something, so that many empty ones are bounded too.
    budget -= 2;
    if (typeof v === 'string') {
      // Masked before it is cut: a cut through a card number would leave a run too short to mask (or a URL's query).
      const text = cut(maskCardNumbers(maskUrlsIn(v)));
      budget -= text.length;
      return text;
    }
    if (typeof v === 'number') {
      const text = String(v);
      budget -= text.length;
      // A card number sent as a JSON number may have lost digits past 2^53 (and with them its Luhn
      // check): any integer of 13-19 digits is cut to its last four.
      return /^-?\d{13,19}$/.test(text) ? maskPan(text.replace('-', '')) : v;
    }
    if (v === null || typeof v !== 'object') return v;
    if (depth >= limits.maxDepth) return '[too deep]';
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const item of v) {
        if (budget <= 0) {
          out.push(`… ${v.length - out.length} more`);
          break;
        }
        out.push(walk(item, depth + 1));
      }
      return out;
    }
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      if (budget <= 0) {
        out['…'] = 'truncated';
        break;
      }
      const name = maskCardNumbers(cut(key));
      budget -= name.length;
      const item: unknown = (v as Record<string, unknown>)[key];
      const rule = maskerFor(key);
      out[name] = rule ? rule(item) : walk(item, depth + 1);
    }
    return out;
  };
  return walk(value, 0);
}
