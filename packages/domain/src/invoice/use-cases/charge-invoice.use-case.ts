import type { RequestContext } from '../../ports/request-context.port.js';
import { expireInvoice, invoiceIsChargeable, recordCharge, transactionFor } from '../invoice.js';
import { isAtOrAfter } from '../../shared/time.js';
import { awaitsChargeJob, invoiceLifecycle } from '../invoice.lifecycle.js';
import type { Transaction } from '../transaction.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { PaymentCard } from '../../shared/payment-card.js';
import type { PagePaymentMethod } from '../../shared/payment-methods.js';
import type { DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { stampFor } from '../../application/event-stamp.js';
import type { InvoiceRef } from './invoice-command.js';
import { retryOnConflict, RETRY } from '../../application/retry-on-conflict.js';
import { saveAndSchedule } from '../../application/save-and-schedule.js';

export interface ChargeInvoiceInput extends InvoiceRef {
  /**
   * `job`: the charge after creation (under a contract) or after the PIN, made once.
   * `payment-page`: the payer paying an AUTH_PAGE invoice, again after a decline if they like.
   */
  readonly trigger: 'job' | 'payment-page';
  /** The payment page's method, and the card typed there (for this charge only; never stored). */
  readonly method?: PagePaymentMethod;
  readonly card?: PaymentCard;
  /** The sandbox's simulated outcome (SimulatePayment, the test environment only): above test_info's. */
  readonly testOutcome?: 'success' | 'failure';
}

/**
 * Charges an invoice at the gateway and records the transaction. ok(null) when there is nothing to
 * charge (already paid, cancelled, or charged once by a job). The gateway's idempotency key is the
 * invoice id and the attempt's sequence number, so a duplicated or retried run never charges twice.
 */
export class ChargeInvoice {
  constructor(private readonly ports: Pick<KassaPorts, 'invoices' | 'gateway' | 'clock' | 'ids' | 'scheduler' | 'time'>) {}

  execute(input: ChargeInvoiceInput, context?: RequestContext): Promise<Result<Transaction | null, DomainError>> {
    const { invoices, gateway, ids, scheduler } = this.ports;
    return retryOnConflict(async () => {
      const invoice = await invoices.get(input.projectId, input.invoiceId);
      if (!invoice || !invoiceIsChargeable(invoice)) return ok(null);
      if (input.trigger === 'job' && !awaitsChargeJob(invoice)) return ok(null);
      // A charge job still running at the invoice's expiry (its gateway down since, retried by the
      // sweep) expires it instead: no late charge, and the client's one active invoice is freed.
      if (input.trigger === 'job' && isAtOrAfter((await this.ports.time.now(invoice)).toISOString(), invoice.expiresAt)) {
        const expired = expireInvoice(invoice, await stampFor(this.ports, invoice, context));
        if (expired.next && !(await saveAndSchedule(scheduler, invoiceLifecycle, invoice, expired.next, invoices.save(expired.next, expired.events), context)).ok) return RETRY;
        return ok(null);
      }
      const sequence = invoice.transactions.length + 1;
      const expected = invoice.testInfo?.expectedBillingResult;
      const outcome = await gateway.charge(
        {
          idempotencyKey: `${invoice.id}-${sequence}`,
          projectId: invoice.projectId,
          customer: invoice.customer,
          amount: invoice.price,
          ...(input.testOutcome ? { testOutcome: input.testOutcome } : expected ? { testOutcome: expected === 'FailedSequencePayment' ? 'failure' : 'success' } : {}),
          ...(input.method ? { method: input.method } : {}),
          ...(input.card ? { card: input.card } : {}),
        },
        context,
      );
      const stamp = await stampFor(this.ports, invoice, context);
      const change = recordCharge(invoice, transactionFor(invoice, outcome, ids.newId(), stamp.now), stamp);
      // A declined charge leaves the invoice live: its expiry is what falls due next.
      if (change.next && !(await saveAndSchedule(scheduler, invoiceLifecycle, invoice, change.next, invoices.save(change.next, change.events), context)).ok) return RETRY;
      return change.outcome;
    });
  }
}
