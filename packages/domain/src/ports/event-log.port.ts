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
 * One entry of a project's event feed (what `kassa listen` tails): an event as it entered the log, or
 * a redelivery of it. `at` is real time when the entry was written, never the event's `occurredAt`
 * (a test clock's time may be past or future).
 */
export interface EventFeedEntry {
  /** The event's id for its first entry; `<event id>~<redelivery id>` for a redelivery (each its own entry). */
  readonly id: string;
  readonly at: string;
  readonly event: DomainEvent;
  readonly redelivery: boolean;
}

/**
 * Every event a project's aggregates recorded, kept for the merchant to list after the outbox has
 * let it go. `record` is idempotent on the event's id (a relay that runs twice records it once, its
 * first `recordedAt` kept). `list` is newest first (by time, then id), strictly after the cursor in
 * that order when one is given.
 */
export interface EventLog {
  /** `recordedAt`: real time as the event enters the log (the feed's order); absent, the adapter's own clock. */
  record(event: DomainEvent, recordedAt?: string): Promise<void>;
  list(projectId: number, filter: EventFilter, limit: number): Promise<DomainEvent[]>;
  /** Notes a redelivery of a logged event as a feed entry of its own; nothing when the event is not logged. */
  markRedelivered(projectId: number, eventId: string, redelivery: { readonly id: string; readonly at: string }): Promise<void>;
  /**
   * The project's feed entries written at or after `since` (an entry recorded late by another process
   * too), oldest first by (`at`, `id`), at most `limit`.
   */
  feed(projectId: number, since: string, limit: number): Promise<EventFeedEntry[]>;
  /** When the feed entry `entryId` of the project was written; undefined when there is none (or it is past the retention). */
  feedPosition(projectId: number, entryId: string): Promise<string | undefined>;
}
