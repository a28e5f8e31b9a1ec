import { JournaledMap, type Journal } from './journal.js';
import { integer, jsonRecord, optional, shape, text } from './restored-checks.js';
import { NewestFirstIndex } from './newest-first-index.js';
import type { EventFilter, EventLog } from '@kassa/domain';
import type { DomainEvent } from '@kassa/domain';

export class InMemoryEventLog implements EventLog {
  /** Each event as JSON text, beside the time it occurred (for the retention) and its project (for a reset). */
  private readonly events: JournaledMap<string, { readonly json: string; readonly occurredAt: string; readonly projectId: number; readonly onClock?: true }>;

  /** Each project's events newest first (time, then id), rebuilt from the log at start. */
  private readonly newest = new NewestFirstIndex();

  /** With a `journal`, the event log survives a restart. */
  constructor(journal?: Journal) {
    this.events = new JournaledMap(
      journal,
      'events',
      shape({ json: text, occurredAt: text, projectId: integer, onClock: optional((v) => v === true) }, (e, key) => jsonRecord(e['json'], key)),
    );
    for (const [id, e] of this.events) this.newest.add(e.projectId, e.occurredAt, id);
  }

  async record(event: DomainEvent): Promise<void> {
    if (!this.events.has(event.id)) {
      this.newest.add(event.projectId, event.occurredAt, event.id);
      this.events.set(event.id, { json: JSON.stringify(event), occurredAt: event.occurredAt, projectId: event.projectId, ...(event.testClockId ? { onClock: true as const } : {}) });
    }
  }

  /** Removes a project's events (the test environment's reset). */
  removeProject(projectId: number): number {
    let removed = 0;
    for (const [id, e] of this.events) if (e.projectId === projectId && this.events.delete(id)) removed += 1;
    this.newest.removeProject(projectId);
    return removed;
  }

  /** Removes a project's events recorded on a test clock. */
  removeOnClock(projectId: number, testClockId: string): number {
    let removed = 0;
    for (const [id, e] of this.events) {
      if (e.projectId === projectId && (JSON.parse(e.json) as DomainEvent).testClockId === testClockId && this.events.delete(id)) {
        this.newest.remove(e.projectId, e.occurredAt, id);
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
        this.newest.remove(e.projectId, e.occurredAt, id);
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
}
