import type { KassaPorts } from '../../ports/kassa-ports.js';
import { retryOnConflict, RETRY } from '../../application/retry-on-conflict.js';
import type { DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { endpointRefusals, openWebhookEndpoint, WEBHOOK_ENDPOINT_LIMITS, type EndpointEventTypes, type WebhookEndpoint } from '../webhook-endpoint.js';

export interface CreateWebhookEndpointInput {
  readonly projectId: number;
  readonly url: string;
  readonly eventTypes: EndpointEventTypes;
  readonly description: string | null;
}

/** The first slot no endpoint of the project holds, or undefined when all are taken. */
const freeSlot = (taken: readonly Pick<WebhookEndpoint, 'slot'>[]): number | undefined => {
  const held = new Set(taken.map((e) => e.slot));
  for (let slot = 0; slot < WEBHOOK_ENDPOINT_LIMITS.perProject; slot++) if (!held.has(slot)) return slot;
  return undefined;
};

/**
 * POST webhook_endpoints: a new endpoint, enabled, with a fresh secret (the answer is the only one
 * that shows it). Its URL must pass the address check (after the slots are found not all taken). It takes the project's first free slot; when
 * a concurrent creation took that slot first (the storage's unique key refuses the second), it looks
 * again, so the project never holds more than WEBHOOK_ENDPOINT_LIMITS.perProject endpoints.
 */
export class CreateWebhookEndpoint {
  constructor(private readonly ports: Pick<KassaPorts, 'endpoints' | 'webhookTargets' | 'signingSecrets' | 'ids' | 'clock'>) {}

  async execute(input: CreateWebhookEndpointInput): Promise<Result<WebhookEndpoint, DomainError>> {
    const { endpoints, webhookTargets, signingSecrets, ids, clock } = this.ports;
    // The slots first: a full project is told so without the URL's check (a DNS lookup of seconds).
    if (freeSlot(await endpoints.all(input.projectId)) === undefined) return endpointRefusals.limitReached();
    const verdict = await webhookTargets.admit(input.url);
    if (verdict.kind === 'rejected') return endpointRefusals.urlRejected(verdict.reason);
    const fields = { id: ids.newId(), projectId: input.projectId, url: input.url, eventTypes: input.eventTypes, description: input.description, secret: signingSecrets.newSecret() };
    return retryOnConflict(async () => {
      const slot = freeSlot(await endpoints.all(input.projectId));
      if (slot === undefined) return endpointRefusals.limitReached();
      const endpoint = openWebhookEndpoint({ ...fields, slot, now: clock.now().toISOString() });
      return (await endpoints.create(endpoint)).ok ? ok(endpoint) : RETRY;
    });
  }
}
