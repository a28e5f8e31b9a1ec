import { LRUCache } from 'lru-cache';
import type { Collection, Filter } from 'mongodb';
import type { AggregateKind, DomainEvent } from '@kassa/domain';

/** What a revision belongs to: an aggregate that records events, or a webhook delivery. */
export type RevisionKind = AggregateKind | 'delivery';
import { isDuplicateKey, storage } from './mongo-errors.js';

/**
 * A revision: one saved version of one aggregate, its full state and the events recorded with it.
 * Inserting it is the compare-and-set of a save: `_id` is `<kind>:<id>:<version>`, so of concurrent
 * saves of one version exactly one inserts. (Servers such as FerretDB 1.24 apply a filtered
 * update as read-then-write, so `updateOne({_id, version})` is not a compare-and-set there; an
 * insert against a unique `_id` is, everywhere.)
 */
export interface RevisionDocument {
  _id: string;
  kind: RevisionKind;
  aggregateId: string;
  version: number;
  state: Record<string, unknown>;
  /** Events not yet acknowledged by the relay. */
  outbox: DomainEvent[];
  outboxCount: number;
}

/** The current document of an aggregate: its fields, `_id`, `version`, and derived index fields. */
export type CurrentDocument = Record<string, unknown> & { _id: string; version: number };

const revisionId = (kind: RevisionKind, id: string, version: number) => `${kind}:${id}:${version}`;

/**
 * One aggregate collection with single-document writes only. Each save inserts a revision (the
 * winner of its version), then writes the current document as a projection of it. A reader walks
 * from the current document to any newer revision, so a projection that a crash left behind, or
 * that a slow writer put back, is never what a caller sees, and nothing needs a transaction.
 */
export class VersionedCollection {
  /**
   * The highest version of an aggregate this process has seen saved. Versions are saved in order and
   * revisions are never deleted, so "version n exists" stays true once seen: a save of the version
   * after a seen one skips the read that checks its predecessor (half the reads of a load-then-save,
   * measured in docs/decisions.md). At most 100,000 aggregates, least recently used out first.
   */
  private readonly known = new LRUCache<string, number>({ max: 100_000 });

  constructor(
    private readonly kind: RevisionKind,
    readonly current: Collection<CurrentDocument>,
    private readonly revisions: Collection<RevisionDocument>,
  ) {}

  private saw(id: string, version: number): void {
    if ((this.known.get(id) ?? 0) >= version) return;
    this.known.set(id, version);
  }

  /** The latest saved state of the aggregate, or undefined. */
  async load(id: string): Promise<CurrentDocument | undefined> {
    const doc = await storage(() => this.current.findOne({ _id: id }));
    return doc ? this.latest(doc) : undefined;
  }

  /** Walks forward from a (possibly stale) current document through newer revisions. */
  async latest(doc: CurrentDocument): Promise<CurrentDocument> {
    let state = doc;
    for (;;) {
      const next = await storage(() => this.revisions.findOne({ _id: revisionId(this.kind, state._id, state.version + 1) }));
      if (!next) {
        this.saw(state._id, state.version);
        return state;
      }
      state = { ...next.state, _id: state._id, version: next.version } as CurrentDocument;
      // Bring the projection forward for the next reader; harmless if it races (readers walk anyway).
      await storage(() => this.current.replaceOne({ _id: state._id }, state));
    }
  }

  /** The current documents matching `filter`, each brought to its latest state and re-checked. */
  async find(filter: Filter<CurrentDocument>, sort: Record<string, 1 | -1>, limit: number, stillMatches: (d: CurrentDocument) => boolean): Promise<CurrentDocument[]> {
    const docs = await storage(() => this.current.find(filter).sort(sort).limit(limit).toArray());
    const latest = await Promise.all(docs.map((d) => this.latest(d)));
    return latest.filter(stillMatches);
  }

  /** Aggregates whose derived `dueAt` has come, oldest first (due work for the jobs' sweep). */
  due(now: string, limit: number): Promise<CurrentDocument[]> {
    const isDue = (d: CurrentDocument) => typeof d['dueAt'] === 'string' && d['dueAt'] <= now;
    return this.find({ dueAt: { $ne: null, $lte: now } }, { dueAt: 1 }, limit, isDue);
  }

  /** Inserts a new aggregate (version 1). A duplicate `_id` or unique key throws the driver's E11000. */
  async insert(doc: CurrentDocument, events: readonly DomainEvent[]): Promise<void> {
    await storage(() => this.current.insertOne(doc));
    if (events.length > 0) await this.insertRevision(doc, events);
    this.saw(doc._id, doc.version);
  }

  /**
   * Saves version `doc.version`: false when another save of that version won, or when the version
   * before it was never saved (a caller that skipped versions would otherwise strand the aggregate).
   */
  async save(doc: CurrentDocument, events: readonly DomainEvent[]): Promise<boolean> {
    if ((this.known.get(doc._id) ?? 0) < doc.version - 1 && !(await this.hasVersion(doc._id, doc.version - 1))) return false;
    try {
      await this.insertRevision(doc, events);
    } catch (e) {
      if (isDuplicateKey(e)) return false;
      throw e;
    }
    this.saw(doc._id, doc.version);
    await storage(() => this.current.replaceOne({ _id: doc._id }, doc));
    return true;
  }

  /** Removes a new aggregate that lost its unique key before anyone could see it. */
  async remove(id: string): Promise<void> {
    this.known.delete(id);
    await storage(() => this.current.deleteOne({ _id: id }));
  }

  private async hasVersion(id: string, version: number): Promise<boolean> {
    if (await storage(() => this.revisions.findOne({ _id: revisionId(this.kind, id, version) }, { projection: { _id: 1 } }))) return true;
    // Version 1 is the inserted document itself (creation writes no revision unless it has events).
    return version === 1 && (await storage(() => this.current.findOne({ _id: id }, { projection: { _id: 1 } }))) !== null;
  }

  private async insertRevision(doc: CurrentDocument, events: readonly DomainEvent[]): Promise<void> {
    const { _id, version, ...state } = doc;
    await storage(() => this.revisions.insertOne({ _id: revisionId(this.kind, _id, version), kind: this.kind, aggregateId: _id, version, state, outbox: [...events], outboxCount: events.length }));
  }
}
