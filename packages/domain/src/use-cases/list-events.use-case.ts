import type { EventFilter } from '../ports/event-log.port.js';
import type { KassaPorts } from '../ports/kassa-ports.js';
import type { DomainEvent } from '../shared/domain-event.js';

/** At most this many events a page. */
export const MAX_EVENTS_PAGE = 100;

/** GET events: the project's events, newest first, a page at a time (`before` from the previous page). */
export class ListEvents {
  constructor(private readonly ports: Pick<KassaPorts, 'events'>) {}

  execute(input: { readonly projectId: number; readonly filter: EventFilter; readonly limit: number }): Promise<DomainEvent[]> {
    return this.ports.events.list(input.projectId, input.filter, Math.min(Math.max(1, input.limit), MAX_EVENTS_PAGE));
  }
}
