import { JournaledMap, type Journal } from './journal.js';
import { integer, isObject, jsonRecord, listOf, optional, shape, text } from './restored-checks.js';
import { NewestFirstIndex } from './newest-first-index.js';
import { REDELIVERIES_KEPT, redeliveryEntryId, type EventFeedEntry, type EventFilter, type EventLog } from '@kassa/domain';
import type { DomainEvent } from '@kassa/domain';

interface Redelivery {
  readonly id: string;
  readonly at: string;
}

/** One logged event: its JSON text, the time it occurred (the retention), its project (a reset), when it entered the log and its redeliveries (the feed). */
interface Stored {
  readonly json: string;
  readonly occurredAt: string;
  readonly projectId: number;
  readonly onClock?: true;
  /** Absent in a journal of before the feed: the event then is in no feed. */
  readonly recordedAt?: string;
  readonly redeliveries?: readonly Redelivery[];
}

const redelivery = (v: unknown) => isObject(v) && typeof v['id'] === 'string' && typeof v['at'] === 'string';

export class InMemoryEventLog implements EventLog {
  /** Each event as JSON text, beside the fields it is found by. */
  private readonly events: JournaledMap<string, Stored>;

  /** Each project's events newest first (time, then id), rebuilt from the log at start. */
  private readonly newest = new NewestFirstIndex();
  /** Each project's feed entries by (entry time, entry id): the events as they entered the log, and their redeliveries. */
  private readonly entries = new NewestFirstIndex();

  /** With a `journal`, the event log survives a restart. */
  constructor(
    journal?: Journal,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.events = new JournaledMap(
      journal,
      'events',
      shape({ json: text, occurredAt: text, projectId: integer, onClock: optional((v) => v === true), recordedAt: optional(text), redeliveries: optional(listOf(redelivery)) }, (e, key) =>
        jsonRecord(e['json'], key),
      ),
    );
    for (const [id, e] of this.events) {
      this.newest.add(e.projectId, e.occurredAt, id);
      this.indexEntries(id, e, 'add');
    }
  }

  async record(event: DomainEvent, recordedAt = this.now().toISOString()): Promise<void> {
    if (!this.events.has(event.id)) {
      const stored: Stored = { json: JSON.stringify(event), occurredAt: event.occurredAt, projectId: event.projectId, ...(event.testClockId ? { onClock: true as const } : {}), recordedAt };
      this.newest.add(event.projectId, event.occurredAt, event.id);
      this.indexEntries(event.id, stored, 'add');
      this.events.set(event.id, stored);
    }
  }

  async markRedelivered(projectId: number, eventId: string, mark: Redelivery): Promise<void> {
    const stored = this.events.get(eventId);
    if (!stored || stored.projectId !== projectId) return;
    const all = [...(stored.redeliveries ?? []), { id: mark.id, at: mark.at }];
    const kept = all.slice(-REDELIVERIES_KEPT);
    for (const gone of all.slice(0, all.length - kept.length)) this.entries.remove(projectId, gone.at, redeliveryEntryId(eventId, gone.id));
    this.entries.add(projectId, mark.at, redeliveryEntryId(eventId, mark.id));
    this.events.set(eventId, { ...stored, redeliveries: kept });
  }

  async feed(projectId: number, since: string, limit: number): Promise<EventFeedEntry[]> {
    const page: EventFeedEntry[] = [];
    for (const [at, entryId] of this.entries.oldestFirst(projectId, since)) {
      if (page.length >= limit) break;
      const cut = entryId.indexOf('~');
      const stored = this.events.get(cut < 0 ? entryId : entryId.slice(0, cut));
      if (stored) page.push({ id: entryId, at, event: JSON.parse(stored.json) as DomainEvent, redelivery: cut >= 0 });
    }
    return page;
  }

  async feedPosition(projectId: number, entryId: string): Promise<string | undefined> {
    const cut = entryId.indexOf('~');
    const stored = this.events.get(cut < 0 ? entryId : entryId.slice(0, cut));
    if (!stored || stored.projectId !== projectId) return undefined;
    return cut < 0 ? stored.recordedAt : stored.redeliveries?.find((r) => redeliveryEntryId(entryId.slice(0, cut), r.id) === entryId)?.at;
  }

  /** Removes a project's events (the test environment's reset). */
  removeProject(projectId: number): number {
    let removed = 0;
    for (const [id, e] of this.events) if (e.projectId === projectId && this.events.delete(id)) removed += 1;
    this.newest.removeProject(projectId);
    this.entries.removeProject(projectId);
    return removed;
  }

  /** Removes a project's events recorded on a test clock. */
  removeOnClock(projectId: number, testClockId: string): number {
    let removed = 0;
    for (const [id, e] of this.events) {
      if (e.projectId === projectId && (JSON.parse(e.json) as DomainEvent).testClockId === testClockId && this.events.delete(id)) {
        this.forget(id, e);
        removed += 1;
      }
    }
    return removed;
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

  private forget(id: string, e: Stored): void {
    this.newest.remove(e.projectId, e.occurredAt, id);
    this.indexEntries(id, e, 'remove');
  }

  private indexEntries(id: string, e: Stored, how: 'add' | 'remove'): void {
    if (e.recordedAt) this.entries[how](e.projectId, e.recordedAt, id);
    for (const r of e.redeliveries ?? []) this.entries[how](e.projectId, r.at, redeliveryEntryId(id, r.id));
  }
}
