import type { Invoice, InvoiceState } from '../invoice/invoice.js';
import type { DomainEvent } from '../events/domain-event.js';
import type { CreateResult, SaveResult } from './save-result.js';
import type { PageFilter } from './list-page.port.js';

export type InvoiceKey = 'merchantOrderId' | 'activeInvoice';

/** What a listing of a project's invoices keeps (all of them when empty). */
export type InvoiceFilter = PageFilter<InvoiceState>;

/**
 * Stores invoices. Two unique keys: merchant_order_id per project (for good), and one active
 * invoice (`invoiceIsActive`) per client per project, released when the invoice is paid or
 * cancelled. Events ride in the same single-document write as the invoice (its outbox).
 */
export interface InvoiceRepository {
  get(projectId: number, invoiceId: string): Promise<Invoice | undefined>;
  findByMerchantOrderId(projectId: number, merchantOrderId: string): Promise<Invoice | undefined>;
  /**
   * The project's invoices, newest first (creation time, then id, both descending), that `filter`
   * keeps, at most `limit`: a page read from an index, whatever the project holds.
   */
  list(projectId: number, filter: InvoiceFilter, limit: number): Promise<Invoice[]>;
  /** Inserts a new invoice (version 1), or answers `duplicate` naming the key and its holder. */
  create(invoice: Invoice, events: readonly DomainEvent[]): Promise<CreateResult<InvoiceKey>>;
  /** Compare-and-set: writes only if the stored version is `invoice.version - 1`, else `conflict`. */
  save(invoice: Invoice, events: readonly DomainEvent[]): Promise<SaveResult>;
  /**
   * Invoices due (`invoiceLifecycle.dueAt`) at or before `now`, oldest due first. Without `testClockId`: only those on no test clock (a
   * clock's work runs in its own time, by its advance); with it: only that clock's.
   */
  findDue(now: string, limit: number, testClockId?: string): Promise<Invoice[]>;
}
