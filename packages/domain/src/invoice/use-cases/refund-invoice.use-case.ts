import { requestRefund, type Invoice } from '../invoice.js';
import type { DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { notFound, onInvoice, type InvoicePorts, type InvoiceRef } from './invoice-command.js';
import { clockOf, timeOf } from '../../application/clock-time.js';
import { scheduleSafely } from '../../jobs/schedule-safely.js';

/** POST /invoices/{id}/refund: 202 processing; the gateway's refund runs as a job. */
export class RefundInvoice {
  constructor(private readonly ports: InvoicePorts) {}

  async execute(input: InvoiceRef): Promise<Result<Invoice, DomainError>> {
    const result = await onInvoice(this.ports, input, notFound(), requestRefund);
    if (result.ok && result.value.refundStatus === 'processing') {
      await scheduleSafely(this.ports.scheduler, {
        name: 'invoice.refund',
        projectId: input.projectId,
        aggregateId: input.invoiceId,
        runAt: (await timeOf(this.ports, result.value)).toISOString(),
        ...clockOf(result.value),
      });
    }
    return result;
  }
}
