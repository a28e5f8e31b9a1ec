import { XMLBuilder } from 'fast-xml-parser';
import { formatAmount, SUBSCRIPTION_STATUS, unreachable, type SubscriptionEvent } from '@kassa/domain';

/** EventType of the notification, per event (ACTIVATED and CANCELLED are the spec's; the rest ours). */
function eventType(event: SubscriptionEvent): string {
  switch (event.type) {
    case 'SubscriptionActivated':
      return 'ACTIVATED';
    case 'SubscriptionCancelled':
      return 'CANCELLED';
    case 'SubscriptionApprovingFailed':
      return 'APPROVING_FAILED';
    case 'SubscriptionClosed':
      return 'CLOSED';
    case 'SubscriptionCharged':
      return 'CHARGE';
    default:
      return unreachable(event);
  }
}

/** ISO 8601 with an offset, as the XML API shows times ("2026-11-22T10:00:00+00:00"). */
const withOffset = (iso: string) => iso.replace(/\.\d{3}Z$|Z$/, '+00:00');

/**
 * The SubscriptionStatusNotification document's elements (full field list not shown by the spec):
 * the subscription, its status and PaidUntil, the EventType, and for a charge the BillingOperationID,
 * BillingResult, CustomerPrice and Currency.
 */
export function subscriptionNotification(event: SubscriptionEvent): Record<string, string | number> {
  return {
    EventType: eventType(event),
    SubscriptionID: event.aggregate.id,
    SubscriptionProjectID: event.projectId,
    SubscriptionStatus: SUBSCRIPTION_STATUS[event.subscriptionState],
    ...(event.subscriberMsisdn ? { Subscriber_MSISDN: event.subscriberMsisdn } : {}),
    ...(event.paidUntil ? { PaidUntil: withOffset(event.paidUntil) } : {}),
    ...(event.type === 'SubscriptionCharged'
      ? { BillingOperationID: event.billingOperationId, BillingResult: event.result, CustomerPrice: formatAmount(event.amount), Currency: event.amount.currency }
      : {}),
  };
}

const builder = new XMLBuilder({ format: false, suppressEmptyNode: false });

/** The notification as the XML document a merchant receives. */
export function subscriptionNotificationXml(event: SubscriptionEvent): string {
  return `<?xml version="1.0" encoding="utf-8"?>${builder.build({ SubscriptionStatusNotification: subscriptionNotification(event) }) as string}`;
}
