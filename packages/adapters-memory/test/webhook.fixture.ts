import type { DomainEvent, Notification, NotificationRenderer, Project } from '@kassa-payments/domain';

/** The project the webhook tests deliver for: its own webhook URL and secret. */
export const webhookProject: Project = {
  id: 1,
  partnerLogin: 'm',
  active: true,
  clientIpRequired: false,
  ipWhitelist: [],
  defaultPrice: { minor: 1000, currency: 'RUB' },
  returnUrl: null,
  webhookUrl: 'https://shop.example/hooks',
  webhookSecret: 'whsec_c2VjcmV0',
  paymentMethods: ['sbp'],
  subscriptionSecret: null,
  subscriptionNotificationUrl: null,
};

/**
 * Renders every event to the project's webhook URL as `{type}`, and to endpoints as
 * `{type, endpoint: true}`: the domain's tests need no wire format.
 */
export class TypeOnly implements NotificationRenderer {
  async render(event: DomainEvent, p: Project): Promise<readonly Notification[]> {
    return p.webhookUrl ? [{ channel: 'webhook', url: p.webhookUrl, contentType: 'application/json', body: JSON.stringify({ type: event.type }) }] : [];
  }

  endpointPayload(event: DomainEvent) {
    return { contentType: 'application/json', body: JSON.stringify({ type: event.type, endpoint: true }) };
  }
}
