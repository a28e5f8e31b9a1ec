import type { RequestContext } from '../../ports/request-context.port.js';
import { chargeRun, expireInvoice, invoiceLifecycle, recordCharge, transactionFor, type ChargeTrigger, type Invoice, type InvoiceEvent } from '../invoice.js';
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
  readonly trigger: ChargeTrigger;
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
    const { invoices, gateway, ids } = this.ports;
    return retryOnConflict(async () => {
      const invoice = await invoices.get(input.projectId, input.invoiceId);
      if (!invoice) return ok(null);
      const run = chargeRun(invoice, input.trigger, (await this.ports.time.now(invoice)).toISOString());
      if (run === 'nothing') return ok(null);
      if (run === 'expire') {
        const expired = expireInvoice(invoice, await stampFor(this.ports, invoice, context));
        return (await this.save(invoice, expired, context)) ? ok(null) : RETRY;
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
      return (await this.save(invoice, change, context)) ? change.outcome : RETRY;
    });
  }

  /** Saves what changed (a change with nothing to save counts as saved) and asks for what falls due next; false on a lost race. */
  private async save(before: Invoice, change: { readonly next?: Invoice; readonly events: readonly InvoiceEvent[] }, context: RequestContext | undefined): Promise<boolean> {
    const { next } = change;
    return !next || (await saveAndSchedule(this.ports.scheduler, invoiceLifecycle, before, next, this.ports.invoices.save(next, change.events), context)).ok;
  }
}
