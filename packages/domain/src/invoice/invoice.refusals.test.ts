import { describe, expect, it } from 'vitest';
import { cancelInvoice, chargeRun, enterInvoicePin, openInvoice, recordCharge, requestRefund, transactionFor, type Invoice, type InvoiceAuthorizationType, type InvoiceState } from './invoice.js';

// Every state x command the invoice machine refuses, with the answer its refusing transitions (or
// the default, INVOICE_WRONG_STATE) give: the codes and messages the transports show.
const T0 = '2026-01-01T00:00:00.000Z';
const stamp = { now: '2026-01-01T00:10:00.000Z', newId: () => 'e' };
const make = (type: InvoiceAuthorizationType, state: InvoiceState, over: Partial<Invoice> = {}): Invoice => ({
  ...openInvoice({
    id: 'i1',
    projectId: 1,
    merchantOrderId: 'o1',
    customer: { type: 'mobile_phone', msisdn: '79001234567' },
    price: { minor: 1000, currency: 'RUB' },
    vatIncluded: false,
    description: null,
    applicationName: null,
    productName: null,
    authorizationType: type,
    contract: null,
    billingChannel: 'MC',
    pinDigest: '1234',
    testInfo: null,
    now: T0,
    lifetimeSeconds: 3600,
  }),
  state,
  ...over,
});
const charge = (i: Invoice) => recordCharge(i, transactionFor(i, { status: 'SUCCESS', resultCode: 0, resultDescription: '', billingChannel: 'MC', serviceNumber: '0' }, 't', stamp.now), stamp);
const answer = (change: { outcome: { ok: boolean; error?: { code: string; message: string } }; next?: unknown }) =>
  change.outcome.ok ? (change.next ? 'changed' : 'unchanged') : `${change.outcome.error?.code}: ${change.outcome.error?.message}`;

describe('invoice refusals', () => {
  const commands = {
    pin: (i: Invoice) => answer(enterInvoicePin(i, '1234', stamp)),
    cancel: (i: Invoice) => answer(cancelInvoice(i, stamp)),
    refund: (i: Invoice) => answer(requestRefund(i, stamp)),
    charge: (i: Invoice) => answer(charge(i)),
  };
  it.each([
    ['SMS_PIN', 'created', { pinAttempts: 3 }, 'pin', 'INVOICE_AUTH_ATTEMPTS_EXCEEDED'],
    ['BY_CONTRACT', 'created', {}, 'pin', 'INVOICE_WRONG_STATE: Cannot authorize an invoice in status Created'],
    ['SMS_PIN', 'created', {}, 'charge', 'INVOICE_WRONG_STATE: Cannot charge an invoice in status Created'],
    ['SMS_PIN', 'created', {}, 'refund', 'INVOICE_NOT_PAID'],
    ['SMS_PIN', 'authorized', {}, 'pin', 'INVOICE_WRONG_STATE: Cannot authorize an invoice in status Authorize'],
    ['SMS_PIN', 'authorized', {}, 'refund', 'INVOICE_NOT_PAID'],
    ['SMS_PIN', 'processed', {}, 'cancel', 'INVOICE_WRONG_STATE: Cannot cancel an invoice in status Processed'],
    ['SMS_PIN', 'processed', { refundStatus: 'processing' }, 'refund', 'unchanged'],
    ['SMS_PIN', 'processed', { refundStatus: 'completed' }, 'refund', 'unchanged'],
    ['SMS_PIN', 'processed', {}, 'charge', 'INVOICE_WRONG_STATE: Cannot charge an invoice in status Processed'],
    ['SMS_PIN', 'cancelled', {}, 'cancel', 'unchanged'],
    ['SMS_PIN', 'cancelled', {}, 'refund', 'INVOICE_NOT_PAID'],
    ['SMS_PIN', 'cancelled', {}, 'pin', 'INVOICE_WRONG_STATE: Cannot authorize an invoice in status Cancelled'],
  ] as const)('%s %s %o, %s: %s', (type, state, over, command, expected) => {
    const got = commands[command](make(type, state, over));
    expect(got.startsWith(expected)).toBe(true);
  });
});

describe('what a charge run may do now (chargeRun)', () => {
  const before = '2026-01-01T00:30:00.000Z';
  const after = '2026-01-01T01:00:00.000Z';
  it.each([
    ['BY_CONTRACT', 'created', 'job', before, 'charge'],
    ['BY_CONTRACT', 'created', 'job', after, 'expire'],
    ['SMS_PIN', 'created', 'job', before, 'nothing'],
    ['SMS_PIN', 'authorized', 'job', before, 'charge'],
    ['SMS_PIN', 'authorized', 'job', after, 'expire'],
    ['AUTH_PAGE', 'created', 'job', before, 'nothing'],
    ['AUTH_PAGE', 'created', 'payment-page', after, 'charge'],
    ['SMS_PIN', 'processed', 'job', before, 'nothing'],
    ['AUTH_PAGE', 'cancelled', 'payment-page', before, 'nothing'],
  ] as const)('%s %s, by %s at %s: %s', (type, state, trigger, now, expected) => {
    expect(chargeRun(make(type, state), trigger, now)).toBe(expected);
  });

  it('a job charges once: a declined charge leaves the invoice to its expiry', () => {
    const declined = make('BY_CONTRACT', 'created');
    const failed = recordCharge(declined, transactionFor(declined, { status: 'FAILED', resultCode: 210, resultDescription: '', billingChannel: 'MC', serviceNumber: '0' }, 't', stamp.now), stamp);
    expect(failed.next?.state).toBe('created');
    expect(chargeRun(failed.next as Invoice, 'job', before)).toBe('nothing');
    expect(chargeRun(failed.next as Invoice, 'payment-page', before)).toBe('charge');
  });
});
