import {
  deliveryLifecycle,
  saved,
  versionConflict,
  type DeliveryFilter,
  type DeliverySearch,
  type DeliveryState,
  type SaveResult,
  type WebhookDelivery,
  type WebhookDeliveryRepository,
} from '@kassa-payments/domain';
import { type AggregateCollection, olderThan } from './aggregate-collection.js';
import { isDuplicateKey } from './mongo-errors.js';

/** When a delivery stopped needing work (its last attempt), or null while it is live (pending). */
const finishedAt = (d: WebhookDelivery): string | null => (deliveryLifecycle.isLive(d) ? null : (d.attempts.at(-1)?.at ?? d.createdAt));
const fields = (d: WebhookDelivery) => ({
  testClockId: d.testClockId,
  projectId: d.projectId,
  createdAt: d.createdAt,
  status: d.state,
  eventId: d.eventId,
  endpointId: d.endpointId,
  dueAt: deliveryLifecycle.dueAt(d),
  finishedAt: finishedAt(d),
});

/** Deliveries in MongoDB, one document each: creation is idempotent on the deterministic `_id`. */
export class MongoWebhookDeliveryRepository implements WebhookDeliveryRepository {
  constructor(private readonly deliveries: AggregateCollection<WebhookDelivery>) {}

  async create(delivery: WebhookDelivery): Promise<'created' | 'exists'> {
    try {
      await this.deliveries.insert(delivery, fields(delivery), []);
      return 'created';
    } catch (e) {
      if (isDuplicateKey(e)) return 'exists';
      throw e;
    }
  }

  async get(projectId: number, deliveryId: string): Promise<WebhookDelivery | undefined> {
    return this.deliveries.get(projectId, deliveryId);
  }

  async save(delivery: WebhookDelivery): Promise<SaveResult> {
    return (await this.deliveries.save(delivery, fields(delivery), [])) ? saved() : versionConflict();
  }

  async findDue(now: string, limit: number, testClockId?: string): Promise<WebhookDelivery[]> {
    return this.deliveries.due(now, limit, testClockId);
  }

  async list(projectId: number, filter: DeliveryFilter, limit: number): Promise<WebhookDelivery[]> {
    const query = {
      projectId,
      ...(filter.state ? { status: filter.state } : {}),
      ...(filter.eventId ? { eventId: filter.eventId } : {}),
      ...(filter.endpointId ? { endpointId: filter.endpointId } : {}),
      ...olderThan(filter.after),
    };
    return this.deliveries.find(query, { createdAt: -1, _id: -1 }, limit);
  }

  async search(filter: DeliverySearch, limit: number): Promise<WebhookDelivery[]> {
    const { state, projectId, createdFrom, createdUntil, after } = filter;
    const created = { ...(createdFrom === undefined ? {} : { $gte: createdFrom }), ...(createdUntil === undefined ? {} : { $lt: createdUntil }) };
    const query = {
      status: state,
      ...(projectId === undefined ? {} : { projectId }),
      ...(Object.keys(created).length > 0 ? { createdAt: created } : {}),
      ...olderThan(after),
    };
    return this.deliveries.find(query, { createdAt: -1, _id: -1 }, limit);
  }

  async count(state: DeliveryState): Promise<number> {
    return this.deliveries.count({ status: state });
  }

  /** Removes a project's deliveries (the test environment's reset). */
  async eraseProject(projectId: number): Promise<number> {
    return this.deliveries.deleteMany({ projectId });
  }

  /** Removes a project's deliveries of events on a test clock. */
  async eraseOnClock(projectId: number, testClockId: string): Promise<number> {
    return this.deliveries.deleteMany({ projectId, testClockId });
  }

  /** The BSON bytes of a project's deliveries on `testClockId`. */
  bytesOnClock(projectId: number, testClockId: string): Promise<number> {
    return this.deliveries.bytes({ projectId, testClockId });
  }

  /** Removes deliveries that finished (succeeded or dead) before `before`: the retention sweep. */
  async purgeFinishedBefore(before: string): Promise<number> {
    // A test clock's deliveries are in its time, not real time: they go with the clock (or a reset).
    return this.deliveries.deleteMany({ finishedAt: { $ne: null, $lt: before }, testClockId: null });
  }
}
