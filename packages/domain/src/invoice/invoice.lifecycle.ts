import { dueWhenWorkIs, type DueWork, type Lifecycle } from '../shared/lifecycle.js';
import { statesTagged } from '../shared/machine-step.js';
import type { Invoice } from './invoice.fields.js';
import { invoiceMachine } from './invoice.machine.js';
import { invoiceRefusal, type InvoiceRefusable } from './invoice.refusals.js';

/** The invoice's jobs: its charge (once a PIN confirmed it, or under a contract), its refund, its expiry. */
export type InvoiceJob = 'invoice.charge' | 'invoice.refund' | 'invoice.expire';

const LIVE = statesTagged(invoiceMachine, 'live');

/** Created or authorized (the machine's `live` states): the client's one active invoice in its project. */
const isLive = (i: Pick<Invoice, 'state'>): boolean => LIVE.has(i.state);

/**
 * A job charges an invoice once: after its PIN, or at once under a contract (a declined charge is not
 * retried by a job; the payer of a card invoice pays on the page). A refund under way is the next
 * job's; a live invoice otherwise expires at its expires_at.
 */
function nextWork(i: Invoice): DueWork<InvoiceJob> | null {
  const neverCharged = i.transactions.length === 0;
  if (i.state === 'authorized' && neverCharged) return { job: 'invoice.charge', at: i.createdAt };
  if (i.state === 'created' && i.authorizationType === 'BY_CONTRACT' && neverCharged) return { job: 'invoice.charge', at: i.createdAt };
  if (i.state === 'processed' && i.refundStatus === 'processing') return { job: 'invoice.refund', at: i.createdAt };
  if (isLive(i)) return { job: 'invoice.expire', at: i.expiresAt };
  return null;
}

/** The invoice lifecycle (see `Lifecycle`): storage and scheduling read it here. */
export const invoiceLifecycle = {
  machine: invoiceMachine,
  refusal: invoiceRefusal,
  isLive,
  nextWork,
  dueAt: dueWhenWorkIs(nextWork),
} satisfies Lifecycle<Invoice, InvoiceJob, InvoiceRefusable>;

/** Whether the invoice's next work is a job's charge (the charge a job may make). */
export const awaitsChargeJob = (i: Invoice): boolean => nextWork(i)?.job === 'invoice.charge';
