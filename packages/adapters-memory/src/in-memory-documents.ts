import { saved, versionConflict, type SaveResult } from '@kassa-payments/domain';
import type { DomainEvent, Lifecycle } from '@kassa-payments/domain';
import { DocumentIndex } from './document-index.js';
import { JournaledMap, type Journal } from './journal.js';
import { finite, integer, isObject, jsonRecord, listOf, nullable, optional, shape, text } from './restored-checks.js';

/**
 * One stored document: the aggregate as JSON text (what a database keeps: no shared objects, no
 * values JSON cannot hold), the fields the collection looks things up by, and its outbox. Text
 * rather than an object graph keeps a large embedded store cheap for the garbage collector.
 */
interface Stored {
  json: string;
  projectId: number;
  version: number;
  /** When the aggregate next needs a job, in epoch milliseconds: the sweep compares numbers. */
  dueMs: number | null;
  /** Replaced, never changed in place: documents without events share one empty list. */
  outbox: readonly DomainEvent[];
  /**
   * When the aggregate last changed, in the domain's time: its creation, then the newest event of
   * each save that recorded one (every save that ends an aggregate does). The retention counts from it.
   */
  changedAt: string;
  /** The test clock the aggregate lives on (absent in documents journaled before clocks existed). */
  clockId?: string | null;
}

/** What the collection wrote: the aggregate's JSON is its own under the key, of its project and version. */
const storedCheck = shape(
  {
    json: text,
    projectId: integer,
    version: integer,
    dueMs: nullable(finite),
    outbox: listOf((e) => isObject(e) && typeof e['id'] === 'string' && typeof e['occurredAt'] === 'string'),
    changedAt: text,
    clockId: optional(nullable(text)),
  },
  (stored, key) =>
    jsonRecord(stored['json'], key, (a) =>
      a['projectId'] !== stored['projectId'] || a['version'] !== stored['version']
        ? `json: project ${a['projectId']} version ${a['version']}, stored as ${stored['projectId']} ${stored['version']}`
        : undefined,
    ),
);

export interface Versioned {
  readonly id: string;
  readonly projectId: number;
  readonly version: number;
}

const NO_EVENTS: readonly DomainEvent[] = Object.freeze([]);

const copyOf = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The newest `occurredAt` among `events`, or `otherwise`. */
// biome-ignore lint/complexity/useMathMinMax: ISO times compare as strings; Math.max would turn them into NaN.
const latest = (events: readonly DomainEvent[], otherwise: string): string => events.reduce((at, e) => (e.occurredAt > at ? e.occurredAt : at), otherwise);

/**
 * One in-memory collection with the storage rules of the MongoDB one: every read is a fresh copy
 * of what the last write stored; compare-and-set on `version`; an outbox inside each document.
 * Every method runs to completion without awaiting, so each is atomic, like a single-document write.
 */
export class InMemoryDocuments<A extends Versioned> {
  private readonly docs: JournaledMap<string, Stored>;
  private readonly index = new DocumentIndex();

  /**
   * The aggregate's `lifecycle` says when it next needs a job (kept beside it for the due-work sweep)
   * and whether it is live (the retention leaves it alone); with a `journal`, every change is written
   * to it as `collection`, and the documents it kept are back.
   */
  constructor(
    private readonly lifecycle: Pick<Lifecycle<A>, 'dueAt' | 'isLive'>,
    journal?: Journal,
    collection = 'documents',
  ) {
    this.docs = new JournaledMap<string, Stored>(journal, collection, storedCheck);
    for (const [id, stored] of this.docs) this.index.add(id, stored);
  }

  /** Every change of a document goes through here and `drop`, which keep the index. */
  private put(id: string, stored: Stored): void {
    const old = this.docs.get(id);
    if (old) this.index.remove(id, old);
    // Indexed first: the map holds the new value even when its journal write throws (a full disk).
    this.index.add(id, stored);
    this.docs.set(id, stored);
  }

  private drop(id: string): boolean {
    const old = this.docs.get(id);
    if (!old) return false;
    this.index.remove(id, old);
    return this.docs.delete(id);
  }

  /** The stored documents of `ids` (each there: the index follows every change). */
  private *read(ids: Iterable<string>): Iterable<[string, Stored]> {
    for (const id of ids) {
      const stored = this.docs.get(id);
      if (stored) yield [id, stored];
    }
  }

  get(projectId: number, id: string): A | undefined {
    const stored = this.docs.get(id);
    return stored && stored.projectId === projectId ? (JSON.parse(stored.json) as A) : undefined;
  }

  /** The stored aggregate, whatever its project (for key holders). */
  peek(id: string): A | undefined {
    const stored = this.docs.get(id);
    return stored && (JSON.parse(stored.json) as A);
  }

  insert(aggregate: A, events: readonly DomainEvent[]): void {
    if (aggregate.version !== 1) throw new Error(`a new aggregate has version 1, not ${aggregate.version}`);
    if (this.docs.has(aggregate.id)) throw new Error(`duplicate id ${aggregate.id}`);
    const createdAt = (aggregate as { createdAt?: unknown }).createdAt;
    this.put(aggregate.id, this.stored(aggregate, events.length === 0 ? NO_EVENTS : copyOf(events), latest(events, typeof createdAt === 'string' ? createdAt : '')));
  }

