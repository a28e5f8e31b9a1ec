import {
  created,
  customerKey,
  duplicateKey,
  invoiceDueAt,
  invoiceIsActive,
  saved,
  versionConflict,
  type CreateResult,
  type DomainEvent,
  type Invoice,
  type InvoiceKey,
  type InvoiceRepository,
  type SaveResult,
} from '@kassa/domain';
import { fromDocument, toDocument } from './documents.js';
import { insertHoldingKey } from './insert-holding-key.js';
import type { KeyLocks } from './key-lock.js';
import { isDuplicateKey } from './mongo-errors.js';
import type { CurrentDocument, VersionedCollection } from './versioned-collection.js';

const DERIVED = ['clientKey', 'active', 'dueAt'] as const;
const derived = (i: Invoice) => ({ clientKey: customerKey(i.customer), active: invoiceIsActive(i), dueAt: invoiceDueAt(i) });
const activeKey = (i: Invoice) => JSON.stringify(['invoice', i.projectId, customerKey(i.customer)]);
const toInvoice = (doc: CurrentDocument) => fromDocument<Invoice>(doc, DERIVED);

/**
 * Invoices in MongoDB. merchant_order_id per project is a unique index; the one active invoice per
 * client is a lock document whose holder must be active to keep it.
 */
export class MongoInvoiceRepository implements InvoiceRepository {
  constructor(
    private readonly invoices: VersionedCollection,
    private readonly locks: KeyLocks,
  ) {}

  async get(projectId: number, invoiceId: string): Promise<Invoice | undefined> {
    const doc = await this.invoices.load(invoiceId);
    return doc && doc['projectId'] === projectId ? toInvoice(doc) : undefined;
  }

  async findByMerchantOrderId(projectId: number, merchantOrderId: string): Promise<Invoice | undefined> {
    const [doc] = await this.invoices.find({ projectId, merchantOrderId }, { _id: 1 }, 1, () => true);
    return doc ? toInvoice(doc) : undefined;
  }

  async create(invoice: Invoice, events: readonly DomainEvent[]): Promise<CreateResult<InvoiceKey>> {
    try {
      const holder = await insertHoldingKey(this.invoices, this.locks, toDocument(invoice, derived(invoice)), events, activeKey(invoice), 'active');
      return holder === undefined ? created() : duplicateKey('activeInvoice', holder);
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
      // The unique merchant_order_id index refused the insert.
      const holder = await this.findByMerchantOrderId(invoice.projectId, invoice.merchantOrderId);
      if (!holder) throw e;
      return duplicateKey('merchantOrderId', holder.id);
    }
  }

  async save(invoice: Invoice, events: readonly DomainEvent[]): Promise<SaveResult> {
    return (await this.invoices.save(toDocument(invoice, derived(invoice)), events)) ? saved() : versionConflict();
  }

  async findDue(now: string, limit: number): Promise<Invoice[]> {
    return (await this.invoices.due(now, limit)).map(toInvoice);
  }
}
