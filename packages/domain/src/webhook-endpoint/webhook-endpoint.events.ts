import { stamped, type EmittedPart, type EventEnvelope, type EventStamp } from '../shared/events.js';

export interface WebhookEndpointFacts {
  readonly url: string;
}

/** Kassa disabled the endpoint: every delivery to it failed for longer than the operator allows (`webhook_endpoint.disabled`). */
export interface WebhookEndpointDisabled extends EventEnvelope<'webhook_endpoint'>, WebhookEndpointFacts {
  readonly type: 'WebhookEndpointDisabled';
  readonly reason: 'failing';
  /** Since when its deliveries had failed (in the time of the delivery that failed). */
  readonly failingSince: string;
}

export type WebhookEndpointEvent = WebhookEndpointDisabled;

/** What the endpoint machine emits: each event's own facts. */
export type WebhookEndpointEmitted = EmittedPart<WebhookEndpointEvent, WebhookEndpointFacts>;

/** The events of one step of the endpoint machine, stamped, with the endpoint's facts after the step. */
// The endpoint as its events read it (not its fields module, which names the event types: no import cycle).
export function webhookEndpointEvents(
  endpoint: { readonly id: string; readonly projectId: number; readonly url: string },
  emitted: readonly WebhookEndpointEmitted[],
  stamp: EventStamp,
): WebhookEndpointEvent[] {
  return emitted.map((e) => stamped('webhook_endpoint', endpoint, { url: endpoint.url, ...e }, stamp));
}
