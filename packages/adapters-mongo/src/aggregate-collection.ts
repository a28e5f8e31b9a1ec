import type { Collection, Document, Filter } from 'mongodb';
import type { DomainEvent } from '@kassa/domain';
import { storage } from './mongo-errors.js';

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
  /** `outbox.length`, kept by the same updates. */
  outboxSize: number;
  /**
   * Present (true) while the outbox holds events: the relay finds them by equality on a sparse
   * index, which every server answers from the index (mongo-java-server scans for a range).
   */
  outboxPending?: true;
  [field: string]: unknown;
}

/** What a repository writes beside the state: the fields its queries and unique keys use. */
export type IndexFields = Record<string, unknown>;

/**
 * One collection of aggregates on MongoDB's own guarantees: a single-document write is atomic, so a
 * save is one `updateOne` filtered by the version it read (zero matched: someone saved first), and
 * the events ride in the same update (`$push` to the outbox), so state and events commit together.
 */
export class AggregateCollection<S extends { id: string; version: number }> {
  constructor(readonly collection: Collection<AggregateDocument<Omit<S, 'id' | 'version'>>>) {}

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

  /** Aggregates whose `dueAt` has come, oldest first (the due-work sweep). */
  due(now: string, limit: number): Promise<S[]> {
    return this.find({ dueAt: { $ne: null, $lte: now } }, { dueAt: 1 }, limit);
  }

  /** Inserts version 1 with its events; a duplicate `_id` or unique key throws the driver's E11000. */
  async insert(aggregate: S, fields: IndexFields, events: readonly DomainEvent[]): Promise<void> {
    const { id, version, ...state } = aggregate;
    const doc = { ...fields, _id: id, version, state, outbox: [...events], outboxSize: events.length, ...(events.length > 0 ? { outboxPending: true } : {}) } as AggregateDocument<
      Omit<S, 'id' | 'version'>
    >;
    await storage(() => this.collection.insertOne(doc as never));
  }

  /** Saves `aggregate.version` over `aggregate.version - 1`: false when that is not what is stored. */
  async save(aggregate: S, fields: IndexFields, events: readonly DomainEvent[]): Promise<boolean> {
    const { id, version, ...state } = aggregate;
    const update: Document = { $set: { ...fields, version, state, ...(events.length > 0 ? { outboxPending: true } : {}) } };
    if (events.length > 0) {
      update['$push'] = { outbox: { $each: [...events] } };
      update['$inc'] = { outboxSize: events.length };
    }
    const result = await storage(() => this.collection.updateOne({ _id: id, version: version - 1 } as never, update as never));
    return result.matchedCount === 1;
  }

  /** Unacknowledged events of up to `limit` aggregates. */
  async pending(limit: number): Promise<DomainEvent[]> {
    const docs = await storage(() =>
      this.collection
        .find({ outboxPending: true } as never, { projection: { outbox: 1 } })
        .limit(limit)
        .toArray(),
    );
    return docs.flatMap((d) => d.outbox);
  }

  /**
   * Removes one event from its aggregate's outbox; the filters make a second acknowledgement a no-op.
   * The common case, the last pending event, empties the outbox and drops the flag in one update; a
   * save that pushed meanwhile makes `outboxSize` 2, so that update matches nothing and the flag stays.
   */
  async acknowledge(aggregateId: string, eventId: string): Promise<void> {
    const last = await storage(() =>
      this.collection.updateOne({ _id: aggregateId, 'outbox.id': eventId, outboxSize: 1 } as never, { $set: { outbox: [], outboxSize: 0 }, $unset: { outboxPending: '' } } as never),
    );
    if (last.matchedCount === 1) return;
    await storage(() => this.collection.updateOne({ _id: aggregateId, 'outbox.id': eventId } as never, { $pull: { outbox: { id: eventId } }, $inc: { outboxSize: -1 } } as never));
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
