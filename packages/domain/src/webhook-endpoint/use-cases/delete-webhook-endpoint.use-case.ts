import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { endpointRefusals, type WebhookEndpoint } from '../webhook-endpoint.js';

/**
 * DELETE webhook_endpoints/{id}: the endpoint goes, its slot with it; answers it as it was. Its
 * deliveries stay listed (by endpoint_id) until the retention; pending ones end dead, unsent
 * ("endpoint deleted"), at their next attempt.
 */
export class DeleteWebhookEndpoint {
  constructor(private readonly ports: Pick<KassaPorts, 'endpoints'>) {}

  async execute(input: { readonly projectId: number; readonly endpointId: string }): Promise<Result<WebhookEndpoint, DomainError>> {
    const { endpoints } = this.ports;
    const endpoint = await endpoints.get(input.projectId, input.endpointId);
    if (!endpoint || !(await endpoints.remove(input.projectId, input.endpointId))) return endpointRefusals.notFound();
    return ok(endpoint);
  }
}
