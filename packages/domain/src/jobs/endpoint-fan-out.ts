import type { DomainEvent } from '../events/domain-event.js';
import type { NotificationRenderer } from '../ports/notification.port.js';
import type { Notification } from '../webhook/webhook-delivery.js';
import { endpointChannel, takesEventType, type WebhookEndpointRoute } from '../webhook-endpoint/webhook-endpoint.js';

/**
 * The relay's fan-out of one event to the project's webhook endpoints: one notification for each
 * endpoint that takes the event's type, in the endpoints' body (the JSON v3 webhook), on the
 * endpoint's own channel (so each is a delivery of its own, created once however often the relay runs).
 * A disabled endpoint gets its delivery too: its attempt ends it dead at once, unsent ("endpoint
 * disabled"), so that enabling the endpoint and a redelivery (or the bulk recovery) bring back the
 * events of the time it was disabled. A deleted endpoint is not among them.
 */
export function endpointNotifications(
  event: DomainEvent,
  endpoints: readonly WebhookEndpointRoute[],
  renderer: Pick<NotificationRenderer, 'endpointPayload'>,
): { readonly notification: Notification; readonly endpointId: string }[] {
  const takers = endpoints.filter((e) => takesEventType(e, event.type));
  if (takers.length === 0) return [];
  const payload = renderer.endpointPayload(event);
  if (!payload) return [];
  return takers.map((e) => ({ notification: { channel: endpointChannel(e.id), url: e.url, ...payload }, endpointId: e.id }));
}
