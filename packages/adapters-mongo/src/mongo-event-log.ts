import type { Collection, Filter } from 'mongodb';
import { REDELIVERIES_KEPT, redeliveryEntryId, type DomainEvent, type EventFeedEntry, type EventFilter, type EventLog } from '@kassa/domain';
import { isDuplicateKey, storage } from './mongo-errors.js';
import { olderThan } from './aggregate-collection.js';

/** One logged event: the event itself, and the fields it is listed by. */
export interface EventDocument {
  _id: string;
  projectId: number;
  type: string;
  occurredAt: string;
  event: DomainEvent;
  /** When it entered the log (real time): the feed's order. Absent on events logged before the feed. */
  recordedAt?: string;
  /** Its newest redeliveries (REDELIVERIES_KEPT), each a feed entry of its own. */
  redeliveries?: { id: string; at: string }[];
}

/** A logged event's feed entries at or after `since`. */
function entriesOf(d: EventDocument, since: string): EventFeedEntry[] {
  const own = d.recordedAt !== undefined && d.recordedAt >= since ? [{ id: d._id, at: d.recordedAt, event: d.event, redelivery: false }] : [];
  const again = (d.redeliveries ?? []).filter((r) => r.at >= since).map((r) => ({ id: redeliveryEntryId(d._id, r.id), at: r.at, event: d.event, redelivery: true }));
  return [...own, ...again];
}

const byFeedOrder = (a: EventFeedEntry, b: EventFeedEntry) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The event log as one document per event: recording twice is a duplicate `_id`, and ignored. */
export class MongoEventLog implements EventLog {
  constructor(
    private readonly events: Collection<EventDocument>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(event: DomainEvent, recordedAt = this.now().toISOString()): Promise<void> {
    try {
      await storage(() => this.events.insertOne({ _id: event.id, projectId: event.projectId, type: event.type, occurredAt: event.occurredAt, event, recordedAt }));
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
    }
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
    // One update: the newest REDELIVERIES_KEPT stay.
    const mark = { id: redelivery.id, at: redelivery.at };
    await storage(() => this.events.updateOne({ _id: eventId, projectId }, { $push: { redeliveries: { $each: [mark], $slice: -REDELIVERIES_KEPT } } }));
  }

  /**
   * Two ranges of the feed's indexes (events by the time they entered the log; redeliveries by
   * theirs), merged. When the first is cut by `limit`, entries past its last time are left for the
   * next call (an event beyond the cut may come before them).
   */
  async feed(projectId: number, since: string, limit: number): Promise<EventFeedEntry[]> {
    const [recorded, redelivered] = await Promise.all([
      storage(() =>
        this.events
          .find({ projectId, recordedAt: { $gte: since } })
          .sort({ recordedAt: 1, _id: 1 })
          .limit(limit)
          .toArray(),
      ),
      storage(() =>
        this.events
          .find({ projectId, 'redeliveries.at': { $gte: since } })
          .limit(limit)
          .toArray(),
      ),
    ]);
    const cut = recorded.length >= limit ? recorded.at(-1)?.recordedAt : undefined;
    const seen = new Set<string>();
    const entries: EventFeedEntry[] = [];
    for (const d of [...recorded, ...redelivered]) {
      if (seen.has(d._id)) continue;
      seen.add(d._id);
      for (const e of entriesOf(d, since)) if (cut === undefined || e.at <= cut) entries.push(e);
    }
    return entries.sort(byFeedOrder).slice(0, limit);
  }

  async feedPosition(projectId: number, entryId: string): Promise<string | undefined> {
    const cut = entryId.indexOf('~');
    const eventId = cut < 0 ? entryId : entryId.slice(0, cut);
    const d = await storage(() => this.events.findOne({ _id: eventId, projectId }, { projection: { recordedAt: 1, redeliveries: 1 } }));
    if (!d) return undefined;
    return cut < 0 ? d.recordedAt : d.redeliveries?.find((r) => redeliveryEntryId(eventId, r.id) === entryId)?.at;
  }

  /** Removes a project's events (the test environment's reset). */
  async eraseProject(projectId: number): Promise<number> {
    return (await storage(() => this.events.deleteMany({ projectId }))).deletedCount;
  }

  /** Removes a project's events recorded on a test clock. */
  async eraseOnClock(projectId: number, testClockId: string): Promise<number> {
    return (await storage(() => this.events.deleteMany({ projectId, 'event.testClockId': testClockId }))).deletedCount;
  }

  /** Removes the events that occurred before `before`: the retention sweep. */
  async purgeBefore(before: string): Promise<number> {
    // A test clock's events are in its time, not real time: they go with the clock (or a reset).
    const result = await storage(() => this.events.deleteMany({ occurredAt: { $lt: before }, 'event.testClockId': { $exists: false } }));
    return result.deletedCount;
  }
}
