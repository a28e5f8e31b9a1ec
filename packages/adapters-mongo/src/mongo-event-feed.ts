import type { Collection, Filter } from 'mongodb';
import type { DomainEvent, EventFeedEntry, FeedStart } from '@kassa-payments/domain';
import { isDuplicateKey, storage } from './mongo-errors.js';
import { duplicateField } from './unique-keys.js';

/**
 * How many places an entry tries when each one it takes is held by another entry. Then the append
 * fails and its relay tries again later; every try moved the counter on, so a counter far behind
 * catches up over a few appends.
 */
const PLACE_ATTEMPTS = 100;

/**
 * One entry of a project's event feed (`kassa listen`): an event entering the log, a redelivery, or
 * a place whose writer lost a race for it (`void`). `_id` is the entry's id, so appending twice
 * stores once; `seq` is the place, unique per project. The event's retention fields go with it: the
 * entries leave with their events.
 */
export interface FeedEntryDocument {
  _id: string;
  projectId: number;
  seq: number;
  at: string;
  eventId?: string;
  redelivery?: boolean;
  occurredAt?: string;
  testClockId?: string;
  void?: true;
  /** A reset's mark (a `void` entry): every place of the project before it is gone. No `occurredAt`, so the retention keeps it. */
  floor?: true;
}

/** A project's feed counter: the last place taken. Never removed (a reset keeps it), so a place is never given twice. */
export interface FeedCounterDocument {
  _id: number;
  seq: number;
}

/** An entry to append, before it has a place. */
export type NewFeedEntry = Omit<FeedEntryDocument, 'seq' | 'void'>;

/**
 * The event feed in its own collection: each entry takes the next place from its project's counter
 * (findOneAndUpdate $inc, upserted), then is inserted under it. Between the two, or if the writer
 * dies there, the place is a gap a reader waits for and then passes (EventFeedTail). An entry that
 * exists already takes no place; one that another writer stored first meanwhile fills its place
 * with a `void` entry, so that readers need not wait. A place held by another entry (the counter
 * behind its entries) is passed for the next one: the entry is never dropped for it.
 */
export class MongoEventFeed {
  constructor(
    private readonly entries: Collection<FeedEntryDocument>,
    private readonly counters: Collection<FeedCounterDocument>,
  ) {}

  async append(entry: NewFeedEntry): Promise<void> {
    if (await storage(() => this.entries.findOne({ _id: entry._id }, { projection: { _id: 1 } }))) return;
    for (let attempt = 1; ; attempt += 1) {
      const seq = await this.take(entry.projectId);
      try {
        await storage(() => this.entries.insertOne({ ...entry, seq }));
        return;
      } catch (e) {
        const field = duplicateField(e);
        // The place is another entry's (a counter behind its entries, as after restoring an older
        // backup of it): a void there would drop this entry from the feed; it takes the next place.
        if (field === 'seq' && attempt < PLACE_ATTEMPTS) continue;
        if (field !== '_id') throw e;
        // Another writer stored this entry between our look and our insert: our place is filled with nothing.
        await storage(() => this.entries.insertOne({ _id: `void~${entry.projectId}~${seq}`, projectId: entry.projectId, seq, at: entry.at, void: true })).catch((err: unknown) => {
          if (!isDuplicateKey(err)) throw err;
        });
        return;
      }
    }
  }

  /** Entries after `afterSeq` by place (the unique `feed_order` index), with their events from `eventsOf` (one read by ids). */
  async after(projectId: number, afterSeq: number, limit: number, eventsOf: (ids: string[]) => Promise<Map<string, DomainEvent>>): Promise<EventFeedEntry[]> {
    const docs = await storage(() =>
      this.entries
        .find({ projectId, seq: { $gt: afterSeq } })
        .sort({ seq: 1 })
        .limit(limit)
        .toArray(),
    );
    const events = await eventsOf([...new Set(docs.flatMap((d) => (d.eventId ? [d.eventId] : [])))]);
    return docs.map((d) => {
      const event = d.eventId ? events.get(d.eventId) : undefined;
      return { seq: d.seq, id: d._id, at: d.at, redelivery: d.redelivery === true, ...(event ? { event } : {}), ...(d.floor ? { floor: true as const } : {}) };
    });
  }

  async position(projectId: number, start: FeedStart): Promise<number | undefined> {
    if (start === 'end') return this.end(projectId);
    if ('entryId' in start) return (await storage(() => this.entries.findOne({ _id: start.entryId, projectId }, { projection: { seq: 1 } })))?.seq;
    const first = await storage(() => this.entries.findOne({ projectId, at: { $gte: start.time } }, { sort: { at: 1, _id: 1 }, projection: { seq: 1 } }));
    return first ? first.seq - 1 : this.end(projectId);
  }

  /**
   * A reset of the project's feed: its entries go (the counter stays: a place is never given twice),
   * then a mark takes the next place, so that a reader behind it passes the removed places at once
   * instead of waiting for them as for a writer's. One mark a project: the next reset removes it.
   */
  async reset(projectId: number, at: string): Promise<void> {
    await this.remove({ projectId });
    const seq = await this.take(projectId);
    await storage(() => this.entries.insertOne({ _id: `reset~${projectId}~${seq}`, projectId, seq, at, void: true, floor: true }));
  }

  async remove(filter: Filter<FeedEntryDocument>): Promise<number> {
    return (await storage(() => this.entries.deleteMany(filter))).deletedCount;
  }

  private async end(projectId: number): Promise<number> {
    return (await storage(() => this.counters.findOne({ _id: projectId })))?.seq ?? 0;
  }

  /**
   * The project's next place: one atomic increment (two upserts racing on a new counter: one is
   * refused, and tries again). The projection is what makes the answer this increment's own on
   * mongo-java-server: it answers with its live document, serialized after its lock is released, so
   * two racing increments could both answer the later place (one entry then finds it held, and the
   * earlier place stays empty); a projected answer is a copy made under the lock (docs/decisions.md).
   */
  private async take(projectId: number): Promise<number> {
    const increment = () => storage(() => this.counters.findOneAndUpdate({ _id: projectId }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after', projection: { seq: 1 } }));
    const counter = await increment().catch((e: unknown) => {
      if (isDuplicateKey(e)) return increment();
      throw e;
    });
    if (!counter) throw new Error(`the event feed's counter of project ${projectId} was not answered`);
    return counter.seq;
  }
}
