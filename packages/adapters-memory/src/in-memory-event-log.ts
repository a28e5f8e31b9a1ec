import type { EventFilter, EventLog } from '@kassa/domain';
import type { DomainEvent } from '@kassa/domain';

const newestFirst = (a: DomainEvent, b: DomainEvent) => (a.occurredAt === b.occurredAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.occurredAt < b.occurredAt ? 1 : -1);

export class InMemoryEventLog implements EventLog {
  private readonly events = new Map<string, string>();

  async record(event: DomainEvent): Promise<void> {
    if (!this.events.has(event.id)) this.events.set(event.id, JSON.stringify(event));
  }

  async list(projectId: number, filter: EventFilter, limit: number): Promise<DomainEvent[]> {
    const { before } = filter;
    return [...this.events.values()]
      .map((json) => JSON.parse(json) as DomainEvent)
      .filter((e) => e.projectId === projectId && (filter.type === undefined || e.type === filter.type))
      .filter((e) => !before || e.occurredAt < before.occurredAt || (e.occurredAt === before.occurredAt && e.id < before.id))
      .sort(newestFirst)
      .slice(0, limit);
  }
}
