import type { z } from 'zod';
import { cardLast4, domainError, err, ok, parseMoney, type Customer, type DomainError, type Money, type Result } from '@kassa-payments/domain';
import type { CustomerRequest } from '@kassa-payments/protocol';

export { billingCheckRequest, clientIpRequest, contractCancelRequest, contractPinRequest, createContractRequest, createInvoiceRequest, pinRequest } from '@kassa-payments/protocol';

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
export function toCustomer(c: CustomerRequest, cardAllowed: boolean): Result<{ customer: Customer; deprecatedAlias: boolean }, DomainError> {
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
    // Only the last four digits are kept; the rest of the card (validated by the schema) goes nowhere.
    const card = { last4: cardLast4(c.bank_card.pan) };
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
