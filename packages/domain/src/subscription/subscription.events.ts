import { stamped, type EmittedPart, type EventEnvelope, type EventStamp } from '../shared/events.js';
import type { Money } from '../shared/money.js';
import type { Subscription, SubscriptionState } from './subscription.fields.js';

/** What every subscription event says of the subscription at that moment. */
export interface SubscriptionFacts {
  readonly subscriptionState: SubscriptionState;
  readonly subscriberMsisdn: string | null;
  readonly paidUntil: string | null;
  /** The subscription's operator (OperatorID; 20 is the alternate operator behaviour). */
  readonly operatorId: number;
}

/** Activated: by its PIN (SMS_PIN) or by a completed payment (AUTH_PAGE). */
export interface SubscriptionActivated extends EventEnvelope<'subscription'>, SubscriptionFacts {
  readonly type: 'SubscriptionActivated';
}
export interface SubscriptionCancelled extends EventEnvelope<'subscription'>, SubscriptionFacts {
  readonly type: 'SubscriptionCancelled';
}
/** The third wrong PIN, or no confirmation within the approval window: permanent. */
export interface SubscriptionApprovingFailed extends EventEnvelope<'subscription'>, SubscriptionFacts {
  readonly type: 'SubscriptionApprovingFailed';
}
/** The schedule is done (MaxIterations successful charges) or the safety stop was reached. */
export interface SubscriptionClosed extends EventEnvelope<'subscription'>, SubscriptionFacts {
  readonly type: 'SubscriptionClosed';
}
/** One scheduled charge, successful or declined. */
export interface SubscriptionCharged extends EventEnvelope<'subscription'>, SubscriptionFacts {
  readonly type: 'SubscriptionCharged';
  readonly billingOperationId: string;
  readonly amount: Money;
  readonly result: 'Success' | 'Failed';
}

export type SubscriptionEvent = SubscriptionActivated | SubscriptionCancelled | SubscriptionApprovingFailed | SubscriptionClosed | SubscriptionCharged;

/** What the subscription machine emits: each event's own facts (a charge's operation, amount and result). */
export type SubscriptionEmitted = EmittedPart<SubscriptionEvent, SubscriptionFacts>;

const facts = (s: Subscription): SubscriptionFacts => ({ subscriptionState: s.state, subscriberMsisdn: s.subscriberMsisdn, paidUntil: s.paidUntil, operatorId: s.operatorId });

/** The events of one step of the subscription machine: what it emitted, stamped, with the subscription's facts after the step. */
export function subscriptionEvents(subscription: Subscription, emitted: readonly SubscriptionEmitted[], stamp: EventStamp): SubscriptionEvent[] {
  return emitted.map((e) => stamped('subscription', subscription, { ...facts(subscription), ...e }, stamp));
}
