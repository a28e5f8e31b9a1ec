import type { EventStamp } from '../shared/events.js';
import { appliedOrRefused, applyToAggregate, type Change } from '../shared/lifecycle.js';
import { ok } from '../shared/result.js';
import { addSeconds } from '../shared/time.js';
import { webhookEndpointEvents, type WebhookEndpointEvent } from './webhook-endpoint.events.js';
import type { WebhookEndpoint, WebhookEndpointFields, WebhookEndpointState } from './webhook-endpoint.fields.js';
import { webhookEndpointLifecycle } from './webhook-endpoint.lifecycle.js';
import { startWebhookEndpoint, type EndpointChanges, type WebhookEndpointMachineEvent } from './webhook-endpoint.machine.js';

export * from './webhook-endpoint.fields.js';
export type { EndpointChanges } from './webhook-endpoint.machine.js';

/** What a new endpoint is made of: its fields as the merchant and the slots give them, and the time. */
export type OpenEndpointInput = Pick<WebhookEndpointFields, 'id' | 'projectId' | 'slot' | 'url' | 'eventTypes' | 'description' | 'secret'> & { readonly now: string };

/** A new endpoint, enabled. */
export function openWebhookEndpoint(input: OpenEndpointInput): WebhookEndpoint {
  const fields: WebhookEndpointFields = {
    id: input.id,
    projectId: input.projectId,
    slot: input.slot,
    url: input.url,
    eventTypes: input.eventTypes,
    description: input.description,
    secret: input.secret,
    failingSince: null,
    disabledAt: null,
    createdAt: input.now,
  };
  const started = startWebhookEndpoint(fields);
  return { ...started.context, state: started.state as WebhookEndpointState, version: 1 };
}

const apply = (e: WebhookEndpoint, event: WebhookEndpointMachineEvent, stamp: EventStamp) => applyToAggregate(webhookEndpointLifecycle.machine, e, event, webhookEndpointEvents, stamp);

type EndpointChange = Change<WebhookEndpoint, WebhookEndpoint, WebhookEndpointEvent>;

/** Applies machine events in turn: the endpoint after all of them, as one change (one save). */
function applyAll(endpoint: WebhookEndpoint, events: readonly WebhookEndpointMachineEvent[], stamp: EventStamp): EndpointChange {
  let current = endpoint;
  const recorded: WebhookEndpointEvent[] = [];
  for (const event of events) {
    const step = apply(current, event, stamp);
    if (!step) continue;
    current = step.next;
    recorded.push(...step.events);
  }
  if (current === endpoint) return appliedOrRefused(endpoint, undefined, webhookEndpointLifecycle.refusal);
  // Several steps, one save: one version more than the stored one (compare-and-set).
  const next = { ...current, version: endpoint.version + 1 };
  return { next, events: recorded, outcome: ok(next) };
}

/** PATCH webhook_endpoints/{id}: any of its url, types and description, and enabling or disabling it. */
export function updateWebhookEndpoint(endpoint: WebhookEndpoint, changes: EndpointChanges & { readonly state?: WebhookEndpointState }, stamp: EventStamp): EndpointChange {
  const { state, ...fields } = changes;
  const steps: WebhookEndpointMachineEvent[] = [];
  if (Object.keys(fields).length > 0) steps.push({ type: 'UPDATE', changes: fields });
  if (state !== undefined) steps.push({ type: state === 'enabled' ? 'ENABLE' : 'DISABLE' });
  return applyAll(endpoint, steps, stamp);
}

/** POST webhook_endpoints/{id}/rotate_secret: `secret` signs from now on, the one it replaces beside it for `overlapHours` more. */
export function rotateWebhookEndpointSecret(endpoint: WebhookEndpoint, secret: string, overlapHours: number, stamp: EventStamp): EndpointChange {
  return applyAll(endpoint, [{ type: 'ROTATE', secret, previous: { value: endpoint.secret, validUntil: addSeconds(stamp.now, overlapHours * 3600) } }], stamp);
}

/** How an attempt of a delivery to the endpoint went: a success, or failures from `from` to `at`. */
export type EndpointDeliveryOutcome = { readonly succeeded: true } | { readonly succeeded: false; readonly from: string; readonly at: string };

/**
 * What a delivery's attempt tells of its endpoint: a success clears its failing record; a failure
 * starts it (when none is under way) and disables the endpoint once its deliveries have failed for
 * `disableAfterHours`, recording WebhookEndpointDisabled. Nothing changes when nothing is new (a
 * success on a healthy endpoint, a failure on a disabled one), so most attempts save nothing.
 */
export function noteEndpointDelivery(endpoint: WebhookEndpoint, outcome: EndpointDeliveryOutcome, disableAfterHours: number, stamp: EventStamp): EndpointChange {
  if (outcome.succeeded)
    return endpoint.failingSince === null && endpoint.disabledAt === null ? appliedOrRefused(endpoint, undefined, () => 'unchanged') : applyAll(endpoint, [{ type: 'DELIVERY_SUCCEEDED' }], stamp);
  if (endpoint.state !== 'enabled') return appliedOrRefused(endpoint, undefined, () => 'unchanged');
  const step = apply(endpoint, { type: 'DELIVERY_FAILED', from: outcome.from, at: outcome.at, disableAfterSeconds: disableAfterHours * 3600, now: stamp.now }, stamp);
  // A failure that neither starts the record nor disables the endpoint changes nothing worth a save.
  if (!step || (step.next.state === endpoint.state && step.next.failingSince === endpoint.failingSince)) return appliedOrRefused(endpoint, undefined, () => 'unchanged');
  return { next: step.next, events: step.events, outcome: ok(step.next) };
}
