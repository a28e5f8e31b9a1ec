import type { DomainEvent, DomainEventType } from '../events/domain-event.js';

/** Which of a project's events to list, and from where (`before`: a cursor the previous page gave). */
export interface EventFilter {
  readonly type?: DomainEventType;
  /** Only the events of this aggregate (an invoice's timeline, say). */
  readonly aggregateId?: string;
  readonly before?: EventCursor;
}

/** A place in a project's events, newest first: the last event of a page. */
export interface EventCursor {
  readonly occurredAt: string;
  readonly id: string;
}

/**
 * Every event a project's aggregates recorded, kept for the merchant to list after the outbox has
 * let it go. `record` is idempotent on the event's id (a relay that runs twice records it once).
 * `list` is newest first (by time, then id), strictly before the cursor when one is given.
 */
export interface EventLog {
  record(event: DomainEvent): Promise<void>;
  list(projectId: number, filter: EventFilter, limit: number): Promise<DomainEvent[]>;
}
