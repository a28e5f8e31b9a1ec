import { JournaledMap, type Journal } from './journal.js';
import { integer, isObject, jsonRecord, listOf, optional, shape, text } from './restored-checks.js';
import { NewestFirstIndex } from './newest-first-index.js';
import { InMemoryEventFeed } from './in-memory-event-feed.js';
import { mayMoveMoney } from './payment-sums.js';
import {
  moneyMoved,
  PaymentSums,
  redeliveryEntryId,
  type MoneyKind,
  type EventFeedEntry,
  type EventFilter,
  type EventLog,
  type FeedStart,
  type PaymentTotals,
  type TimeRange,
} from '@kassa-payments/domain';
import type { DomainEvent } from '@kassa-payments/domain';

/** One logged event: its JSON text, the time it occurred (the retention), its project (a reset), when it entered the log. */
interface Stored {
  readonly json: string;
  readonly occurredAt: string;
  readonly projectId: number;
  readonly onClock?: true;
  /** Absent in a journal of before the feed. */
  readonly recordedAt?: string;
}

export class InMemoryEventLog implements EventLog {
  /** Each event as JSON text, beside the fields it is found by. */
  private readonly events: JournaledMap<string, Stored>;

  /** Each project's events newest first (time, then id), rebuilt from the log at start. */
  private readonly newest = new NewestFirstIndex();
  /** The events the overview's sums count, by kind, in the same order: a sum reads those of its range, and no other event. */
  private readonly moved: Record<MoneyKind, NewestFirstIndex> = { paid: new NewestFirstIndex(), refunded: new NewestFirstIndex() };
  /** The feed: the events as they entered the log, and their redeliveries, by place. */
  private readonly feedEntries: InMemoryEventFeed;
  /** Each project's events on test clocks, by clock: a clock's erasure, its size and what a project's clocks keep read these alone. */
  private readonly clocked = new Map<number, Map<string, Set<string>>>();

  /** With a `journal`, the event log survives a restart. */
  constructor(
    journal?: Journal,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.events = new JournaledMap(
      journal,
      'events',
      // `redeliveries`: a journal of before the feed had its own documents (read, not used).
      shape({ json: text, occurredAt: text, projectId: integer, onClock: optional((v) => v === true), recordedAt: optional(text), redeliveries: optional(listOf(isObject)) }, (e, key) =>
        jsonRecord(e['json'], key),
      ),
    );
    this.feedEntries = new InMemoryEventFeed(journal);
    for (const [id, e] of this.events) {
      this.newest.add(e.projectId, e.occurredAt, id);
      if (mayMoveMoney(e.json)) this.index(id, e, JSON.parse(e.json) as DomainEvent);
      if (e.onClock) this.onClock(e.projectId, (JSON.parse(e.json) as DomainEvent).testClockId, id);
    }
  }

  async record(event: DomainEvent, recordedAt = this.now().toISOString()): Promise<void> {
    if (!this.events.has(event.id)) {
      const stored: Stored = { json: JSON.stringify(event), occurredAt: event.occurredAt, projectId: event.projectId, ...(event.testClockId ? { onClock: true as const } : {}), recordedAt };
      this.newest.add(event.projectId, event.occurredAt, event.id);
      this.index(event.id, stored, event);
      this.onClock(event.projectId, event.testClockId, event.id);
      this.events.set(event.id, stored);
    }
    // Appended once whatever happened before (a journal of before the feed, a record that stopped between the two).
    this.feedEntries.append(event.id, {
      projectId: event.projectId,
      at: recordedAt,
      eventId: event.id,
      redelivery: false,
      occurredAt: event.occurredAt,
      ...(event.testClockId ? { testClockId: event.testClockId } : {}),
    });
  }

  async markRedelivered(projectId: number, eventId: string, mark: { readonly id: string; readonly at: string }): Promise<void> {
    const stored = this.events.get(eventId);
    if (!stored || stored.projectId !== projectId) return;
    const testClockId = stored.onClock ? (JSON.parse(stored.json) as DomainEvent).testClockId : undefined;
    this.feedEntries.append(redeliveryEntryId(eventId, mark.id), { projectId, at: mark.at, eventId, redelivery: true, occurredAt: stored.occurredAt, ...(testClockId ? { testClockId } : {}) });
  }

  async feed(projectId: number, afterSeq: number, limit: number): Promise<EventFeedEntry[]> {
    return this.feedEntries.after(projectId, afterSeq, limit, (id) => {
      const stored = this.events.get(id);
      return stored ? (JSON.parse(stored.json) as DomainEvent) : undefined;
    });
  }

