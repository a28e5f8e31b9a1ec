import type { Invoice } from '../invoice/invoice.js';
import type { KassaPorts } from '../ports/kassa-ports.js';
import type { DomainError } from '../shared/errors.js';
import { ok, type Result } from '../shared/result.js';
import { notFound } from './invoice-command.js';

/** GET /invoices?merchant_order_id=...: the transport masks the msisdn. */
export class FindInvoiceByOrderId {
  constructor(private readonly ports: Pick<KassaPorts, 'invoices'>) {}

  async execute(input: { readonly projectId: number; readonly merchantOrderId: string }): Promise<Result<Invoice, DomainError>> {
    const invoice = await this.ports.invoices.findByMerchantOrderId(input.projectId, input.merchantOrderId);
    return invoice ? ok(invoice) : notFound();
  }
}
