import { SUBSCRIPTION_STATUS_BY_STATE } from '@kassa-payments/protocol';
import { XMLBuilder } from 'fast-xml-parser';
import { compactUtc, formatAmount, unreachable, type SubscriptionEvent } from '@kassa-payments/domain';
import { signXmlDocument, subscriptionSignatureV2 } from '@kassa-payments/protocol';
import { withOffset } from '../subscription-service/subscription-views.js';
import { BUILDER_WITHOUT_PATHS } from '../invoice-service/xml-response.js';

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

/**
 * The SubscriptionStatusNotification document's elements (full field list not shown by the spec):
 * the subscription, its status, PaidUntil and OperatorID, the EventType, for a charge the
 * BillingOperationID, BillingResult, CustomerPrice and Currency; then `Now` (the event's time, UTC
 * yyyyMMddHHmmss) and an empty `Signature` when the project has a secret (signed in `subscriptionNotificationXml`).
 */
function subscriptionNotification(event: SubscriptionEvent, now: string, signed: boolean): Record<string, string | number> {
  return {
    EventType: eventType(event),
    SubscriptionID: event.aggregate.id,
    SubscriptionProjectID: event.projectId,
    SubscriptionStatus: SUBSCRIPTION_STATUS_BY_STATE[event.subscriptionState],
    ...(event.subscriberMsisdn ? { Subscriber_MSISDN: event.subscriberMsisdn } : {}),
    ...(event.paidUntil ? { PaidUntil: withOffset(event.paidUntil) } : {}),
    // Events stored before OperatorID was part of them have none.
    ...(event.operatorId !== undefined ? { OperatorID: event.operatorId } : {}),
    ...(event.type === 'SubscriptionCharged'
      ? { BillingOperationID: event.billingOperationId, BillingResult: event.result, CustomerPrice: formatAmount(event.amount), Currency: event.amount.currency }
      : {}),
    Now: now,
    ...(signed ? { Signature: '' } : {}),
  };
}

const builder = new XMLBuilder({ ...BUILDER_WITHOUT_PATHS, suppressEmptyNode: false });

/**
 * The notification as the XML document a merchant receives. With the project's subscription secret
 * its `Signature` is the version 2 one over its own document: lowercase hex
 * hmac_sha256(secret, SubscriptionProjectID + Now + hex(sha256(D))), D the document with the
 * Signature's text removed, so it can never serve as a request's signature of either version.
 */
export function subscriptionNotificationXml(event: SubscriptionEvent, secret: string | null = null): string {
  const now = compactUtc(event.occurredAt);
  const document = `<?xml version="1.0" encoding="utf-8"?>${builder.build({ SubscriptionStatusNotification: subscriptionNotification(event, now, secret !== null) }) as string}`;
  if (secret === null) return document;
  return signXmlDocument(document, (digest) => subscriptionSignatureV2(secret, event.projectId, now, digest));
}
