import { legacyPaymentPayload, webhookPayload } from '@kassa-payments/http-kit';
import { subscriptionNotificationXml } from '@kassa-payments/adapters-xml';
import type { DomainEvent, KassaMode, Notification, NotificationRenderer, Project, SubscriptionEvent } from '@kassa-payments/domain';

const isSubscriptionEvent = (event: DomainEvent): event is SubscriptionEvent => event.aggregate.kind === 'subscription';

/**
 * Each event in its endpoints' wire formats: subscription events as the XML SubscriptionStatusNotification
 * to the project's subscription notification URL; the others as the JSON webhook to the project's
 * webhook URL (payment notifications in the legacy envelope where the project asks for it), and an
 * invoice's also to its test_info.callback_url.
 */
export class TransportNotifications implements NotificationRenderer {
  constructor(private readonly mode: KassaMode) {}

  async render(event: DomainEvent, project: Project): Promise<readonly Notification[]> {
    if (isSubscriptionEvent(event)) {
      const url = project.subscriptionNotificationUrl;
      return url ? [{ channel: 'subscription', url, contentType: 'text/xml; charset=utf-8', body: subscriptionNotificationXml(event, project.subscriptionSecret) }] : [];
    }
    const legacy = project.webhookFormat === 'legacy' && event.type === 'PaymentUpdated';
    const body = JSON.stringify(legacy ? legacyPaymentPayload(event, this.mode) : webhookPayload(event));
    const json = (channel: string, url: string): Notification => ({ channel, url, contentType: 'application/json', body });
    const callback = 'testCallbackUrl' in event ? event.testCallbackUrl : null;
    return [...(project.webhookUrl ? [json('webhook', project.webhookUrl)] : []), ...(callback ? [json('test-callback', callback)] : [])];
  }

  /** The JSON v3 webhook body of every event but the subscription service's (whose wire form is the XML notification). */
  endpointPayload(event: DomainEvent): Pick<Notification, 'contentType' | 'body'> | undefined {
    return isSubscriptionEvent(event) ? undefined : { contentType: 'application/json', body: JSON.stringify(webhookPayload(event)) };
  }
}
