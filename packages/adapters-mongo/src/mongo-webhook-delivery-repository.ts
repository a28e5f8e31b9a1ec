import { deliveryDueAt, saved, versionConflict, type DeliveryFilter, type SaveResult, type WebhookDelivery, type WebhookDeliveryRepository } from '@kassa/domain';
import { fromDocument, toDocument } from './documents.js';
import { isDuplicateKey } from './mongo-errors.js';
import type { CurrentDocument, VersionedCollection } from './versioned-collection.js';

const DERIVED = ['dueAt'] as const;
const derived = (d: WebhookDelivery) => ({ dueAt: deliveryDueAt(d) });
const toDelivery = (doc: CurrentDocument) => fromDocument<WebhookDelivery>(doc, DERIVED);

/** Deliveries as versioned documents: creation is idempotent on the deterministic `_id`. */
export class MongoWebhookDeliveryRepository implements WebhookDeliveryRepository {
  constructor(private readonly deliveries: VersionedCollection) {}

  async create(delivery: WebhookDelivery): Promise<'created' | 'exists'> {
    try {
      await this.deliveries.insert(toDocument(delivery, derived(delivery)), []);
      return 'created';
    } catch (e) {
      if (isDuplicateKey(e)) return 'exists';
      throw e;
    }
  }

  async get(projectId: number, deliveryId: string): Promise<WebhookDelivery | undefined> {
    const doc = await this.deliveries.load(deliveryId);
    return doc && doc['projectId'] === projectId ? toDelivery(doc) : undefined;
  }

  async save(delivery: WebhookDelivery): Promise<SaveResult> {
    return (await this.deliveries.save(toDocument(delivery, derived(delivery)), [])) ? saved() : versionConflict();
  }

  async findDue(now: string, limit: number): Promise<WebhookDelivery[]> {
    return (await this.deliveries.due(now, limit)).map(toDelivery);
  }

  async list(projectId: number, filter: DeliveryFilter, limit: number): Promise<WebhookDelivery[]> {
    const query = { projectId, ...(filter.state ? { state: filter.state } : {}), ...(filter.eventId ? { eventId: filter.eventId } : {}) };
    const stillMatches = (d: CurrentDocument) => (filter.state === undefined || d['state'] === filter.state) && (filter.eventId === undefined || d['eventId'] === filter.eventId);
    return (await this.deliveries.find(query, { createdAt: -1, _id: -1 }, limit, stillMatches)).map(toDelivery);
  }
}
