import type { Collection, Document, Filter } from 'mongodb';
import type { DomainEvent, ListCursor, PageFilter } from '@kassa-payments/domain';
import { STORED_SHAPES } from '@kassa-payments/operations';
import { storage } from './mongo-errors.js';
import { storedBytes } from './stored-bytes.js';
import { compareAndSets, insertions, readsById } from './round-trips.js';

/**
 * One aggregate's document: its state as it is (`state`, replaced whole by each save, so a field the
 * aggregate dropped is gone too), its `version`, the fields it is found by (copied from the state
 * when it is saved), and its outbox: the events saved with it that the relay has not yet handed on.
 */
export interface AggregateDocument<S = Record<string, unknown>> {
  _id: string;
  version: number;
  state: S;
  outbox: DomainEvent[];
  /**
   * Set (true) by every save that pushes events; the relay finds them by equality on a sparse index
   * (every server answers that from the index; mongo-java-server scans for a range) and drops the
   * flag once it finds the outbox empty.
   */
  outboxPending?: true;
  /** The shape of the document (docs/operators/upgrading.md); absent: 1, as 0.1.0 wrote it. */
  shape?: number;
  [field: string]: unknown;
}

/** The shape every save writes (the field 0.1.0 did not write: read as 1). */
const SHAPE = STORED_SHAPES.aggregateDocument;

/** The fields a read by id brings back. */
type StoredAggregate<S> = { _id: string; version: number; projectId: number; state: Omit<S, 'id' | 'version'> };

/** What a repository writes beside the state: the fields its queries and unique keys use. */
export type IndexFields = Record<string, unknown>;

/** The documents after `after` in newest-first order (older, or as old with a smaller id): a page's cursor; `time`: the field its time is in. */
export const olderThan = (after: ListCursor | undefined, time = 'createdAt') => (after ? { $or: [{ [time]: { $lt: after.createdAt } }, { [time]: after.createdAt, _id: { $lt: after.id } }] } : {});

/**
 * One collection of aggregates on MongoDB's own guarantees: a single-document write is atomic, so a
 * save is one `updateOne` filtered by the version it read (zero matched: someone saved first), and
 * the events ride in the same update (`$push` to the outbox), so state and events commit together.
 */
export class AggregateCollection<S extends { id: string; projectId: number; version: number }> {
  private readonly reads;
  private readonly inserts;
  private readonly saves;

  constructor(readonly collection: Collection<AggregateDocument<Omit<S, 'id' | 'version'>>>) {
    this.reads = readsById<StoredAggregate<S>>(collection as never, { state: 1, version: 1, projectId: 1 });
    this.inserts = insertions<Document>(collection as never);
    this.saves = compareAndSets(collection as never);
  }

  /** The aggregate of that project, or undefined (another project's is not found). */
  async get(projectId: number, id: string): Promise<S | undefined> {
    // Read by `_id` with the reads of the same moment (`{ _id: { $in } }`: a scan on mongo-java-server
    // with projectId beside it), the project checked on the answer.
    const doc = await this.reads.load(id);
    return doc && doc.projectId === projectId ? this.aggregate(doc) : undefined;
  }

  /** The one aggregate matching `filter` (a unique key or `_id`), or undefined. No sort: a sort costs a scan on some servers. */
  async findOne(filter: Filter<AggregateDocument>): Promise<S | undefined> {
    const doc = await storage(() => this.collection.findOne(filter as Filter<AggregateDocument<Omit<S, 'id' | 'version'>>>, { projection: { state: 1, version: 1 } }));
    return doc ? this.aggregate(doc) : undefined;
  }

  /** The aggregates matching `filter` (on the index fields), in `sort` order. */
  async find(filter: Filter<AggregateDocument>, sort: Record<string, 1 | -1>, limit: number): Promise<S[]> {
    const docs = await storage(() =>
      this.collection
        .find(filter as Filter<AggregateDocument<Omit<S, 'id' | 'version'>>>, { projection: { state: 1, version: 1 } })
        .sort(sort)
        .limit(limit)
        .toArray(),
    );
    return docs.map((d) => this.aggregate(d));
  }

  /**
   * A newest-first page of a project's aggregates (by the `createdAt` and `status` index fields),
   * from the `project_newest_first` / `project_state_newest_first` indexes; `extra` narrows it.
   */
  page(projectId: number, filter: PageFilter<string>, limit: number, extra: Filter<AggregateDocument> = {}): Promise<S[]> {
    const { after, createdFrom, createdBefore, state } = filter;
    const created = { ...(createdFrom !== undefined ? { $gte: createdFrom } : {}), ...(createdBefore !== undefined ? { $lt: createdBefore } : {}) };
    const query = {
      projectId,
      ...extra,
      ...(state !== undefined ? { status: state } : {}),
      ...(Object.keys(created).length > 0 ? { createdAt: created } : {}),
      ...olderThan(after),
    };
    return this.find(query as Filter<AggregateDocument>, { createdAt: -1, _id: -1 }, limit);
  }

