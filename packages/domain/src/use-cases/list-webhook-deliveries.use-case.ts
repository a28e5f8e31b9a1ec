import type { KassaPorts } from '../ports/kassa-ports.js';
import type { DeliveryFilter } from '../ports/webhook-delivery-repository.port.js';
import type { WebhookDelivery } from '../webhook/webhook-delivery.fields.js';

/** At most this many deliveries an answer. */
export const MAX_DELIVERIES_PAGE = 100;

/** GET webhook-deliveries: the project's deliveries with their attempts, newest first. */
export class ListWebhookDeliveries {
  constructor(private readonly ports: Pick<KassaPorts, 'deliveries'>) {}

  execute(input: { readonly projectId: number; readonly filter: DeliveryFilter; readonly limit?: number }): Promise<WebhookDelivery[]> {
    return this.ports.deliveries.list(input.projectId, input.filter, Math.min(Math.max(1, input.limit ?? MAX_DELIVERIES_PAGE), MAX_DELIVERIES_PAGE));
  }
}
