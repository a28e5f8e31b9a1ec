import {
  created,
  customerKey,
  duplicateKey,
  invoiceLifecycle,
  saved,
  versionConflict,
  type CreateResult,
  type DomainEvent,
  type Invoice,
  type InvoiceFilter,
  type InvoiceKey,
  type InvoiceRepository,
  type SaveResult,
} from '@kassa-payments/domain';
import type { AggregateCollection } from './aggregate-collection.js';
import { StorageUnavailableError } from './mongo-errors.js';
import { CREATE_ATTEMPTS, duplicateField, liveKey } from './unique-keys.js';

const fields = (i: Invoice) => ({
  testClockId: i.testClockId,
  projectId: i.projectId,
  merchantOrderId: i.merchantOrderId,
  createdAt: i.createdAt,
  status: i.state,
  liveKey: liveKey(invoiceLifecycle.isLive(i), customerKey(i.customer, i.testClockId), i.id),
  dueAt: invoiceLifecycle.dueAt(i),
});

/**
 * Invoices in MongoDB: one document each. merchant_order_id is unique per project for good; the one
 * active invoice per client is `liveKey` (the client while `invoiceLifecycle.isLive`) under a unique
 * index, given back by the same update that pays, cancels or expires the invoice.
 */
export class MongoInvoiceRepository implements InvoiceRepository {
  constructor(private readonly invoices: AggregateCollection<Invoice>) {}

  async get(projectId: number, invoiceId: string): Promise<Invoice | undefined> {
    return this.invoices.get(projectId, invoiceId);
  }

  /** Newest first: creation time, then id, both descending, from the `project_newest_first` indexes. */
  async list(projectId: number, filter: InvoiceFilter, limit: number): Promise<Invoice[]> {
    return this.invoices.page(projectId, filter, limit);
  }

  async findByMerchantOrderId(projectId: number, merchantOrderId: string): Promise<Invoice | undefined> {
    return this.invoices.findOne({ projectId, merchantOrderId });
  }

  async create(invoice: Invoice, events: readonly DomainEvent[]): Promise<CreateResult<InvoiceKey>> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.invoices.insert(invoice, fields(invoice), events);
        return created();
      } catch (e) {
        const field = duplicateField(e);
        if (field === 'merchantOrderId') {
          const holder = await this.findByMerchantOrderId(invoice.projectId, invoice.merchantOrderId);
          if (holder) return duplicateKey('merchantOrderId', holder.id);
        } else if (field === 'liveKey') {
          const holder = await this.invoices.findOne({ projectId: invoice.projectId, liveKey: customerKey(invoice.customer, invoice.testClockId) });
          if (holder) return duplicateKey('activeInvoice', holder.id);
        } else {
          throw e;
        }
        // The holder gave the key back between the refused insert and the lookup: try again, a few times.
        if (attempt === CREATE_ATTEMPTS) throw new StorageUnavailableError(e);
      }
    }
  }

  async save(invoice: Invoice, events: readonly DomainEvent[]): Promise<SaveResult> {
    return (await this.invoices.save(invoice, fields(invoice), events)) ? saved() : versionConflict();
  }

  async findDue(now: string, limit: number, testClockId?: string): Promise<Invoice[]> {
    return this.invoices.due(now, limit, testClockId);
  }
}
