export * from './invoice.fields.js';
import { fail } from '../shared/errors.js';
import type { EventStamp } from '../shared/events.js';
import { applyToAggregate, machineAccepts, MAX_PIN_ATTEMPTS, type Change } from '../shared/lifecycle.js';
import { ok } from '../shared/result.js';
import { addSeconds } from '../shared/time.js';
import { invoiceEvents, type InvoiceEvent } from './invoice.events.js';
import { INVOICE_STATUS, type Invoice, type InvoiceFields, type InvoiceState } from './invoice.fields.js';
import { invoiceMachine, startInvoice, type InvoiceMachineEvent } from './invoice.machine.js';
import { invoiceRefusal } from './invoice.refusals.js';
import type { ChargeOutcome, Transaction } from './transaction.js';

export type OpenInvoiceInput = Omit<InvoiceFields, 'pinAttempts' | 'transactions' | 'refundStatus' | 'createdAt' | 'expiresAt'> & {
  readonly now: string;
  readonly lifetimeSeconds: number;
};

export function openInvoice(input: OpenInvoiceInput): Invoice {
  // Field by field rather than rest and spread: this runs for every invoice created, and V8 copies
  // spread objects property by property on a slow path.
  const fields: InvoiceFields = {
    id: input.id,
    projectId: input.projectId,
    merchantOrderId: input.merchantOrderId,
    customer: input.customer,
    price: input.price,
    vatIncluded: input.vatIncluded,
    description: input.description,
    applicationName: input.applicationName,
    productName: input.productName,
    authorizationType: input.authorizationType,
    contract: input.contract,
    billingChannel: input.billingChannel,
    pinDigest: input.authorizationType === 'SMS_PIN' ? input.pinDigest : null,
    pinAttempts: 0,
    transactions: [],
    refundStatus: null,
    testInfo: input.testInfo,
    createdAt: input.now,
    expiresAt: addSeconds(input.now, input.lifetimeSeconds),
    ...(input.testClockId ? { testClockId: input.testClockId } : {}),
  };
  const started = startInvoice(fields);
  return { ...started.context, state: started.state as InvoiceState, version: 1 };
}

export const invoiceStatus = (i: Pick<Invoice, 'state'>) => INVOICE_STATUS[i.state];
export const invoicePaymentStatus = (i: Pick<Invoice, 'state'>): 'PAID' | 'NOT_PAID' => (i.state === 'processed' ? 'PAID' : 'NOT_PAID');

/** An invoice in these states is the client's one active invoice in its project. */
export const invoiceIsActive = (i: Pick<Invoice, 'state'>): boolean => i.state === 'created' || i.state === 'authorized';

/** Work a job must do on the invoice next, and from when. */
export type InvoiceWork = { readonly kind: 'charge' | 'refund' | 'expire'; readonly at: string };

export function invoiceNextWork(i: Invoice): InvoiceWork | null {
  const neverCharged = i.transactions.length === 0;
  if (i.state === 'authorized' && neverCharged) return { kind: 'charge', at: i.createdAt };
  if (i.state === 'created' && i.authorizationType === 'BY_CONTRACT' && neverCharged) return { kind: 'charge', at: i.createdAt };
  if (i.state === 'processed' && i.refundStatus === 'processing') return { kind: 'refund', at: i.createdAt };
  if (invoiceIsActive(i)) return { kind: 'expire', at: i.expiresAt };
  return null;
}

export const invoiceDueAt = (i: Invoice): string | null => invoiceNextWork(i)?.at ?? null;

const apply = (invoice: Invoice, event: InvoiceMachineEvent, stamp: EventStamp) => applyToAggregate(invoiceMachine, invoice, event, invoiceEvents, stamp);

/** The answer to a refused command: its error, or the invoice as it is. */
const refused = (invoice: Invoice, command: Parameters<typeof invoiceRefusal>[1]) => {
  const refusal = invoiceRefusal(invoice, command);
  return { events: [], outcome: refusal === 'unchanged' ? ok(invoice) : refusal };
};

