import type { RequestContext } from '../../ports/request-context.port.js';
import { runStampedCommand } from '../../application/run-command.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { endpointRefusals, updateWebhookEndpoint, webhookEndpointLifecycle, type EndpointChanges, type WebhookEndpoint, type WebhookEndpointState } from '../webhook-endpoint.js';

export interface UpdateWebhookEndpointInput {
  readonly projectId: number;
  readonly endpointId: string;
  readonly changes: EndpointChanges & { readonly state?: WebhookEndpointState };
}

/**
 * PATCH webhook_endpoints/{id}: any of its URL (checked as at creation), event types, description
 * and state. Enabling a disabled endpoint starts its failing record afresh; its dead deliveries come
 * back by redelivery (one, or the operators' recovery).
 */
export class UpdateWebhookEndpoint {
  constructor(private readonly ports: Pick<KassaPorts, 'endpoints' | 'webhookTargets' | 'scheduler' | 'clock' | 'ids' | 'time'>) {}

  async execute(input: UpdateWebhookEndpointInput, context?: RequestContext): Promise<Result<WebhookEndpoint, DomainError>> {
    const { endpoints, webhookTargets } = this.ports;
    const { url } = input.changes;
    // Only a new URL is checked (a DNS lookup of seconds): a save that leaves it as it is (the
    // dashboard's form sends it always) was checked when it was set. An unknown endpoint is told so first.
    if (url !== undefined) {
      const current = await endpoints.get(input.projectId, input.endpointId);
      if (!current) return endpointRefusals.notFound();
      if (url !== current.url) {
        const verdict = await webhookTargets.admit(url);
        if (verdict.kind === 'rejected') return endpointRefusals.urlRejected(verdict.reason);
      }
    }
    return runStampedCommand(
      this.ports,
      {
        lifecycle: webhookEndpointLifecycle,
        load: () => endpoints.get(input.projectId, input.endpointId),
        missing: endpointRefusals.notFound(),
        command: (endpoint, stamp) => updateWebhookEndpoint(endpoint, input.changes, stamp),
        save: (endpoint, events) => endpoints.save(endpoint, events),
      },
      context,
    );
  }
}
