import { invoiceLifecycle, type Invoice } from '@kassa-payments/domain';
import type { InvoiceFilter, InvoiceKey, InvoiceRepository } from '@kassa-payments/domain';
import { created, duplicateKey, type CreateResult, type SaveResult } from '@kassa-payments/domain';
import { customerKey } from '@kassa-payments/domain';
import type { DomainEvent } from '@kassa-payments/domain';
import { InMemoryDocuments } from './in-memory-documents.js';
import { JournaledMap, type Journal } from './journal.js';
import { textValue } from './restored-checks.js';
import { NewestFirstIndex, pageOf } from './newest-first-index.js';

// The project id is a number, so the first '/' ends it: these keys cannot collide.
const orderKey = (projectId: number, merchantOrderId: string) => `${projectId}/${merchantOrderId}`;
const clientKey = (i: Invoice) => `${i.projectId}/${customerKey(i.customer, i.testClockId)}`;

/** Invoices in memory, with both unique keys: merchant_order_id, and one active invoice per client. */
export class InMemoryInvoiceRepository implements InvoiceRepository {
  readonly documents: InMemoryDocuments<Invoice>;
  private readonly orders: JournaledMap<string, string>;
  private readonly activeByClient: JournaledMap<string, string>;
  /** Newest-first listing per project (rebuilt from the documents at start). */
  private readonly newest = new NewestFirstIndex();

  /** With a `journal`, the invoices and their keys survive a restart. */
  constructor(journal?: Journal) {
    this.documents = new InMemoryDocuments<Invoice>(invoiceLifecycle, journal, 'invoices');
    this.orders = new JournaledMap<string, string>(journal, 'invoice-orders', textValue);
    this.activeByClient = new JournaledMap<string, string>(journal, 'invoice-active-clients', textValue);
    for (const i of this.documents.filter(() => true)) this.newest.add(i.projectId, i.createdAt, i.id);
  }

  async list(projectId: number, filter: InvoiceFilter, limit: number): Promise<Invoice[]> {
    return pageOf(this.newest, projectId, filter, limit, (id) => this.documents.get(projectId, id));
  }

  async get(projectId: number, invoiceId: string) {
    return this.documents.get(projectId, invoiceId);
  }

  async findByMerchantOrderId(projectId: number, merchantOrderId: string) {
    const id = this.orders.get(orderKey(projectId, merchantOrderId));
    return id === undefined ? undefined : this.documents.get(projectId, id);
  }

  async create(invoice: Invoice, events: readonly DomainEvent[]): Promise<CreateResult<InvoiceKey>> {
    const order = orderKey(invoice.projectId, invoice.merchantOrderId);
    const orderHolder = this.orders.get(order);
    if (orderHolder !== undefined) return duplicateKey('merchantOrderId', orderHolder);
    const client = clientKey(invoice);
    const clientHolder = this.activeHolder(client);
    if (clientHolder) return duplicateKey('activeInvoice', clientHolder.id);
    this.documents.insert(invoice, events);
    this.newest.add(invoice.projectId, invoice.createdAt, invoice.id);
    this.orders.set(order, invoice.id);
    if (invoiceLifecycle.isLive(invoice)) this.activeByClient.set(client, invoice.id);
    return created();
  }

  async save(invoice: Invoice, events: readonly DomainEvent[]): Promise<SaveResult> {
    const result = this.documents.replace(invoice, events);
    const key = clientKey(invoice);
    if (result.ok && !invoiceLifecycle.isLive(invoice) && this.activeByClient.get(key) === invoice.id) this.activeByClient.delete(key);
    return result;
  }

  async findDue(now: string, limit: number, testClockId?: string) {
    return this.documents.due(now, limit, testClockId);
  }

  /** Removes a project's invoices and their keys (the test environment's reset); answers how many. */
  removeProject(projectId: number): number {
    this.newest.removeProject(projectId);
    const prefix = `${projectId}/`;
    for (const keys of [this.orders, this.activeByClient]) for (const key of keys.keys()) if (key.startsWith(prefix)) keys.delete(key);
    return this.documents.removeProject(projectId);
  }

  /** Removes the project's invoices on a test clock, with their keys; answers how many. */
  removeOnClock(projectId: number, testClockId: string): number {
    const removed = this.documents.removeOnClock(projectId, testClockId);
    for (const i of removed) {
      this.newest.remove(i.projectId, i.createdAt, i.id);
      if (this.orders.get(orderKey(i.projectId, i.merchantOrderId)) === i.id) this.orders.delete(orderKey(i.projectId, i.merchantOrderId));
      if (this.activeByClient.get(clientKey(i)) === i.id) this.activeByClient.delete(clientKey(i));
    }
    return removed.length;
  }

  /**
   * Evicts finished invoices (no longer active, nothing due: no refund under way) whose last change
   * was before `before`, with their merchant_order_id: in memory, the retention bounds that key too
   * (MongoDB keeps invoices, so there it stays unique for good).
   */
  evictFinishedBefore(before: string): number {
    const removed = this.documents.evict(before);
    for (const i of removed) this.newest.remove(i.projectId, i.createdAt, i.id);
    for (const i of removed) if (this.orders.get(orderKey(i.projectId, i.merchantOrderId)) === i.id) this.orders.delete(orderKey(i.projectId, i.merchantOrderId));
    return removed.length;
  }

  private activeHolder(key: string): Invoice | undefined {
    const id = this.activeByClient.get(key);
    const holder = id === undefined ? undefined : this.documents.peek(id);
    return holder && invoiceLifecycle.isLive(holder) ? holder : undefined;
  }
}
