import type { ListCursor } from './list-page.port.js';
import type { DeliveryState, WebhookDelivery } from '../webhook/webhook-delivery.js';
import type { SaveResult } from './save-result.js';

/** Which deliveries of a project to list. */
export interface DeliveryFilter {
  readonly state?: DeliveryState;
  readonly eventId?: string;
  /** Only the deliveries to this webhook endpoint. */
  readonly endpointId?: string;
  /** A page's cursor: only deliveries after this one in newest-first order (older, or as old with a smaller id). */
  readonly after?: ListCursor;
}

/** Deliveries of every project in one state (the operators' view), optionally of one project and created in [createdFrom, createdUntil). */
export interface DeliverySearch {
  readonly state: DeliveryState;
  readonly projectId?: number;
  readonly createdFrom?: string;
  readonly createdUntil?: string;
  /** A page's cursor, as `DeliveryFilter.after`. */
  readonly after?: ListCursor;
}

/**
 * Stores webhook deliveries, one per (event, endpoint). `create` is idempotent on the delivery's
 * id (deterministic from the event and the endpoint): a second create of the same id writes nothing
 * and answers `exists`, so a relay that runs twice makes one delivery. `save` is compare-and-set on
 * `version`. `findDue` gives pending deliveries whose next attempt is due, oldest due first.
 */
export interface WebhookDeliveryRepository {
  create(delivery: WebhookDelivery): Promise<'created' | 'exists'>;
  get(projectId: number, deliveryId: string): Promise<WebhookDelivery | undefined>;
  save(delivery: WebhookDelivery): Promise<SaveResult>;
  /**
   * Due at or before `now`, oldest due first. Without `testClockId`: only those on no test clock (a
   * clock's work runs in its own time, by its advance); with it: only that clock's.
   */
  findDue(now: string, limit: number, testClockId?: string): Promise<WebhookDelivery[]>;
  /** Newest first, at most `limit`. */
  list(projectId: number, filter: DeliveryFilter, limit: number): Promise<WebhookDelivery[]>;
  /** Across projects, newest first, at most `limit`. */
  search(filter: DeliverySearch, limit: number): Promise<WebhookDelivery[]>;
  /** How many deliveries are in `state`, across projects (the metrics' gauges). */
  count(state: DeliveryState): Promise<number>;
}
