import { saved, versionConflict, type SaveResult } from '../ports/save-result.js';
import type { DomainEvent } from '../shared/events.js';

/** A JSON round trip: what a database would store and give back; nothing shared with callers. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Deep-freezes a stored copy, so it can be handed out on every read without copying again. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

/** What a write stores: a JSON round trip (only what a database could keep), frozen. */
const toStored = <T>(value: T): T => frozen(copy(value));

interface Stored<A> {
  aggregate: A;
  outbox: DomainEvent[];
}

export interface Versioned {
  readonly id: string;
  readonly projectId: number;
  readonly version: number;
}

/**
 * One in-memory collection with the storage rules of the MongoDB one: writes store a JSON copy
 * (what a database could keep), frozen, so reads hand out the stored object without copying and no
 * caller can change it; compare-and-set on `version`, and an outbox inside each document.
 * Every method runs to completion without awaiting, so each is atomic, like a single-document write.
 */
export class InMemoryDocuments<A extends Versioned> {
  private readonly docs = new Map<string, Stored<A>>();

  get(projectId: number, id: string): A | undefined {
    const stored = this.docs.get(id);
    return stored && stored.aggregate.projectId === projectId ? stored.aggregate : undefined;
  }

  /** The stored aggregate, whatever its project (for key holders). */
  peek(id: string): A | undefined {
    return this.docs.get(id)?.aggregate;
  }

  insert(aggregate: A, events: readonly DomainEvent[]): void {
    if (aggregate.version !== 1) throw new Error(`a new aggregate has version 1, not ${aggregate.version}`);
    if (this.docs.has(aggregate.id)) throw new Error(`duplicate id ${aggregate.id}`);
    this.docs.set(aggregate.id, { aggregate: toStored(aggregate), outbox: [...toStored(events)] });
  }

  replace(aggregate: A, events: readonly DomainEvent[]): SaveResult {
    const stored = this.docs.get(aggregate.id);
    if (!stored || stored.aggregate.version !== aggregate.version - 1) return versionConflict();
    stored.aggregate = toStored(aggregate);
    stored.outbox.push(...toStored(events));
    return saved();
  }

  /** Copies of the stored aggregates that match, in insertion order. */
  filter(predicate: (a: A) => boolean): A[] {
    return [...this.docs.values()].filter((s) => predicate(s.aggregate)).map((s) => s.aggregate);
  }

  /** Copies of the stored aggregates whose due time has come, oldest due first; reads in place, copies only those. */
  due(dueAt: (a: A) => string | null, now: string, limit: number): A[] {
    return dueOf([...this.docs.values()].map((s) => s.aggregate), dueAt, now, limit);
  }

  pendingEvents(): DomainEvent[] {
    return [...this.docs.values()].flatMap((s) => s.outbox);
  }

  acknowledge(aggregateId: string, eventId: string): void {
    const stored = this.docs.get(aggregateId);
    if (stored) stored.outbox = stored.outbox.filter((e) => e.id !== eventId);
  }
}

/** Oldest due first: `dueAt(a) <= now`, sorted by due time. */
export function dueOf<A>(items: A[], dueAt: (a: A) => string | null, now: string, limit: number): A[] {
  const nowMs = Date.parse(now);
  return items
    .map((a) => ({ a, at: dueAt(a) }))
    .filter((x): x is { a: A; at: string } => x.at !== null && Date.parse(x.at) <= nowMs)
    .sort((x, y) => Date.parse(x.at) - Date.parse(y.at))
    .slice(0, limit)
    .map((x) => x.a);
}