/** POST invoices/{id}/authorize: SMS_PIN invoices in Created only; three attempts. */
/** The PIN entered, as its digest (`PinDigests.digest(invoice.id, pin)`). */
export function enterInvoicePin(invoice: Invoice, pinDigest: string, stamp: EventStamp): Change<Invoice, Invoice, InvoiceEvent> {
  const applied = apply(invoice, { type: 'PIN', pinDigest }, stamp);
  if (!applied) return refused(invoice, 'PIN');
  const { next, events } = applied;
  if (next.state === 'authorized') return { next, events, outcome: ok(next) };
  const left = MAX_PIN_ATTEMPTS - next.pinAttempts;
  const outcome = left > 0 ? fail('INVOICE_NOT_AUTHORIZED', `Wrong PIN code; attempts left: ${left}`, { attempts_left: left }) : fail('INVOICE_AUTH_ATTEMPTS_EXCEEDED');
  return { next, events, outcome };
}

/** POST invoices/{id}/cancel. Cancelling a cancelled invoice answers as before; a paid one refuses. */
export function cancelInvoice(invoice: Invoice, stamp: EventStamp): Change<Invoice, Invoice, InvoiceEvent> {
  const applied = apply(invoice, { type: 'CANCEL' }, stamp);
  if (!applied) return refused(invoice, 'CANCEL');
  return { ...applied, outcome: ok(applied.next) };
}

/** Whether a charge may begin now: the machine's answer to CHARGE. */
export function invoiceIsChargeable(invoice: Invoice): boolean {
  const { state: _s, version: _v, ...fields } = invoice;
  return machineAccepts(invoiceMachine, invoice.state, fields, { type: 'CHARGE' });
}

/** The transaction a charge outcome becomes: numbered after the ones before it. */
export function transactionFor(invoice: Invoice, outcome: ChargeOutcome, id: string, now: string): Transaction {
  const paid = outcome.status === 'SUCCESS';
  const zero = { minor: 0, currency: invoice.price.currency };
  return {
    id,
    partNumber: 1,
    sequenceNumber: invoice.transactions.length + 1,
    status: outcome.status,
    resultCode: outcome.resultCode,
    resultDescription: outcome.resultDescription,
    paidAt: paid ? now : null,
    price: invoice.price,
    partnerProfit: paid ? invoice.price : zero,
    totalPaid: paid ? invoice.price : zero,
    totalRemaining: paid ? zero : invoice.price,
    billingChannel: outcome.billingChannel,
    serviceNumber: outcome.serviceNumber,
  };
}

/** Records a charge attempt: SUCCESS makes the invoice Processed/PAID, FAILED leaves its status. */
export function recordCharge(invoice: Invoice, transaction: Transaction, stamp: EventStamp): Change<Invoice, Transaction, InvoiceEvent> {
  const type = transaction.status === 'SUCCESS' ? 'CHARGE_SUCCEEDED' : 'CHARGE_FAILED';
  const applied = apply(invoice, { type, transaction }, stamp);
  if (!applied) {
    const refusal = invoiceRefusal(invoice, type);
    return { events: [], outcome: refusal === 'unchanged' ? ok(transaction) : refusal };
  }
  return { ...applied, outcome: ok(transaction) };
}

/** POST invoices/{id}/refund: only from PAID. A repeated refund answers with the refund under way. */
export function requestRefund(invoice: Invoice, stamp: EventStamp): Change<Invoice, Invoice, InvoiceEvent> {
  const applied = apply(invoice, { type: 'REFUND' }, stamp);
  if (!applied) return refused(invoice, 'REFUND');
  return { ...applied, outcome: ok(applied.next) };
}

/** The refund finished at the gateway: refund_status completed, and the refund notification. */
export function completeRefund(invoice: Invoice, stamp: EventStamp): Change<Invoice, boolean, InvoiceEvent> {
  const applied = apply(invoice, { type: 'REFUND_COMPLETED' }, stamp);
  if (!applied) return { events: [], outcome: ok(false) };
  return { ...applied, outcome: ok(true) };
}

/** The gateway refused the refund: refund_status failed, and the refund's notification says so. */
export function failRefund(invoice: Invoice, refusal: { readonly resultCode: number; readonly resultDescription: string }, stamp: EventStamp): Change<Invoice, boolean, InvoiceEvent> {
  const applied = apply(invoice, { type: 'REFUND_FAILED', ...refusal }, stamp);
  if (!applied) return { events: [], outcome: ok(false) };
  return { ...applied, outcome: ok(true) };
}

/** Expiry of an unpaid invoice: it becomes Cancelled once expires_at is reached. */
export function expireInvoice(invoice: Invoice, stamp: EventStamp): Change<Invoice, boolean, InvoiceEvent> {
  const applied = apply(invoice, { type: 'EXPIRE', now: stamp.now }, stamp);
  if (!applied) return { events: [], outcome: ok(false) };
  return { ...applied, outcome: ok(true) };
}
