import { completeRefund } from '../invoice.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { onInvoice, type InvoicePorts, type InvoiceRef } from './invoice-command.js';

/** Job: refunds at the gateway, then records refund_status completed and the refund notification. */
export class CompleteRefund {
  constructor(private readonly ports: InvoicePorts & Pick<KassaPorts, 'gateway'>) {}

  async execute(input: InvoiceRef): Promise<Result<boolean, DomainError>> {
    const invoice = await this.ports.invoices.get(input.projectId, input.invoiceId);
    if (invoice?.refundStatus !== 'processing') return ok(false);
    await this.ports.gateway.refund({ idempotencyKey: `refund-${invoice.id}`, projectId: invoice.projectId, amount: invoice.price });
    return onInvoice(this.ports, input, ok(false), completeRefund);
  }
}