  replace(aggregate: A, events: readonly DomainEvent[]): SaveResult {
    const current = this.docs.get(aggregate.id);
    if (!current || current.version !== aggregate.version - 1) return versionConflict();
    this.put(aggregate.id, this.stored(aggregate, events.length === 0 ? current.outbox : [...current.outbox, ...copyOf(events)], latest(events, current.changedAt)));
    return saved();
  }

  /** Copies of the stored aggregates that match, in insertion order. */
  filter(predicate: (a: A) => boolean): A[] {
    return [...this.docs.values()].map((s) => JSON.parse(s.json) as A).filter(predicate);
  }

  /** Copies of the aggregates whose due time has come, oldest due first (only those are read); only those on `testClockId` (or on none). */
  due(now: string, limit: number, testClockId?: string): A[] {
    const nowMs = Date.parse(now);
    const due: (Stored & { dueMs: number })[] = [];
    for (const [, s] of this.read(this.index.dueOn(testClockId ?? null))) if (s.dueMs !== null && s.dueMs <= nowMs) due.push(s as Stored & { dueMs: number });
    return due
      .sort((x, y) => x.dueMs - y.dueMs)
      .slice(0, limit)
      .map((s) => JSON.parse(s.json) as A);
  }

  /**
   * Removes the aggregates no longer live (their lifecycle says) that last changed before `before`
   * (and that `finished`, if given, says are done with), unless events of theirs are still waiting for
   * the relay or work is due; answers the removed ones (for the keys kept beside them). Reads those
   * documents: the retention runs at most hourly.
   */
  evict(before: string, finished?: (a: A) => boolean): A[] {
    const removed: A[] = [];
    for (const [id, stored] of this.docs) {
      // A test clock's records live in its time, not real time: they go with the clock (or a reset).
      if (stored.outbox.length > 0 || stored.dueMs !== null || stored.changedAt >= before || (stored.clockId ?? null) !== null) continue;
      const aggregate = JSON.parse(stored.json) as A;
      if (this.lifecycle.isLive(aggregate) || (finished && !finished(aggregate))) continue;
      this.drop(id);
      removed.push(aggregate);
    }
    return removed;
  }

  /** Removes every document of `projectId` (its outbox with it); answers how many. */
  removeProject(projectId: number): number {
    let removed = 0;
    for (const [id, stored] of this.docs) if (stored.projectId === projectId && this.drop(id)) removed += 1;
    return removed;
  }

  /** The time of the oldest event in any outbox, without copying one. */
  oldestPendingAt(): string | undefined {
    let oldest: string | undefined;
    // Events on a test clock carry its time, not real time: they say nothing of the relay's lag.
    for (const [, s] of this.read(this.index.withEvents())) for (const e of s.outbox) if (!e.testClockId && (oldest === undefined || e.occurredAt < oldest)) oldest = e.occurredAt;
    return oldest;
  }

  /** Events in the outboxes; with `testClockId`, only those recorded on that clock. */
  pendingEvents(testClockId?: string): DomainEvent[] {
    return [...this.read(this.index.withEvents())].flatMap(([, s]) => copyOf(testClockId === undefined ? s.outbox : s.outbox.filter((e) => e.testClockId === testClockId)));
  }

  /** Removes every document of `projectId` on `testClockId`; answers the removed ones. */
  removeOnClock(projectId: number, testClockId: string): A[] {
    const removed: A[] = [];
    for (const [id, stored] of [...this.read(this.index.onClock(testClockId))]) {
      if (stored.projectId !== projectId) continue;
      this.drop(id);
      removed.push(JSON.parse(stored.json) as A);
    }
    return removed;
  }

  /** How many documents of `projectId` live on `testClockId`. */
  countOnClock(projectId: number, testClockId: string): number {
    let count = 0;
    for (const [, stored] of this.read(this.index.onClock(testClockId))) if (stored.projectId === projectId) count += 1;
    return count;
  }

  /** The characters of the JSON text of the documents of `projectId` on `testClockId`: about their bytes (a test clock's retention by size). */
  bytesOnClock(projectId: number, testClockId: string): number {
    let bytes = 0;
    for (const [, stored] of this.read(this.index.onClock(testClockId))) if (stored.projectId === projectId) bytes += stored.json.length;
    return bytes;
  }

  /** Removes one document; answers whether it was there. */
  remove(projectId: number, id: string): boolean {
    return this.docs.get(id)?.projectId === projectId && this.drop(id);
  }

  acknowledge(aggregateId: string, eventId: string): void {
    const stored = this.docs.get(aggregateId);
    if (stored) {
      this.index.remove(aggregateId, stored);
      stored.outbox = stored.outbox.filter((e) => e.id !== eventId);
      this.index.add(aggregateId, stored);
      this.docs.touch(aggregateId);
    }
  }

  private stored(aggregate: A, outbox: readonly DomainEvent[], changedAt: string): Stored {
    const dueAt = this.lifecycle.dueAt(aggregate);
    const clockId = (aggregate as { testClockId?: string }).testClockId ?? null;
    return { json: JSON.stringify(aggregate), projectId: aggregate.projectId, version: aggregate.version, dueMs: dueAt === null ? null : Date.parse(dueAt), outbox, changedAt, clockId };
  }
}
