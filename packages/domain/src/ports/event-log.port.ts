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
 * a redelivery of it, each its own document. `seq` is the entry's place in the project's feed, taken
 * from one counter of the project (atomic), unique, and never taken again (a reset keeps the counter):
 * the feed is read by it, never by a time, so no clock is compared across processes.
 */
export interface EventFeedEntry {
  readonly seq: number;
  /** The event's id for its first entry; `<event id>~<redelivery id>` for a redelivery. */
  readonly id: string;
  /** Real time when the entry was written (the writer's clock), never the event's `occurredAt`: shown, never compared. */
  readonly at: string;
  /** The event, joined from the log; absent when it left the log (retention, a reset) as its entry was read, or for a place a writer gave up (still a place: a reader moves past it). */
  readonly event?: DomainEvent;
  readonly redelivery: boolean;
  /** A reset's mark (no event): every place before it was removed, none is still being written, so a reader passes the gap before it at once. */
  readonly floor?: true;
}

/** A time range: from `from` (included) to `before` (excluded). */
export interface TimeRange {
  readonly from: string;
  readonly before: string;
}

/** Money that moved in one currency: how many times, and the sum in minor units. */
export interface MoneyMoved {
  readonly count: number;
  readonly minor: number;
}

/** What a project's invoices took (successful charges) and gave back (completed refunds) in one currency. */
export interface CurrencyTotals {
  readonly currency: string;
  readonly paid: MoneyMoved;
  readonly refunded: MoneyMoved;
}

/**
 * The sums of a time range, by currency (in the codes' order). `partial`: the read stopped at its
 * limit, so the range may hold more, and the sums are a lower bound.
 */
export interface PaymentTotals {
  readonly byCurrency: readonly CurrencyTotals[];
  readonly partial: boolean;
}

/** Where a reader of the feed starts: after an entry, at a time (the first entry written at or after it), or at the end (what comes next). */
export type FeedStart = { readonly entryId: string } | { readonly time: string } | 'end';

/**
 * Every event a project's aggregates recorded, kept for the merchant to list after the outbox has
 * let it go. `record` is idempotent on the event's id (a relay that runs twice records it, and
 * appends its feed entry, once). `list` is newest first (by time, then id), strictly after the
 * cursor in that order when one is given.
 */
export interface EventLog {
  /** `recordedAt`: real time as the event enters the log (shown on its feed entry); absent, the adapter's own clock. */
  record(event: DomainEvent, recordedAt?: string): Promise<void>;
  list(projectId: number, filter: EventFilter, limit: number): Promise<DomainEvent[]>;
  /** Appends a redelivery of a logged event to the feed as an entry of its own; nothing when the event is not logged. */
  markRedelivered(projectId: number, eventId: string, redelivery: { readonly id: string; readonly at: string }): Promise<void>;
  /**
   * The project's feed entries with a `seq` above `afterSeq`, by `seq`, at most `limit`. A place
   * taken by a writer whose entry is not stored yet (or never will be: it crashed) is a gap in the
   * answer; the reader decides how long to wait for it (EventFeedTail).
   */
  feed(projectId: number, afterSeq: number, limit: number): Promise<EventFeedEntry[]>;
  /**
   * The `seq` a reader starting at `start` reads after: the entry's own (undefined when the feed has no
   * such entry), the one before the first entry written at or after the time, or the last place taken.
   */
  feedPosition(projectId: number, start: FeedStart): Promise<number | undefined>;
  /**
   * The sums of the project's successful charges (PaymentUpdated with a SUCCESS transaction: its
   * price) and completed refunds (RefundCompleted: its amount) that occurred in `range`, by currency
   * (the dashboard's overview). A bounded read, whatever the range holds: at most `limit` events of
   * each kind, `partial` when one kind reached it. A test clock's events count at the clock's time.
   */
  sumPayments(projectId: number, range: TimeRange, limit: number): Promise<PaymentTotals>;
}
