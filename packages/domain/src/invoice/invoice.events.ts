import type { Customer } from '../shared/customer.js';
import { recordedActions, stamped, type EventEnvelope, type EventStamp } from '../shared/events.js';
import type { Money } from '../shared/money.js';
import type { Invoice, InvoiceState } from './invoice.fields.js';
import type { Transaction } from './transaction.js';

/** What every invoice event says of the invoice at that moment. */
interface InvoiceFacts {
  readonly merchantOrderId: string;
  readonly invoiceState: InvoiceState;
  readonly customer: Customer;
  /** The test environment's test_info.callback_url (allowed only for flagged partners): told too. */
  readonly testCallbackUrl: string | null;
}

/** A charge attempt on the invoice, successful or not: the outcome is the state and the transaction. */
export interface PaymentUpdated extends EventEnvelope<'invoice'>, InvoiceFacts {
  readonly type: 'PaymentUpdated';
  readonly transaction: Transaction;
}

/** The refund of a paid invoice finished at the gateway. */
export interface RefundCompleted extends EventEnvelope<'invoice'>, InvoiceFacts {
  readonly type: 'RefundCompleted';
  readonly amount: Money;
}

export type InvoiceEvent = PaymentUpdated | RefundCompleted;

const facts = (i: Invoice): InvoiceFacts => ({ merchantOrderId: i.merchantOrderId, invoiceState: i.state, customer: i.customer, testCallbackUrl: i.testInfo?.callbackUrl ?? null });

/** Each recording action of the invoice machine and the event it records (exhaustive over those actions). */
const RECORDERS = {
  recordPaymentUpdated: (i: Invoice, s: EventStamp): PaymentUpdated | undefined => {
    const transaction = i.transactions.at(-1);
    return transaction && stamped('invoice', i, { type: 'PaymentUpdated', ...facts(i), transaction }, s);
  },
  recordRefundCompleted: (i: Invoice, s: EventStamp): RefundCompleted => stamped('invoice', i, { type: 'RefundCompleted', ...facts(i), amount: i.price }, s),
} as const;

export type InvoiceRecordAction = keyof typeof RECORDERS;

/** The recording actions this file turns into events: a test holds them equal to the machine's `record*` actions. */
export const INVOICE_RECORD_ACTIONS = Object.keys(RECORDERS) as InvoiceRecordAction[];

/** The events a step of the invoice machine recorded, from the actions it asked for. */
export function invoiceEvents(invoice: Invoice, actions: readonly string[], stamp: EventStamp): InvoiceEvent[] {
  return recordedActions(actions, RECORDERS).flatMap((action) => RECORDERS[action](invoice, stamp) ?? []);
}
