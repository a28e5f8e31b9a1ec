import type { RequestContext } from '../../ports/request-context.port.js';
import { runStampedCommand } from '../../application/run-command.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { ok } from '../../shared/result.js';
import { noteEndpointDelivery, webhookEndpointLifecycle, type EndpointDeliveryOutcome } from '../webhook-endpoint.js';

/**
 * What an attempt of a delivery tells of its endpoint (AttemptDelivery asks after each): a success
 * clears its failing record; failures start it, and disable the endpoint once its deliveries have
 * failed for `settings.endpointDisableAfterHours` (recording WebhookEndpointDisabled, relayed like
 * any event). A deleted endpoint is no matter. A lost race runs again on the fresh endpoint.
 */
export class NoteEndpointDelivery {
  constructor(private readonly ports: Pick<KassaPorts, 'endpoints' | 'settings' | 'scheduler' | 'clock' | 'ids' | 'time'>) {}

  async execute(input: { readonly projectId: number; readonly endpointId: string; readonly outcome: EndpointDeliveryOutcome }, context?: RequestContext): Promise<void> {
    const { endpoints, settings } = this.ports;
    await runStampedCommand(
      this.ports,
      {
        lifecycle: webhookEndpointLifecycle,
        load: () => endpoints.get(input.projectId, input.endpointId),
        missing: ok(undefined),
        command: (endpoint, stamp) => noteEndpointDelivery(endpoint, input.outcome, settings.endpointDisableAfterHours, stamp),
        save: (endpoint, events) => endpoints.save(endpoint, events),
      },
      context,
    );
  }
}
