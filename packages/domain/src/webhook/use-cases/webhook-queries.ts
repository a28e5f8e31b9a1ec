import type { EventFilter } from '../../ports/event-log.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DeliveryFilter } from '../../ports/webhook-delivery-repository.port.js';
import type { DomainEvent } from '../../events/domain-event.js';
import type { WebhookDelivery } from '../webhook-delivery.fields.js';

/** At most this many events a page. */
export const MAX_EVENTS_PAGE = 100;
/** At most this many deliveries an answer. */
export const MAX_DELIVERIES_PAGE = 100;

/** GET events: the project's events, newest first, a page at a time (`before` from the previous page). */
export class ListEvents {
  constructor(private readonly ports: Pick<KassaPorts, 'events'>) {}

  execute(input: { readonly projectId: number; readonly filter: EventFilter; readonly limit: number }): Promise<DomainEvent[]> {
    return this.ports.events.list(input.projectId, input.filter, Math.min(Math.max(1, input.limit), MAX_EVENTS_PAGE));
  }
}

/** GET webhook_deliveries: the project's deliveries with their attempts, newest first. */
export class ListWebhookDeliveries {
  constructor(private readonly ports: Pick<KassaPorts, 'deliveries'>) {}

  execute(input: { readonly projectId: number; readonly filter: DeliveryFilter; readonly limit?: number }): Promise<WebhookDelivery[]> {
    return this.ports.deliveries.list(input.projectId, input.filter, Math.min(Math.max(1, input.limit ?? MAX_DELIVERIES_PAGE), MAX_DELIVERIES_PAGE));
  }
}
