import type { DeliveryFilter, DeliverySearch, DeliveryState, WebhookDeliveryRepository } from '@kassa/domain';
import type { SaveResult } from '@kassa/domain';
import { deliveryDueAt, type WebhookDelivery } from '@kassa/domain';
import { InMemoryDocuments } from './in-memory-documents.js';
import type { Journal } from './journal.js';

const newestFirst = (a: WebhookDelivery, b: WebhookDelivery) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export class InMemoryWebhookDeliveryRepository implements WebhookDeliveryRepository {
  readonly documents: InMemoryDocuments<WebhookDelivery>;

  /** With a `journal`, the deliveries survive a restart. */
  constructor(journal?: Journal) {
    this.documents = new InMemoryDocuments<WebhookDelivery>(deliveryDueAt, journal, 'webhook-deliveries');
  }

  async create(delivery: WebhookDelivery): Promise<'created' | 'exists'> {
    if (this.documents.peek(delivery.id)) return 'exists';
    this.documents.insert(delivery, []);
    return 'created';
  }

  async get(projectId: number, deliveryId: string) {
    return this.documents.get(projectId, deliveryId);
  }

  async save(delivery: WebhookDelivery): Promise<SaveResult> {
    return this.documents.replace(delivery, []);
  }

  async findDue(now: string, limit: number, testClockId?: string) {
    return this.documents.due(now, limit, testClockId);
  }

  /** Evicts deliveries that finished (succeeded or dead) before `before` (the retention). */
  evictFinishedBefore(before: string): number {
    return this.documents.evict(before, (d) => d.state !== 'pending' && (d.attempts.at(-1)?.at ?? d.createdAt) < before).length;
  }

  async list(projectId: number, filter: DeliveryFilter, limit: number) {
    return this.documents
      .filter((d) => d.projectId === projectId && (filter.state === undefined || d.state === filter.state) && (filter.eventId === undefined || d.eventId === filter.eventId))
      .sort(newestFirst)
      .slice(0, limit);
  }

  async search(filter: DeliverySearch, limit: number) {
    const { state, projectId, createdFrom, createdUntil, after } = filter;
    return this.documents
      .filter(
        (d) =>
          d.state === state &&
          (projectId === undefined || d.projectId === projectId) &&
          (createdFrom === undefined || d.createdAt >= createdFrom) &&
          (createdUntil === undefined || d.createdAt < createdUntil) &&
          (after === undefined || d.createdAt < after.createdAt || (d.createdAt === after.createdAt && d.id < after.id)),
      )
      .sort(newestFirst)
      .slice(0, limit);
  }

  async count(state: DeliveryState) {
    return this.documents.filter((d) => d.state === state).length;
  }
}
