import type { RequestContext } from '../../ports/request-context.port.js';
import { requestRefund, type Invoice } from '../invoice.js';
import type { DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { notFound, onInvoice, type InvoicePorts, type InvoiceRef } from './invoice-command.js';

/** POST /invoices/{id}/refund: 202 processing; the gateway's refund runs as a job (the lifecycle's next work). */
export class RefundInvoice {
  constructor(private readonly ports: InvoicePorts) {}

  execute(input: InvoiceRef, context?: RequestContext): Promise<Result<Invoice, DomainError>> {
    return onInvoice(this.ports, input, notFound(), requestRefund, context);
  }
}
