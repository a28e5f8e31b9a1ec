import type { DeliveryFilter, DeliverySearch, DeliveryState, WebhookDeliveryRepository } from '@kassa-payments/domain';
import type { SaveResult } from '@kassa-payments/domain';
import { deliveryLifecycle, type WebhookDelivery } from '@kassa-payments/domain';
import { comesAfter, NewestFirstIndex, pageOf } from './newest-first-index.js';
import { InMemoryDocuments } from './in-memory-documents.js';
import type { Journal } from './journal.js';
import { StateCounts } from './state-counts.js';

const newestFirst = (a: WebhookDelivery, b: WebhookDelivery) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export class InMemoryWebhookDeliveryRepository implements WebhookDeliveryRepository {
  readonly documents: InMemoryDocuments<WebhookDelivery>;
  /** A project's deliveries newest first, for its pages (rebuilt from the documents at start). */
  private readonly newest = new NewestFirstIndex();
  /** Each event's deliveries (one per endpoint), for its timeline. */
  private readonly byEvent = new Map<string, Set<string>>();
  /** Each webhook endpoint's deliveries, for `?endpoint_id=`. */
  private readonly byEndpoint = new Map<string, Set<string>>();
  /** How many are in each state, for the metrics' gauges: a scrape reads numbers, not deliveries. */
  private readonly states = new StateCounts<DeliveryState>();

  /** With a `journal`, the deliveries survive a restart. */
  constructor(journal?: Journal) {
    this.documents = new InMemoryDocuments<WebhookDelivery>(deliveryLifecycle, journal, 'webhook-deliveries');
    for (const d of this.documents.filter(() => true)) this.remember(d);
  }

  private remember(d: WebhookDelivery): void {
    this.newest.add(d.projectId, d.createdAt, d.id);
    this.byEvent.set(d.eventId, (this.byEvent.get(d.eventId) ?? new Set()).add(d.id));
    if (d.endpointId !== undefined) this.byEndpoint.set(d.endpointId, (this.byEndpoint.get(d.endpointId) ?? new Set()).add(d.id));
    this.states.set(d.id, d.state);
  }

  async create(delivery: WebhookDelivery): Promise<'created' | 'exists'> {
    if (this.documents.peek(delivery.id)) return 'exists';
    this.documents.insert(delivery, []);
    this.remember(delivery);
    return 'created';
  }

  async get(projectId: number, deliveryId: string) {
    return this.documents.get(projectId, deliveryId);
  }

  async save(delivery: WebhookDelivery): Promise<SaveResult> {
    const result = this.documents.replace(delivery, []);
    if (result.ok) this.states.set(delivery.id, delivery.state);
    return result;
  }

  async findDue(now: string, limit: number, testClockId?: string) {
    return this.documents.due(now, limit, testClockId);
  }

  /** Evicts deliveries that finished (succeeded or dead: their last attempt) before `before` (the retention). */
  evictFinishedBefore(before: string): number {
    return this.forget(this.documents.evict(before, (d) => (d.attempts.at(-1)?.at ?? d.createdAt) < before));
  }

  /** Removes a project's deliveries (the test environment's reset); answers how many. */
  removeProject(projectId: number): number {
    return this.forget(this.documents.filter((d) => d.projectId === projectId).filter((d) => this.documents.remove(projectId, d.id)));
  }

  /** Removes a project's deliveries of events on a test clock; answers how many. */
  removeOnClock(projectId: number, testClockId: string): number {
    return this.forget(this.documents.removeOnClock(projectId, testClockId));
  }

  private forget(removed: readonly WebhookDelivery[]): number {
    for (const d of removed) {
      this.newest.remove(d.projectId, d.createdAt, d.id);
      this.states.delete(d.id);
      const ids = this.byEvent.get(d.eventId);
      ids?.delete(d.id);
      if (ids?.size === 0) this.byEvent.delete(d.eventId);
      if (d.endpointId !== undefined) {
        const toEndpoint = this.byEndpoint.get(d.endpointId);
        toEndpoint?.delete(d.id);
        if (toEndpoint?.size === 0) this.byEndpoint.delete(d.endpointId);
      }
    }
    return removed.length;
  }

  async list(projectId: number, filter: DeliveryFilter, limit: number) {
    // An event's deliveries by the event, an endpoint's by the endpoint, not by a walk.
    const of = filter.eventId !== undefined ? this.byEvent.get(filter.eventId) : filter.endpointId !== undefined ? this.byEndpoint.get(filter.endpointId) : undefined;
    if (filter.eventId !== undefined || filter.endpointId !== undefined) {
      return [...(of ?? [])]
        .map((id) => this.documents.get(projectId, id))
        .filter(
          (d): d is WebhookDelivery =>
            d !== undefined &&
            (filter.state === undefined || d.state === filter.state) &&
            (filter.endpointId === undefined || d.endpointId === filter.endpointId) &&
            (filter.eventId === undefined || d.eventId === filter.eventId) &&
            comesAfter(d, filter.after),
        )
        .sort(newestFirst)
        .slice(0, limit);
    }
    return pageOf(this.newest, projectId, { ...(filter.state === undefined ? {} : { state: filter.state }), ...(filter.after ? { after: filter.after } : {}) }, limit, (id) =>
      this.documents.get(projectId, id),
    );
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
    return this.states.count(state);
  }
}
