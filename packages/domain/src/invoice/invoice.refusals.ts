import { fail, type ErrorCode } from '../shared/errors.js';
import type { Refusal } from '../shared/lifecycle.js';
import type { Invoice, InvoiceState } from './invoice.fields.js';
import type { InvoiceMachineEvent } from './invoice.machine.js';

/** What a refusal means for the caller: an error, or "nothing to do" (answer the invoice as it is). */
type Answer = ErrorCode | 'unchanged';
/** The invoice's commands its machine may refuse. */
export type InvoiceRefusable = Extract<InvoiceMachineEvent['type'], 'PIN' | 'CANCEL' | 'REFUND' | 'CHARGE_SUCCEEDED' | 'CHARGE_FAILED'>;

/**
 * The machine decides what is possible; this names, by state and command, what its refusal answers.
 * In Created a PIN is refused either because the invoice takes none or because the attempts are used up.
 */
const REFUSALS: Record<InvoiceState, Partial<Record<InvoiceRefusable, Answer | ((i: Invoice) => Answer)>>> = {
  created: { PIN: (i) => (i.authorizationType === 'SMS_PIN' ? 'INVOICE_AUTH_ATTEMPTS_EXCEEDED' : 'INVOICE_WRONG_STATE'), REFUND: 'INVOICE_NOT_PAID' },
  authorized: { PIN: 'INVOICE_WRONG_STATE', REFUND: 'INVOICE_NOT_PAID' },
  processed: { PIN: 'INVOICE_WRONG_STATE', CANCEL: 'INVOICE_WRONG_STATE', REFUND: 'unchanged' },
  cancelled: { PIN: 'INVOICE_WRONG_STATE', CANCEL: 'unchanged', REFUND: 'INVOICE_NOT_PAID' },
};

/**
 * The spec's status words, as INVOICE_WRONG_STATE's message says them ("in status Authorize"): a
 * message of the domain's refusal. The transports' status fields map states in their own protocol.
 */
const STATUS_IN_MESSAGES: Record<InvoiceState, string> = { created: 'Created', authorized: 'Authorize', processed: 'Processed', cancelled: 'Cancelled' };

const ACTION: Record<InvoiceRefusable, string> = { PIN: 'authorize', CANCEL: 'cancel', REFUND: 'refund', CHARGE_SUCCEEDED: 'charge', CHARGE_FAILED: 'charge' };

/** The answer to a command the invoice's machine refused. */
export function invoiceRefusal(invoice: Invoice, command: InvoiceRefusable): Refusal {
  const entry = REFUSALS[invoice.state][command] ?? 'INVOICE_WRONG_STATE';
  const refusal = typeof entry === 'function' ? entry(invoice) : entry;
  if (refusal === 'unchanged') return refusal;
  if (refusal === 'INVOICE_WRONG_STATE') return fail(refusal, `Cannot ${ACTION[command]} an invoice in status ${STATUS_IN_MESSAGES[invoice.state]}`, { invoice_id: invoice.id });
  return refusal === 'INVOICE_NOT_PAID' ? fail(refusal, undefined, { invoice_id: invoice.id }) : fail(refusal);
}
