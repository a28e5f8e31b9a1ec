import type { DomainEvent, EventFeedEntry, FeedStart } from '@kassa-payments/domain';
import { JournaledMap, type Journal } from './journal.js';
import { integer, optional, shape, text, type RestoredCheck } from './restored-checks.js';
import { NewestFirstIndex } from './newest-first-index.js';

/** One feed entry: its place, when it was written, its event (and that event's retention fields: an entry goes with its event). */
export interface StoredEntry {
  readonly projectId: number;
  readonly seq: number;
  readonly at: string;
  readonly eventId: string;
  readonly redelivery: boolean;
  readonly occurredAt: string;
  readonly testClockId?: string;
  /** A reset's mark: no event (`eventId` empty); every place of the project before it is gone. */
  readonly floor?: boolean;
}

const boolean = (v: unknown) => typeof v === 'boolean';
const counter: RestoredCheck = (v) => (Number.isSafeInteger(v) ? undefined : 'an integer expected');

/** The index of a project's sequence numbers, ascending (appended in order: one process takes them). */
function lowerBound(seqs: readonly number[], seq: number): number {
  let [lo, hi] = [0, seqs.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((seqs[mid] as number) < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The event feed in memory, as MongoDB's `event_feed` and `event_feed_counters`: one entry per
 * event entering the log and per redelivery, each with the next number of its project's counter
 * (kept across a reset, so a number is never given twice). One process takes the numbers one at a
 * time, so this feed has no gaps; the contract suite makes them another way.
 */
export class InMemoryEventFeed {
  private readonly entries: JournaledMap<string, StoredEntry>;
  private readonly counters: JournaledMap<number, number>;
  /** Each project's places in order, and the entry at each. */
  private readonly order = new Map<number, { seqs: number[]; ids: Map<number, string> }>();
  /** Each project's entries by (time written, id): where a `since` time starts. */
  private readonly byTime = new NewestFirstIndex();

  constructor(journal?: Journal) {
    this.entries = new JournaledMap(
      journal,
      'event_feed',
      shape({ projectId: integer, seq: integer, at: text, eventId: text, redelivery: boolean, occurredAt: text, testClockId: optional(text), floor: optional(boolean) }),
    );
    this.counters = new JournaledMap(journal, 'event_feed_counters', counter, Number);
    const restored = [...this.entries].sort(([, a], [, b]) => a.seq - b.seq);
    for (const [id, e] of restored) this.index(id, e);
  }

  /** Appends the entry `id` unless the feed has it (idempotent): the next place of its project. */
  append(id: string, entry: Omit<StoredEntry, 'seq'>): void {
    if (this.entries.has(id)) return;
    const seq = (this.counters.get(entry.projectId) ?? 0) + 1;
    this.counters.set(entry.projectId, seq);
    const stored: StoredEntry = { ...entry, seq };
    this.entries.set(id, stored);
    this.index(id, stored);
  }

  /** Entries after `afterSeq` by place, each with its event when `eventOf` still has it. */
  after(projectId: number, afterSeq: number, limit: number, eventOf: (id: string) => DomainEvent | undefined): EventFeedEntry[] {
    const order = this.order.get(projectId);
    if (!order) return [];
    const page: EventFeedEntry[] = [];
    for (let i = lowerBound(order.seqs, afterSeq + 1); i < order.seqs.length && page.length < limit; i += 1) {
      const id = order.ids.get(order.seqs[i] as number) as string;
      const e = this.entries.get(id);
      if (!e) continue;
      const event = e.floor ? undefined : eventOf(e.eventId);
      page.push({ seq: e.seq, id, at: e.at, redelivery: e.redelivery, ...(event ? { event } : {}), ...(e.floor ? { floor: true as const } : {}) });
    }
    return page;
  }

  position(projectId: number, start: FeedStart): number | undefined {
    if (start === 'end') return this.counters.get(projectId) ?? 0;
    if ('entryId' in start) {
      const e = this.entries.get(start.entryId);
      return e && e.projectId === projectId ? e.seq : undefined;
    }
    for (const [, id] of this.byTime.oldestFirst(projectId, start.time)) {
      const e = this.entries.get(id);
      if (e) return e.seq - 1;
    }
    return this.counters.get(projectId) ?? 0;
  }

  /**
   * A reset of the project's feed: its entries go (the counter stays: a place is never given twice),
   * and a mark takes the next place, so that a reader behind it passes the removed places at once.
   * One mark a project: the next reset removes it with the rest.
   */
  reset(projectId: number, at: string): void {
    this.removeWhere((e) => e.projectId === projectId, true);
    const seq = (this.counters.get(projectId) ?? 0) + 1;
    this.append(`reset~${projectId}~${seq}`, { projectId, at, eventId: '', redelivery: false, occurredAt: at, floor: true });
  }

  /** Removes the entries `gone` says (their events left the log), never a reset's mark unless `marksToo`; how many. */
  removeWhere(gone: (e: StoredEntry) => boolean, marksToo = false): number {
    let removed = 0;
    for (const [id, e] of this.entries) {
      if ((e.floor && !marksToo) || !gone(e)) continue;
      this.entries.delete(id);
      this.byTime.remove(e.projectId, e.at, id);
      const order = this.order.get(e.projectId);
      if (order) {
        const i = lowerBound(order.seqs, e.seq);
        if (order.seqs[i] === e.seq) order.seqs.splice(i, 1);
        order.ids.delete(e.seq);
      }
      removed += 1;
    }
    return removed;
  }

  private index(id: string, e: StoredEntry): void {
    const order = this.order.get(e.projectId) ?? { seqs: [], ids: new Map<number, string>() };
    order.seqs.push(e.seq);
    order.ids.set(e.seq, id);
    this.order.set(e.projectId, order);
    this.byTime.add(e.projectId, e.at, id);
    if ((this.counters.get(e.projectId) ?? 0) < e.seq) this.counters.set(e.projectId, e.seq);
  }
}
