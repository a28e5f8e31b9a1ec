import { JournaledMap, type Journal } from './journal.js';
import type { EventFilter, EventLog } from '@kassa/domain';
import type { DomainEvent } from '@kassa/domain';

const newestFirst = (a: DomainEvent, b: DomainEvent) => (a.occurredAt === b.occurredAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.occurredAt < b.occurredAt ? 1 : -1);

export class InMemoryEventLog implements EventLog {
  /** Each event as JSON text, beside the time it occurred (for the retention) and its project (for a reset). */
  private readonly events: JournaledMap<string, { readonly json: string; readonly occurredAt: string; readonly projectId: number; readonly onClock?: true }>;

  /** With a `journal`, the event log survives a restart. */
  constructor(journal?: Journal) {
    this.events = new JournaledMap(journal, 'events');
  }

  async record(event: DomainEvent): Promise<void> {
    if (!this.events.has(event.id)) {
      this.events.set(event.id, { json: JSON.stringify(event), occurredAt: event.occurredAt, projectId: event.projectId, ...(event.testClockId ? { onClock: true as const } : {}) });
    }
  }

  /** Removes a project's events (the test environment's reset). */
  removeProject(projectId: number): number {
    let removed = 0;
    for (const [id, e] of this.events) if (e.projectId === projectId && this.events.delete(id)) removed += 1;
    return removed;
  }

  /** Removes a project's events recorded on a test clock. */
  removeOnClock(projectId: number, testClockId: string): number {
    let removed = 0;
    for (const [id, e] of this.events) {
      if (e.projectId === projectId && (JSON.parse(e.json) as DomainEvent).testClockId === testClockId && this.events.delete(id)) removed += 1;
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
        removed += 1;
      }
    }
    return removed;
  }

  async list(projectId: number, filter: EventFilter, limit: number): Promise<DomainEvent[]> {
    const { before } = filter;
    return [...this.events.values()]
      .map((e) => JSON.parse(e.json) as DomainEvent)
      .filter((e) => e.projectId === projectId && (filter.type === undefined || e.type === filter.type) && (filter.aggregateId === undefined || e.aggregate.id === filter.aggregateId))
      .filter((e) => !before || e.occurredAt < before.occurredAt || (e.occurredAt === before.occurredAt && e.id < before.id))
      .sort(newestFirst)
      .slice(0, limit);
  }
}
