import type { RequestContext } from '../../ports/request-context.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { fail, type DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { deliveryLifecycle, redeliver, type WebhookDelivery } from '../webhook-delivery.js';
import { runStampedCommand } from '../../application/run-command.js';

/**
 * POST webhook_deliveries/{id}/redeliver: a new attempt now, with the same webhook-id (a new
 * timestamp and signature); a dead delivery comes back to life with a fresh schedule. The event
 * log notes the redelivery as a feed entry of its own, so a `kassa listen` session forwards the
 * event again too (the dashboard's redelivery and the operators' recovery come through here).
 */
export class RedeliverWebhook {
  constructor(private readonly ports: Pick<KassaPorts, 'deliveries' | 'scheduler' | 'clock' | 'ids' | 'time' | 'events'>) {}

  async execute(input: { readonly projectId: number; readonly deliveryId: string }, context?: RequestContext): Promise<Result<WebhookDelivery, DomainError>> {
    const { deliveries, events, ids, clock } = this.ports;
    const result = await runStampedCommand(
      this.ports,
      {
        lifecycle: deliveryLifecycle,
        load: () => deliveries.get(input.projectId, input.deliveryId),
        missing: fail('NOT_FOUND', 'No such webhook delivery'),
        command: redeliver,
        save: (d) => deliveries.save(d),
      },
      context,
    );
    if (result.ok) await events.markRedelivered(input.projectId, result.value.eventId, { id: ids.newId(), at: clock.now().toISOString() });
    return result;
  }
}
