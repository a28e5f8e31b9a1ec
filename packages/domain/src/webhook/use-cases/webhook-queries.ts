import type { EventFilter } from '../../ports/event-log.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DeliveryFilter } from '../../ports/webhook-delivery-repository.port.js';
import type { DomainEvent } from '../../events/domain-event.js';
import type { WebhookDelivery } from '../webhook-delivery.js';
import { type Page, pageOf, pageSize } from '../../shared/page.js';

/** GET events: the project's events, newest first, a page at a time (`after`: the `next` of the page before). */
export class ListEvents {
  constructor(private readonly ports: Pick<KassaPorts, 'events'>) {}

  async execute(input: { readonly projectId: number; readonly filter: EventFilter; readonly limit?: number }): Promise<Page<DomainEvent>> {
    const limit = pageSize(input.limit);
    const events = await this.ports.events.list(input.projectId, input.filter, limit + 1);
    return pageOf(events, limit, (e) => ({ createdAt: e.occurredAt, id: e.id }));
  }
}

/** GET webhook_deliveries: the project's deliveries with their attempts, newest first, a page at a time. */
export class ListWebhookDeliveries {
  constructor(private readonly ports: Pick<KassaPorts, 'deliveries'>) {}

  async execute(input: { readonly projectId: number; readonly filter: DeliveryFilter; readonly limit?: number }): Promise<Page<WebhookDelivery>> {
    const limit = pageSize(input.limit);
    const deliveries = await this.ports.deliveries.list(input.projectId, input.filter, limit + 1);
    return pageOf(deliveries, limit, (d) => ({ createdAt: d.createdAt, id: d.id }));
  }
}
