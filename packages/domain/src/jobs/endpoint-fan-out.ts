import type { DomainEvent } from '../events/domain-event.js';
import type { NotificationRenderer } from '../ports/notification.port.js';
import type { Notification } from '../webhook/webhook-delivery.fields.js';
import { endpointChannel, takesEventType, type WebhookEndpointRoute } from '../webhook-endpoint/webhook-endpoint.fields.js';
import { webhookEndpointLifecycle } from '../webhook-endpoint/webhook-endpoint.lifecycle.js';

/**
 * The relay's fan-out of one event to the project's webhook endpoints: one notification for each
 * enabled endpoint that takes the event's type, in the endpoints' body (the JSON v3 webhook), on the
 * endpoint's own channel (so each is a delivery of its own, created once however often the relay runs).
 */
export function endpointNotifications(
  event: DomainEvent,
  endpoints: readonly WebhookEndpointRoute[],
  renderer: Pick<NotificationRenderer, 'endpointPayload'>,
): { readonly notification: Notification; readonly endpointId: string }[] {
  const takers = endpoints.filter((e) => webhookEndpointLifecycle.isLive(e) && takesEventType(e, event.type));
  if (takers.length === 0) return [];
  const payload = renderer.endpointPayload(event);
  if (!payload) return [];
  return takers.map((e) => ({ notification: { channel: endpointChannel(e.id), url: e.url, ...payload }, endpointId: e.id }));
}
