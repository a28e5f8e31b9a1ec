import type { Customer } from '../shared/customer.js';
import { stamped, type EmittedPart, type EventEnvelope, type EventStamp } from '../shared/events.js';
import type { Money } from '../shared/money.js';
import type { Invoice, InvoiceState } from './invoice.fields.js';
import type { Transaction } from './transaction.js';

/** What every invoice event says of the invoice at that moment. */
export interface InvoiceFacts {
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

/** The gateway refused the refund of a paid invoice: the money stays with the merchant. */
export interface RefundFailed extends EventEnvelope<'invoice'>, InvoiceFacts {
  readonly type: 'RefundFailed';
  readonly amount: Money;
  readonly resultCode: number;
  readonly resultDescription: string;
}

export type InvoiceEvent = PaymentUpdated | RefundCompleted | RefundFailed;

/** What the invoice machine emits: each event's own facts (the charge's transaction, the refunded amount). */
export type InvoiceEmitted = EmittedPart<InvoiceEvent, InvoiceFacts>;

const facts = (i: Invoice): InvoiceFacts => ({ merchantOrderId: i.merchantOrderId, invoiceState: i.state, customer: i.customer, testCallbackUrl: i.testInfo?.callbackUrl ?? null });

/** The events of one step of the invoice machine: what it emitted, stamped, with the invoice's facts after the step. */
export function invoiceEvents(invoice: Invoice, emitted: readonly InvoiceEmitted[], stamp: EventStamp): InvoiceEvent[] {
  return emitted.map((e) => stamped('invoice', invoice, { ...facts(invoice), ...e }, stamp));
}
