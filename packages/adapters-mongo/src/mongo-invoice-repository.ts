import type { Collection } from 'mongodb';
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
import { fieldsOf, fromDocument, type StoredDocument } from './documents.js';
import type { KeyLocks } from './key-lock.js';
import { isDuplicateKey, storage } from './mongo-errors.js';

export type InvoiceDocument = StoredDocument<Invoice, { clientKey: string; active: boolean; dueAt: string | null }>;
const DERIVED = ['clientKey', 'active', 'dueAt'] as const;

const derived = (i: Invoice) => ({ clientKey: customerKey(i.customer), active: invoiceIsActive(i), dueAt: invoiceDueAt(i) });
const activeKey = (i: Invoice) => JSON.stringify(['invoice', i.projectId, customerKey(i.customer)]);
const toInvoice = (doc: InvoiceDocument) => fromDocument<Invoice>(doc as unknown as Record<string, unknown>, DERIVED);

/**
 * Invoices in MongoDB. merchant_order_id per project is a unique index; the one active invoice per
 * client is a lock document, released when the invoice is paid or cancelled.
 */
export class MongoInvoiceRepository implements InvoiceRepository {
  constructor(
    private readonly invoices: Collection<InvoiceDocument>,
    private readonly locks: KeyLocks,
  ) {}

  async get(projectId: number, invoiceId: string): Promise<Invoice | undefined> {
    // By _id alone: every server answers that from the _id index (FerretDB scans on a compound filter).
    const doc = await storage(() => this.invoices.findOne({ _id: invoiceId }));
    if (doc?.projectId !== projectId) return undefined;
    return doc ? toInvoice(doc) : undefined;
  }

  async findByMerchantOrderId(projectId: number, merchantOrderId: string): Promise<Invoice | undefined> {
    const doc = await storage(() => this.invoices.findOne({ projectId, merchantOrderId }));
    return doc ? toInvoice(doc) : undefined;
  }

  async create(invoice: Invoice, events: readonly DomainEvent[]): Promise<CreateResult<InvoiceKey>> {
    const doc = { _id: invoice.id, ...fieldsOf(invoice, derived(invoice)), outbox: [...events], outboxCount: events.length } as InvoiceDocument;
    try {
      await storage(() => this.invoices.insertOne(doc));
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
      const holder = await this.findByMerchantOrderId(invoice.projectId, invoice.merchantOrderId);
      if (!holder) throw e;
      return duplicateKey('merchantOrderId', holder.id);
    }
    if (!invoiceIsActive(invoice)) return created();
    const holder = await this.locks.claim(activeKey(invoice), invoice.id, (id) => this.isActive(id));
    if (holder === undefined) return created();
    await storage(() => this.invoices.deleteOne({ _id: invoice.id }));
    return duplicateKey('activeInvoice', holder);
  }

  async save(invoice: Invoice, events: readonly DomainEvent[]): Promise<SaveResult> {
    const result = await storage(() =>
      this.invoices.updateOne(
        { _id: invoice.id, version: invoice.version - 1 },
        { $set: fieldsOf(invoice, derived(invoice)), $push: { outbox: { $each: [...events] } }, $inc: { outboxCount: events.length } },
      ),
    );
    if (result.matchedCount === 0) return versionConflict();
    if (!invoiceIsActive(invoice)) await this.locks.release(activeKey(invoice), invoice.id);
    return saved();
  }

  async findDue(now: string, limit: number): Promise<Invoice[]> {
    const docs = await storage(() => this.invoices.find({ dueAt: { $ne: null, $lte: now } }).sort({ dueAt: 1 }).limit(limit).toArray());
    return docs.map(toInvoice);
  }

  private async isActive(id: string): Promise<boolean> {
    const doc = await storage(() => this.invoices.findOne({ _id: id }, { projection: { active: 1 } }));
    return doc?.active === true;
  }
}
