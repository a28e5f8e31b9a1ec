import { cancelInvoice, type Invoice } from '../invoice/invoice.js';
import type { DomainError } from '../shared/errors.js';
import type { Result } from '../shared/result.js';
import { notFound, onInvoice, type InvoicePorts, type InvoiceRef } from './invoice-command.js';

/** POST /invoices/{id}/cancel. */
export class CancelInvoice {
  constructor(private readonly ports: InvoicePorts) {}

  execute(input: InvoiceRef): Promise<Result<Invoice, DomainError>> {
    return onInvoice(this.ports, input, notFound(), cancelInvoice);
  }
}
