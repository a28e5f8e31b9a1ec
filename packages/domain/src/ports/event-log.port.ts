import type { DomainEvent, DomainEventType } from '../events/domain-event.js';
import type { ListCursor } from './list-page.port.js';

/** Which of a project's events to list, and from where (`after`: the last event of the page before, its time as `createdAt`). */
export interface EventFilter {
  readonly type?: DomainEventType;
  /** Only the events of this aggregate (an invoice's timeline, say). */
  readonly aggregateId?: string;
  readonly after?: ListCursor;
}

/**
 * Every event a project's aggregates recorded, kept for the merchant to list after the outbox has
 * let it go. `record` is idempotent on the event's id (a relay that runs twice records it once).
 * `list` is newest first (by time, then id), strictly after the cursor in that order when one is given.
 */
export interface EventLog {
  record(event: DomainEvent): Promise<void>;
  list(projectId: number, filter: EventFilter, limit: number): Promise<DomainEvent[]>;
}
