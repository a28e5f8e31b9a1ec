import type { Invoice } from '../invoice/invoice.js';
import type { KassaPorts } from '../ports/kassa-ports.js';
import type { DomainError } from '../shared/errors.js';
import { ok, type Result } from '../shared/result.js';
import { notFound, type InvoiceRef } from './invoice-command.js';

/** GET /invoices/{id}: the invoice with its transactions; another project's is not found. */
export class GetInvoice {
  constructor(private readonly ports: Pick<KassaPorts, 'invoices'>) {}

  async execute(input: InvoiceRef): Promise<Result<Invoice, DomainError>> {
    const invoice = await this.ports.invoices.get(input.projectId, input.invoiceId);
    return invoice ? ok(invoice) : notFound();
  }
}
