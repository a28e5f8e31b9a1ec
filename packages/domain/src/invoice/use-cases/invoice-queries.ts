import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import type { Invoice } from '../invoice.js';
import { notFound, type InvoiceRef } from './invoice-command.js';

/** GET /invoices/{id}: the invoice with its transactions; another project's is not found. */
export class GetInvoice {
  constructor(private readonly ports: Pick<KassaPorts, 'invoices'>) {}

  async execute(input: InvoiceRef): Promise<Result<Invoice, DomainError>> {
    const invoice = await this.ports.invoices.get(input.projectId, input.invoiceId);
    return invoice ? ok(invoice) : notFound();
  }
}

/** GET /invoices?merchant_order_id=...: the transport masks the msisdn. */
export class FindInvoiceByOrderId {
  constructor(private readonly ports: Pick<KassaPorts, 'invoices'>) {}

  async execute(input: { readonly projectId: number; readonly merchantOrderId: string }): Promise<Result<Invoice, DomainError>> {
    const invoice = await this.ports.invoices.findByMerchantOrderId(input.projectId, input.merchantOrderId);
    return invoice ? ok(invoice) : notFound();
  }
}
