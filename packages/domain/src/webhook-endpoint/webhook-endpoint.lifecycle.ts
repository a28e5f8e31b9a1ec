import type { Lifecycle } from '../shared/lifecycle.js';
import { statesTagged } from '../shared/machine-step.js';
import type { WebhookEndpoint } from './webhook-endpoint.fields.js';
import { webhookEndpointMachine } from './webhook-endpoint.machine.js';

const LIVE = statesTagged(webhookEndpointMachine, 'live');

/** Enabled (the machine's `live` state): its deliveries are attempted. */
const isLive = (e: Pick<WebhookEndpoint, 'state'>): boolean => LIVE.has(e.state);

/**
 * The webhook endpoint lifecycle (see `Lifecycle`). No job ever falls due on an endpoint, and the
 * retention never removes one (the merchant deletes it); none of its commands is refused: the
 * machine takes each in either state, or leaves the endpoint as it is.
 */
export const webhookEndpointLifecycle = {
  machine: webhookEndpointMachine,
  refusal: () => 'unchanged' as const,
  isLive,
  nextWork: () => null,
  dueAt: () => null,
} satisfies Lifecycle<WebhookEndpoint, never>;
