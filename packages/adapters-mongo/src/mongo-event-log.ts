import type { Collection, Filter } from 'mongodb';
import { storedBytes } from './stored-bytes.js';
import {
  PaymentSums,
  redeliveryEntryId,
  type DomainEvent,
  type EventFeedEntry,
  type EventFilter,
  type EventLog,
  type FeedStart,
  type MoneyKind,
  type PaymentTotals,
  type TimeRange,
} from '@kassa-payments/domain';
import { isDuplicateKey, storage } from './mongo-errors.js';
import { olderThan } from './aggregate-collection.js';
import type { MongoEventFeed } from './mongo-event-feed.js';

/** One logged event: the event itself, and the fields it is listed by. */
export interface EventDocument {
  _id: string;
  projectId: number;
  type: string;
  occurredAt: string;
  event: DomainEvent;
  /** When it entered the log (real time), as its feed entry shows it. */
  recordedAt?: string;
}

/** What the sums count, by kind (the domain's moneyMoved, as a query): the events kept (by type and fields) and where their money is. */
const MONEY_KINDS: Record<MoneyKind, { readonly match: Record<string, string>; readonly money: string }> = {
  paid: { match: { type: 'PaymentUpdated', 'event.transaction.status': 'SUCCESS' }, money: '$event.transaction.price' },
  refunded: { match: { type: 'RefundCompleted' }, money: '$event.amount' },
};

const retentionFields = (event: DomainEvent) => ({ occurredAt: event.occurredAt, ...(event.testClockId ? { testClockId: event.testClockId } : {}) });

/** The event log as one document per event: recording twice is a duplicate `_id`, and ignored. */
export class MongoEventLog implements EventLog {
  constructor(
    private readonly events: Collection<EventDocument>,
    private readonly feedEntries: MongoEventFeed,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(event: DomainEvent, recordedAt = this.now().toISOString()): Promise<void> {
    try {
      await storage(() => this.events.insertOne({ _id: event.id, projectId: event.projectId, type: event.type, occurredAt: event.occurredAt, event, recordedAt }));
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
    }
    // Appended whether the insert was ours or an earlier run's (one that stopped before its entry): once, by the entry's id.
    await this.feedEntries.append({ _id: event.id, projectId: event.projectId, at: recordedAt, eventId: event.id, redelivery: false, ...retentionFields(event) });
  }

  async list(projectId: number, filter: EventFilter, limit: number): Promise<DomainEvent[]> {
    const query: Filter<EventDocument> = {
      projectId,
      ...(filter.type ? { type: filter.type } : {}),
      ...(filter.aggregateId ? { 'event.aggregate.id': filter.aggregateId } : {}),
      ...olderThan(filter.after, 'occurredAt'),
    };
    const docs = await storage(() => this.events.find(query).sort({ occurredAt: -1, _id: -1 }).limit(limit).toArray());
    return docs.map((d) => d.event);
  }

  async markRedelivered(projectId: number, eventId: string, redelivery: { readonly id: string; readonly at: string }): Promise<void> {
    const logged = await storage(() => this.events.findOne({ _id: eventId, projectId }, { projection: { event: 1 } }));
    if (!logged) return;
    await this.feedEntries.append({ _id: redeliveryEntryId(eventId, redelivery.id), projectId, at: redelivery.at, eventId, redelivery: true, ...retentionFields(logged.event) });
  }

  async feed(projectId: number, afterSeq: number, limit: number): Promise<EventFeedEntry[]> {
    return this.feedEntries.after(projectId, afterSeq, limit, async (ids) => {
      const docs = ids.length === 0 ? [] : await storage(() => this.events.find({ _id: { $in: ids }, projectId }).toArray());
      return new Map(docs.map((d) => [d._id, d.event]));
    });
  }

  async feedPosition(projectId: number, start: FeedStart): Promise<number | undefined> {
    return this.feedEntries.position(projectId, start);
  }

  /**
   * One aggregation per kind, on the server: the range read by the (projectId, type, occurredAt)
   * index, at most `limit` events, grouped by currency. Nothing but the sums comes back.
   */
  async sumPayments(projectId: number, range: TimeRange, limit: number): Promise<PaymentTotals> {
    const kinds = Object.keys(MONEY_KINDS) as MoneyKind[];
    const sums = await Promise.all(
      kinds.map((kind) =>
        storage(() =>
          this.events
            .aggregate<{ _id: string; count: number; minor: number }>([
              { $match: { projectId, occurredAt: { $gte: range.from, $lt: range.before }, ...MONEY_KINDS[kind].match } },
              { $limit: limit },
              { $group: { _id: `${MONEY_KINDS[kind].money}.currency`, count: { $sum: 1 }, minor: { $sum: `${MONEY_KINDS[kind].money}.minor` } } },
            ])
            .toArray(),
        ),
      ),
    );
    const totals = new PaymentSums();
    kinds.forEach((kind, n) => {
      for (const group of sums[n] ?? []) totals.add(kind, group._id, group.count, group.minor);
    });
    return totals.totals(sums.some((groups) => groups.reduce((n, g) => n + g.count, 0) >= limit));
  }

  /** Removes a project's events (the test environment's reset). */
  async eraseProject(projectId: number): Promise<number> {
    const removed = (await storage(() => this.events.deleteMany({ projectId }))).deletedCount;
    // The entries go with their events; the project's counter stays (a place is never given twice), and a mark takes the next place.
    await this.feedEntries.reset(projectId, this.now().toISOString());
    return removed;
  }

  /** Removes a project's events recorded on a test clock. */
  async eraseOnClock(projectId: number, testClockId: string): Promise<number> {
    const removed = (await storage(() => this.events.deleteMany({ projectId, 'event.testClockId': testClockId }))).deletedCount;
    await this.feedEntries.remove({ projectId, testClockId });
    return removed;
  }

  /** How many of a project's events were recorded on a test clock, any clock; the count stops at `limit`. */
  async countOnClocks(projectId: number, limit: number): Promise<number> {
    return storage(() => this.events.countDocuments({ projectId, 'event.testClockId': { $exists: true } }, { limit }));
  }

  /** The BSON bytes of a project's events on `testClockId`. */
  bytesOnClock(projectId: number, testClockId: string): Promise<number> {
    return storedBytes(this.events, { projectId, 'event.testClockId': testClockId });
  }

  /** Removes the events that occurred before `before`: the retention sweep. */
  async purgeBefore(before: string): Promise<number> {
    // A test clock's events are in its time, not real time: they go with the clock (or a reset).
    const result = await storage(() => this.events.deleteMany({ occurredAt: { $lt: before }, 'event.testClockId': { $exists: false } }));
    await this.feedEntries.remove({ occurredAt: { $lt: before }, testClockId: { $exists: false } });
    return result.deletedCount;
  }
}
