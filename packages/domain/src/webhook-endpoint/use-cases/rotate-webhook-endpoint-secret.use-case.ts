import type { RequestContext } from '../../ports/request-context.port.js';
import { runStampedCommand } from '../../application/run-command.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { endpointRefusals, rotateWebhookEndpointSecret, WEBHOOK_ENDPOINT_LIMITS, webhookEndpointLifecycle, type WebhookEndpoint } from '../webhook-endpoint.js';

/**
 * POST webhook_endpoints/{id}/rotate_secret: a new secret signs from now on; the one it replaces
 * signs beside it (two `v1,` signatures) for `expiresInHours` more (0 to 168, default 24), so that
 * receivers can move to the new one without missing a delivery. The answer shows the new secret.
 */
export class RotateWebhookEndpointSecret {
  constructor(private readonly ports: Pick<KassaPorts, 'endpoints' | 'signingSecrets' | 'scheduler' | 'clock' | 'ids' | 'time'>) {}

  execute(input: { readonly projectId: number; readonly endpointId: string; readonly expiresInHours?: number }, context?: RequestContext): Promise<Result<WebhookEndpoint, DomainError>> {
    const { endpoints, signingSecrets } = this.ports;
    const hours = Math.min(Math.max(input.expiresInHours ?? WEBHOOK_ENDPOINT_LIMITS.defaultRotationHours, 0), WEBHOOK_ENDPOINT_LIMITS.maxRotationHours);
    const secret = signingSecrets.newSecret();
    return runStampedCommand(
      this.ports,
      {
        lifecycle: webhookEndpointLifecycle,
        load: () => endpoints.get(input.projectId, input.endpointId),
        missing: endpointRefusals.notFound(),
        command: (endpoint, stamp) => rotateWebhookEndpointSecret(endpoint, secret, hours, stamp),
        save: (endpoint, events) => endpoints.save(endpoint, events),
      },
      context,
    );
  }
}
