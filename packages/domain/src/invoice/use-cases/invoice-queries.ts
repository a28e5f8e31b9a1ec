import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { InvoiceFilter } from '../../ports/invoice-repository.port.js';
import type { PaymentTotals, TimeRange } from '../../ports/event-log.port.js';
import { pageSize } from '../../application/page-size.js';
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

/** A project's invoices, newest first, a page at a time (the dashboard's list). */
export class ListInvoices {
  constructor(private readonly ports: Pick<KassaPorts, 'invoices'>) {}

  execute(input: { readonly projectId: number; readonly filter: InvoiceFilter; readonly limit?: number }): Promise<Invoice[]> {
    return this.ports.invoices.list(input.projectId, input.filter, pageSize(input.limit));
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

/**
 * The most events of each kind (charges, refunds) the sums read: a month of a busy project stays one
 * bounded read; past it the sums are a lower bound, and say so (`partial`).
 */
export const PAYMENT_TOTALS_LIMIT = 100_000;

/** What a project's invoices took and gave back over a time range, by currency (the dashboard's overview). */
export class SumPayments {
  constructor(private readonly ports: Pick<KassaPorts, 'events'>) {}

  execute(input: { readonly projectId: number; readonly range: TimeRange }): Promise<PaymentTotals> {
    return this.ports.events.sumPayments(input.projectId, input.range, PAYMENT_TOTALS_LIMIT);
  }
}
