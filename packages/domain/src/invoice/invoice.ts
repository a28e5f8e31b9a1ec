export * from './invoice.fields.js';
import type { EventStamp } from '../shared/events.js';
import { appliedOrNot, appliedOrRefused, applyToAggregate, type Change } from '../shared/lifecycle.js';
import { machineAccepts } from '../shared/machine-step.js';
import { pinStep, type PinAnswers } from '../shared/pin-confirmation.js';
import { ok } from '../shared/result.js';
import { addSeconds } from '../shared/time.js';
import { invoiceEvents, type InvoiceEvent } from './invoice.events.js';
import type { Invoice, InvoiceFields, InvoiceState } from './invoice.fields.js';
import { invoiceLifecycle } from './invoice.lifecycle.js';
import { startInvoice, type InvoiceMachineEvent } from './invoice.machine.js';
import type { InvoiceRefusable } from './invoice.refusals.js';
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

/** Paid: its charge succeeded (a refund leaves it paid, with its refund status). */
export const invoiceIsPaid = (i: Pick<Invoice, 'state'>): boolean => i.state === 'processed';

const apply = (invoice: Invoice, event: InvoiceMachineEvent, stamp: EventStamp) => applyToAggregate(invoiceLifecycle.machine, invoice, event, invoiceEvents, stamp);
const refusal = (invoice: Invoice, command: InvoiceRefusable) => () => invoiceLifecycle.refusal(invoice, command);

const PIN_ANSWERS: PinAnswers = { wrong: 'INVOICE_NOT_AUTHORIZED', wording: 'Wrong PIN code', exhausted: 'INVOICE_AUTH_ATTEMPTS_EXCEEDED' };

/**
 * POST invoices/{id}/authorize: SMS_PIN invoices in Created only; three attempts. `pinDigest` is the
 * PIN entered, as its digest (`PinDigests.digest(invoice.id, pin)`).
 */
export function enterInvoicePin(invoice: Invoice, pinDigest: string, stamp: EventStamp): Change<Invoice, Invoice, InvoiceEvent> {
  const applied = apply(invoice, { type: 'PIN', pinDigest }, stamp);
  return pinStep(invoice, applied, (next) => next.state === 'authorized', PIN_ANSWERS, refusal(invoice, 'PIN'));
}

/** POST invoices/{id}/cancel. Cancelling a cancelled invoice answers as before; a paid one refuses. */
export function cancelInvoice(invoice: Invoice, stamp: EventStamp): Change<Invoice, Invoice, InvoiceEvent> {
  return appliedOrRefused(invoice, apply(invoice, { type: 'CANCEL' }, stamp), refusal(invoice, 'CANCEL'));
}

/** Whether a charge may begin now: the machine's answer to CHARGE. */
export function invoiceIsChargeable(invoice: Invoice): boolean {
  const { state: _s, version: _v, ...fields } = invoice;
  return machineAccepts(invoiceLifecycle.machine, invoice.state, fields, { type: 'CHARGE' });
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
  if (applied) return { ...applied, outcome: ok(transaction) };
  const refused = invoiceLifecycle.refusal(invoice, type);
  return { events: [], outcome: refused === 'unchanged' ? ok(transaction) : refused };
}

/** POST invoices/{id}/refund: only from PAID. A repeated refund answers with the refund under way. */
export function requestRefund(invoice: Invoice, stamp: EventStamp): Change<Invoice, Invoice, InvoiceEvent> {
  return appliedOrRefused(invoice, apply(invoice, { type: 'REFUND' }, stamp), refusal(invoice, 'REFUND'));
}

/** The refund finished at the gateway: refund_status completed, and the refund notification. */
export function completeRefund(invoice: Invoice, stamp: EventStamp): Change<Invoice, boolean, InvoiceEvent> {
  return appliedOrNot(apply(invoice, { type: 'REFUND_COMPLETED' }, stamp));
}

/** The gateway refused the refund: refund_status failed, and the refund's notification says so. */
export function failRefund(invoice: Invoice, refused: { readonly resultCode: number; readonly resultDescription: string }, stamp: EventStamp): Change<Invoice, boolean, InvoiceEvent> {
  return appliedOrNot(apply(invoice, { type: 'REFUND_FAILED', ...refused }, stamp));
}

/** Expiry of an unpaid invoice: it becomes Cancelled once expires_at is reached. */
export function expireInvoice(invoice: Invoice, stamp: EventStamp): Change<Invoice, boolean, InvoiceEvent> {
  return appliedOrNot(apply(invoice, { type: 'EXPIRE', now: stamp.now }, stamp));
}
