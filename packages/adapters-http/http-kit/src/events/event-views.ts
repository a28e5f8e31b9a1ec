import { SUBSCRIPTION_STATUS_BY_STATE } from '@kassa-payments/protocol';
import { moneyJson } from '../money-view.js';
import type { DomainEvent, DomainEventType, SubscriptionEvent, WebhookDelivery } from '@kassa-payments/domain';
import type { EventTypeName } from '@kassa-payments/protocol';
import { webhookPayload } from './webhook-payload.js';

/** Each domain event's wire name (exhaustive: a new event does not compile without one). */
export const EVENT_TYPE_NAMES: Readonly<Record<DomainEventType, EventTypeName>> = {
  ContractAuthorized: 'contract.authorized',
  ContractClosed: 'contract.closed',
  PaymentUpdated: 'payment.updated',
  RefundCompleted: 'refund.completed',
  RefundFailed: 'refund.failed',
  SubscriptionActivated: 'subscription.activated',
  SubscriptionCancelled: 'subscription.cancelled',
  SubscriptionApprovingFailed: 'subscription.approving_failed',
  SubscriptionClosed: 'subscription.closed',
  SubscriptionCharged: 'subscription.charged',
  TestClockReady: 'test_clock.ready',
  WebhookEndpointDisabled: 'webhook_endpoint.disabled',
};

const DOMAIN_TYPES = new Map(Object.entries(EVENT_TYPE_NAMES).map(([domain, wire]) => [wire as string, domain as DomainEventType]));

/** The domain event type of a wire name, if it is one. */
export const domainEventType = (wire: string): DomainEventType | undefined => DOMAIN_TYPES.get(wire);

const isSubscriptionEvent = (e: DomainEvent): e is SubscriptionEvent => e.aggregate.kind === 'subscription';

/** A subscription event in the JSON listing (its webhook is the XML notification). */
const subscriptionData = (e: SubscriptionEvent) => ({
  subscription_id: e.aggregate.id,
  status: SUBSCRIPTION_STATUS_BY_STATE[e.subscriptionState],
  ...(e.subscriberMsisdn ? { subscriber_msisdn: e.subscriberMsisdn } : {}),
  ...(e.paidUntil ? { paid_until: e.paidUntil } : {}),
  ...(e.type === 'SubscriptionCharged' ? { billing_operation_id: e.billingOperationId, result: e.result, amount: moneyJson(e.amount) } : {}),
});

/** One event of GET events: its id, wire type, time and the data its webhook carries. */
export function eventView(e: DomainEvent) {
  return {
    id: e.id,
    type: EVENT_TYPE_NAMES[e.type],
    occurred_at: e.occurredAt.replace(/\.\d{3}Z$/, 'Z'),
    // The X-Request-Id of the call that caused it (absent for Kassa's own scheduled work).
    ...(e.requestId === undefined ? {} : { request_id: e.requestId }),
    ...(e.idempotencyKey === undefined ? {} : { idempotency_key: e.idempotencyKey }),
    data: isSubscriptionEvent(e) ? subscriptionData(e) : webhookPayload(e).data,
  };
}

const time = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z');

/** One delivery of GET webhook_deliveries, with its attempts. */
export function deliveryView(d: WebhookDelivery) {
  return {
    delivery_id: d.id,
    event_id: d.eventId,
    event_type: EVENT_TYPE_NAMES[d.eventType],
    url: d.notification.url,
    endpoint_id: d.endpointId ?? null,
    status: d.state,
    created_at: time(d.createdAt),
    next_attempt_at: d.nextAttemptAt === null ? null : time(d.nextAttemptAt),
    attempts: d.attempts.map((a) => ({ at: time(a.at), status_code: a.status, latency_ms: Math.round(a.latencyMs), response: a.response, error: a.error, sent: a.sent !== false })),
  };
}
