import { z } from 'zod';
import { cardLast4, domainError, err, ok, parseMoney, type Customer, type DomainError, type Money, type Result } from '@kassa/domain';

/** The spec's Limits table. */
export const LIMITS = {
  merchantContractId: 64,
  merchantOrderId: 38,
  source: 64,
  merchantCustomerId: 128,
  name: 256,
  pinCode: 16,
  cardholder: 128,
  description: 1024,
  email: 256,
} as const;

const text = (max: number) => z.string().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const msisdn = z.string().regex(/^[1-9][0-9]{7,14}$/, 'must be an E.164 number, digits only');
const clientIp = z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' });
const digits = (pattern: RegExp, message: string) => z.union([z.number().int().nonnegative().transform(String), z.string()]).pipe(z.string().regex(pattern, message));

const bankCard = z.object({
  pan: z.string().regex(/^[0-9]{16}$/, 'must be 16 digits'),
  expiration_month: digits(/^(0?[1-9]|1[0-2])$/, 'must be 1 to 12').transform(Number),
  expiration_year: digits(/^([0-9]{2}|[0-9]{4})$/, 'must have 2 or 4 digits').transform((y) => (y.length === 2 ? 2000 + Number(y) : Number(y))),
  security_code: z.string().regex(/^[0-9]{3,4}$/, 'must be 3 to 4 digits'),
  cardholder: z.string().max(LIMITS.cardholder, `must be at most ${LIMITS.cardholder} characters`).optional(),
});

const customer = z.object({
  type: z.enum(['mobile_phone', 'undefined_bank_card', 'bank_card'], { error: 'must be mobile_phone, undefined_bank_card or bank_card' }),
  msisdn: msisdn.optional(),
  email: z.email({ error: 'must be an email address' }).max(LIMITS.email).optional(),
  country: z.string().regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166 alpha-2 code').optional(),
  source: text(LIMITS.source).optional(),
  merchant_customer_id: text(LIMITS.merchantCustomerId).optional(),
  bank_card: bankCard.optional(),
});
type CustomerInput = z.infer<typeof customer>;

export const createInvoiceRequest = z.object({
  client_ip: clientIp.optional(),
  customer,
  order: z.object({
    merchant_order_id: text(LIMITS.merchantOrderId),
    price: z.object({ amount: z.string(), currency: z.string(), vat_included: z.boolean().optional() }).optional(),
    description: z.string().max(LIMITS.description).optional(),
  }),
  contract: z.object({ merchant_contract_id: text(LIMITS.merchantContractId).optional(), create_if_not_exists: z.boolean().optional() }).optional(),
  application: z.object({ name: z.string().max(LIMITS.name, `must be at most ${LIMITS.name} characters`).optional() }).optional(),
  product: z.object({ name: z.string().max(LIMITS.name, `must be at most ${LIMITS.name} characters`).optional() }).optional(),
  payment_method: z.string().optional(),
  test_info: z
    .object({
      expected_billing_result: z.enum(['SuccessSequencePayment', 'FailedSequencePayment']).optional(),
      callback_url: z.url({ error: 'must be an absolute URL' }).optional(),
    })
    .optional(),
});

export const createContractRequest = z.object({
  client_ip: clientIp.optional(),
  customer,
  merchant_contract_id: text(LIMITS.merchantContractId),
});

export const pinRequest = z.object({ client_ip: clientIp.optional(), pin_code: text(LIMITS.pinCode) });
export const clientIpRequest = z.object({ client_ip: clientIp.optional() });
export const billingCheckRequest = z.object({ msisdn: msisdn.optional(), customer: z.object({ msisdn: msisdn.optional() }).optional() });

/** Validates a body; the first problem becomes 400 BAD_REQUEST naming the field. */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): Result<z.infer<S>, DomainError> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : 'body';
  return err(domainError('BAD_REQUEST', `${field}: ${issue?.message ?? 'invalid'}`));
}

const bad = (message: string) => err(domainError('BAD_REQUEST', message));

/**
 * The request's customer as the domain's. `bank_card` without card data is the deprecated alias of
 * `undefined_bank_card`; with card data it is card binding, allowed only where `cardAllowed` (the
 * PCI host). Only the card's last four digits go on; the security code is dropped here.
 */
export function toCustomer(c: CustomerInput, cardAllowed: boolean): Result<{ customer: Customer; deprecatedAlias: boolean }, DomainError> {
  if (c.bank_card && !cardAllowed) return bad('customer.bank_card: card data is accepted only on the PCI host');
  if (c.type === 'mobile_phone') {
    if (!c.msisdn) return bad('customer.msisdn: required for mobile_phone');
    return ok({ customer: { type: 'mobile_phone', msisdn: c.msisdn, ...(c.email ? { email: c.email } : {}) }, deprecatedAlias: false });
  }
  for (const f of ['source', 'country', 'merchant_customer_id'] as const) {
    if (!c[f]) return bad(`customer.${f}: required for ${c.type}`);
  }
  const base = { source: c.source ?? '', merchantCustomerId: c.merchant_customer_id ?? '', country: (c.country ?? '').toUpperCase(), ...(c.email ? { email: c.email } : {}) };
  if (c.type === 'bank_card' && c.bank_card) {
    const { pan, expiration_month, expiration_year, cardholder } = c.bank_card;
    const card = { last4: cardLast4(pan), expirationMonth: expiration_month, expirationYear: expiration_year, ...(cardholder ? { cardholder } : {}) };
    return ok({ customer: { type: 'bank_card', ...base, card }, deprecatedAlias: false });
  }
  return ok({ customer: { type: 'undefined_bank_card', ...base }, deprecatedAlias: c.type === 'bank_card' });
}

/** order.price in minor units, when sent. */
export function toPrice(price: { amount: string; currency: string } | undefined): Result<Money | undefined, DomainError> {
  if (!price) return ok(undefined);
  const parsed = parseMoney(price.amount, price.currency);
  return parsed.ok ? parsed : bad(`order.price: ${parsed.error.message}`);
}

/** Bank-app wallets of the widget and the redirect route (Kassa's names; the spec shows none). */
export const WALLETS = ['sberpay', 'tpay', 'mirpay'] as const;
const PAYMENT_METHODS = new Set(['sbp', ...WALLETS.flatMap((w) => [`${w}_desktop`, `${w}_mobile`])]);

/** The deprecated payment_method: accepted when known (no effect), 422 INVALID_PAYMENT_METHOD otherwise. */
export function checkPaymentMethod(method: string | undefined): Result<void, DomainError> {
  if (method === undefined || PAYMENT_METHODS.has(method)) return ok(undefined);
  return err(domainError('INVALID_PAYMENT_METHOD', `Unknown payment_method ${JSON.stringify(method)}; allowed: ${[...PAYMENT_METHODS].join(', ')}, or omit it for card`));
}
