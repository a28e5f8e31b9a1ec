import type { DomainEvent } from '../events/domain-event.js';
import type { WebhookEndpoint, WebhookEndpointRoute } from '../webhook-endpoint/webhook-endpoint.js';
import type { ListCursor } from './list-page.port.js';
import type { CreateResult, SaveResult } from './save-result.js';

/**
 * Stores the merchants' webhook endpoints, one document each, their secrets usable for signing (a
 * storage that can seals them at rest). `create` is refused (`duplicate` on `slot`) when another
 * endpoint of the project holds the same slot: a unique key (projectId, slot) the storage enforces,
 * so no two concurrent creations take one slot, and a project never holds more endpoints than slots.
 * `save` is compare-and-set on `version`, its events in the same write (the outbox).
 */
export interface WebhookEndpointRepository {
  create(endpoint: WebhookEndpoint): Promise<CreateResult<'slot'>>;
  get(projectId: number, endpointId: string): Promise<WebhookEndpoint | undefined>;
  save(endpoint: WebhookEndpoint, events: readonly DomainEvent[]): Promise<SaveResult>;
  /** Removes it, freeing its slot; answers whether it was there. */
  remove(projectId: number, endpointId: string): Promise<boolean>;
  /** The project's endpoints, newest first (by creation, then id), after `after` when given, at most `limit`. */
  list(projectId: number, limit: number, after?: ListCursor): Promise<WebhookEndpoint[]>;
  /**
   * Every endpoint of the project without its secrets, in any order (at most
   * WEBHOOK_ENDPOINT_LIMITS.perProject): the relay's fan-out and the free slots, which sign nothing.
   */
  all(projectId: number): Promise<WebhookEndpointRoute[]>;
  /**
   * Writes every endpoint again as it is, each by compare-and-set on its version (one more), so that
   * a storage sealing the secrets seals them under its current key (`kassa secrets reseal`). One
   * changed or removed meanwhile is skipped: its own write sealed it. Answers how many it found and wrote.
   */
  rewriteAll(): Promise<{ readonly found: number; readonly rewritten: number }>;
}