  async feedPosition(projectId: number, start: FeedStart): Promise<number | undefined> {
    return this.feedEntries.position(projectId, start);
  }

  /** Removes a project's events (the test environment's reset). */
  removeProject(projectId: number): number {
    let removed = 0;
    for (const [id, e] of this.events) if (e.projectId === projectId && this.events.delete(id)) removed += 1;
    this.newest.removeProject(projectId);
    for (const index of Object.values(this.moved)) index.removeProject(projectId);
    this.clocked.delete(projectId);
    // The entries go with their events; the project's counter stays (a place is never given twice), and a mark takes the next place.
    this.feedEntries.reset(projectId, this.now().toISOString());
    return removed;
  }

  /** Removes a project's events recorded on a test clock. */
  removeOnClock(projectId: number, testClockId: string): number {
    let removed = 0;
    const clocks = this.clocked.get(projectId);
    for (const id of clocks?.get(testClockId) ?? []) {
      const e = this.events.get(id);
      if (e && this.events.delete(id)) {
        this.forget(id, e);
        removed += 1;
      }
    }
    clocks?.delete(testClockId);
    this.feedEntries.removeWhere((e) => e.projectId === projectId && e.testClockId === testClockId);
    return removed;
  }

  /** How many of a project's events were recorded on its test clocks, all of them together. */
  countOnClocks(projectId: number): number {
    let count = 0;
    for (const ids of this.clocked.get(projectId)?.values() ?? []) count += ids.size;
    return count;
  }

  /** The characters of the JSON text of a project's events on `testClockId` (their feed entries are a few fields more). */
  bytesOnClock(projectId: number, testClockId: string): number {
    let bytes = 0;
    for (const id of this.clocked.get(projectId)?.get(testClockId) ?? []) bytes += this.events.get(id)?.json.length ?? 0;
    return bytes;
  }

  /** Removes the events that occurred before `before` (the retention); answers how many. */
  purgeBefore(before: string): number {
    let removed = 0;
    for (const [id, e] of this.events) {
      // A test clock's events are in its time, not real time: they go with the clock (or a reset).
      if (e.occurredAt < before && !e.onClock) {
        this.events.delete(id);
        this.forget(id, e);
        removed += 1;
      }
    }
    this.feedEntries.removeWhere((e) => e.occurredAt < before && e.testClockId === undefined);
    return removed;
  }

  async list(projectId: number, filter: EventFilter, limit: number): Promise<DomainEvent[]> {
    const page: DomainEvent[] = [];
    // Newest first from the project's index, strictly after the cursor: a page reads what it shows (and what its filter skips).
    for (const id of this.newest.newestFirst(projectId, filter.after ? { after: filter.after } : {})) {
      if (page.length >= limit) break;
      const stored = this.events.get(id);
      if (!stored) continue;
      const e = JSON.parse(stored.json) as DomainEvent;
      if ((filter.type === undefined || e.type === filter.type) && (filter.aggregateId === undefined || e.aggregate.id === filter.aggregateId)) page.push(e);
    }
    return page;
  }

  async sumPayments(projectId: number, range: TimeRange, limit: number): Promise<PaymentTotals> {
    const sums = new PaymentSums();
    let partial = false;
    for (const [kind, index] of Object.entries(this.moved) as [MoneyKind, NewestFirstIndex][]) {
      let read = 0;
      for (const id of index.newestFirst(projectId, { createdFrom: range.from, createdBefore: range.before })) {
        const stored = this.events.get(id);
        const moved = stored ? moneyMoved(JSON.parse(stored.json) as DomainEvent) : undefined;
        if (moved) sums.add(kind, moved.money.currency, 1, moved.money.minor);
        read += 1;
        if (read >= limit) {
          partial = true;
          break;
        }
      }
    }
    return sums.totals(partial);
  }

  /** Notes an event the sums count in its kind's index. */
  private index(id: string, e: Stored, event: DomainEvent): void {
    const moved = moneyMoved(event);
    if (moved) this.moved[moved.kind].add(e.projectId, e.occurredAt, id);
  }

  /** Notes an event of a test clock under its clock. */
  private onClock(projectId: number, testClockId: string | undefined, id: string): void {
    if (!testClockId) return;
    const clocks = this.clocked.get(projectId) ?? new Map<string, Set<string>>();
    this.clocked.set(projectId, clocks);
    const ids = clocks.get(testClockId) ?? new Set<string>();
    clocks.set(testClockId, ids);
    ids.add(id);
  }

  private forget(id: string, e: Stored): void {
    this.newest.remove(e.projectId, e.occurredAt, id);
    for (const index of Object.values(this.moved)) index.remove(e.projectId, e.occurredAt, id);
  }
}
