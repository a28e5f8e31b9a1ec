import type { DomainEvent, EventStamp } from '../shared/events.js';
import { formatAmount } from '../shared/money.js';
import type { Subscription } from './subscription.js';
import { SUBSCRIPTION_STATUS } from './subscription.machine.js';

/**
 * SubscriptionStatusNotification contents (full field list not shown): element names of the XML
 * API, so the XML adapter only has to serialise them.
 */
export function subscriptionEvents(s: Subscription, actions: readonly string[], stamp: EventStamp): DomainEvent[] {
  const base = {
    SubscriptionID: s.id,
    SubscriptionProjectID: s.projectId,
    SubscriptionStatus: SUBSCRIPTION_STATUS[s.state],
    Subscriber_MSISDN: s.subscriberMsisdn,
    PaidUntil: s.paidUntil,
  };
  const event = (type: DomainEvent['type'], data: Record<string, unknown>): DomainEvent => ({
    id: stamp.newId(),
    type,
    occurredAt: stamp.now,
    projectId: s.projectId,
    aggregate: { kind: 'subscription', id: s.id },
    data: { ...base, ...data },
  });
  return actions.flatMap((action): DomainEvent[] => {
    switch (action) {
      case 'recordActivated':
        return [event('subscription.activated', { EventType: 'ACTIVATED' })];
      case 'recordCancelled':
        return [event('subscription.cancelled', { EventType: 'CANCELLED' })];
      case 'recordApprovingFailed':
        return [event('subscription.approving_failed', { EventType: 'APPROVING_FAILED' })];
      case 'recordClosed':
        return [event('subscription.closed', { EventType: 'CLOSED' })];
      case 'recordCharged': {
        const op = s.billingOperations.at(-1);
        if (!op) return [];
        return [
          event('subscription.charged', {
            EventType: 'CHARGE',
            BillingOperationID: op.id,
            BillingResult: op.status === 'SUCCESS' ? 'Success' : 'Failed',
            CustomerPrice: formatAmount(op.amount),
            Currency: op.amount.currency,
          }),
        ];
      }
      default:
        return [];
    }
  });
}