  /**
   * Aggregates whose `dueAt` has come, oldest first (the due-work sweep): those on `testClockId`, or
   * without it those on no clock (`null` also matches documents written before clocks existed).
   */
  due(now: string, limit: number, testClockId?: string): Promise<S[]> {
    return this.find({ dueAt: { $ne: null, $lte: now }, testClockId: testClockId ?? null }, { dueAt: 1 }, limit);
  }

  /** Inserts version 1 with its events; a duplicate `_id` or unique key throws the driver's E11000. */
  async insert(aggregate: S, fields: IndexFields, events: readonly DomainEvent[]): Promise<void> {
    const { id, version, ...state } = aggregate;
    const doc = { ...fields, _id: id, version, shape: SHAPE, state, outbox: [...events], ...(events.length > 0 ? { outboxPending: true } : {}) } as AggregateDocument<Omit<S, 'id' | 'version'>>;
    await this.inserts.load(doc as Document);
  }

  /**
   * Saves `aggregate.version` over `aggregate.version - 1`: false when that is not what is stored.
   * The filter `{ _id, projectId, version }` is the `compare_and_set` index's fields exactly.
   */
  async save(aggregate: S, fields: IndexFields, events: readonly DomainEvent[]): Promise<boolean> {
    const { id, version, ...state } = aggregate;
    const update: Document = { $set: { ...fields, version, shape: SHAPE, state, ...(events.length > 0 ? { outboxPending: true } : {}) } };
    // The outbox by `$push`, or, without events, present from the start should the save write a
    // removed document back (see compareAndSets).
    if (events.length > 0) update['$push'] = { outbox: { $each: [...events] } };
    else update['$setOnInsert'] = { outbox: [] };
    return this.saves.load({ filter: { _id: id, projectId: aggregate.projectId, version: version - 1 }, update });
  }

  /**
   * Unacknowledged events of up to `limit` aggregates. An aggregate flagged but found empty (all its
   * events acknowledged) loses the flag by a compare-and-set on the version read: a save that pushed
   * meanwhile changed the version, so its flag stays.
   */
  async pending(limit: number, testClockId?: string): Promise<DomainEvent[]> {
    const docs = await storage(() =>
      this.collection
        .find({ outboxPending: true, ...(testClockId === undefined ? {} : { testClockId }) } as never, { projection: { outbox: 1, version: 1 } })
        .limit(limit)
        .toArray(),
    );
    const drained = docs.filter((d) => d.outbox.length === 0);
    await Promise.all(drained.map((d) => storage(() => this.collection.updateOne({ _id: d._id, version: d.version } as never, { $unset: { outboxPending: '' } } as never))));
    return docs.flatMap((d) => d.outbox);
  }

  /** The time of the oldest event among the outboxes of up to `limit` flagged documents; reads only. */
  async oldestPendingAt(limit: number): Promise<string | undefined> {
    const docs = await storage(() =>
      this.collection
        .find({ outboxPending: true, testClockId: null } as never, { projection: { outbox: 1 } })
        .limit(limit)
        .toArray(),
    );
    let oldest: string | undefined;
    // Events on a test clock carry its time, not real time: they say nothing of the relay's lag.
    for (const d of docs) for (const e of d.outbox) if (!e.testClockId && (oldest === undefined || e.occurredAt < oldest)) oldest = e.occurredAt;
    return oldest;
  }

  /** Removes one event from its aggregate's outbox by its id: a second acknowledgement changes nothing. */
  async acknowledge(aggregateId: string, eventId: string): Promise<void> {
    await storage(() => this.collection.updateOne({ _id: aggregateId } as never, { $pull: { outbox: { id: eventId } } } as never));
  }

  /** How many documents match `filter` (on the index fields). */
  async count(filter: Filter<AggregateDocument>, limit?: number): Promise<number> {
    return storage(() => this.collection.countDocuments(filter as Filter<AggregateDocument<Omit<S, 'id' | 'version'>>>, limit === undefined ? {} : { limit }));
  }

  /** The BSON bytes of the documents matching `filter` (on the index fields). */
  bytes(filter: Filter<AggregateDocument>): Promise<number> {
    return storedBytes(this.collection, filter as Filter<AggregateDocument<Omit<S, 'id' | 'version'>>>);
  }

  /** Deletes the documents matching `filter`; answers how many went. */
  async deleteMany(filter: Filter<AggregateDocument>): Promise<number> {
    const result = await storage(() => this.collection.deleteMany(filter as Filter<AggregateDocument<Omit<S, 'id' | 'version'>>>));
    return result.deletedCount;
  }

  private aggregate(doc: { _id: string; version: number; state: Omit<S, 'id' | 'version'> }): S {
    return { ...doc.state, id: doc._id, version: doc.version } as unknown as S;
  }
}
