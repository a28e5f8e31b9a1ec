import type { RequestContext } from '../../ports/request-context.port.js';
import { completeRefund, failRefund, refundAwaited } from '../invoice.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { onInvoice, type InvoicePorts, type InvoiceRef } from './invoice-command.js';

/** Job: refunds at the gateway, then records refund_status completed (or failed, when the gateway refused) and the refund notification. */
export class CompleteRefund {
  constructor(private readonly ports: InvoicePorts & Pick<KassaPorts, 'gateway'>) {}

  async execute(input: InvoiceRef, context?: RequestContext): Promise<Result<boolean, DomainError>> {
    const invoice = await this.ports.invoices.get(input.projectId, input.invoiceId);
    if (!invoice || !refundAwaited(invoice)) return ok(false);
    // A refund asked for again after a refusal is a new refund at the gateway: a key of its own.
    const attempt = invoice.refundAttempts ?? 1;
    const key = attempt === 1 ? `refund-${invoice.id}` : `refund-${invoice.id}-${attempt}`;
    const outcome = await this.ports.gateway.refund({ idempotencyKey: key, projectId: invoice.projectId, amount: invoice.price, customer: invoice.customer }, context);
    if (outcome && outcome.status === 'FAILED') {
      const refusal = { resultCode: outcome.resultCode, resultDescription: outcome.resultDescription };
      return onInvoice(this.ports, input, ok(false), (i, stamp) => failRefund(i, refusal, stamp), context);
    }
    return onInvoice(this.ports, input, ok(false), completeRefund, context);
  }
}
