import { recordedActions, stamped, type EventEnvelope, type EventStamp } from '../shared/events.js';
import type { Money } from '../shared/money.js';
import type { Subscription, SubscriptionState } from './subscription.fields.js';

/** What every subscription event says of the subscription at that moment. */
interface SubscriptionFacts {
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

const facts = (s: Subscription): SubscriptionFacts => ({ subscriptionState: s.state, subscriberMsisdn: s.subscriberMsisdn, paidUntil: s.paidUntil, operatorId: s.operatorId });
const plain =
  <T extends SubscriptionEvent['type']>(type: T) =>
  (s: Subscription, stamp: EventStamp) =>
    stamped('subscription', s, { type, ...facts(s) }, stamp);

/** Each recording action of the subscription machine and the event it records (exhaustive over those actions). */
const RECORDERS = {
  recordActivated: plain('SubscriptionActivated'),
  recordCancelled: plain('SubscriptionCancelled'),
  recordApprovingFailed: plain('SubscriptionApprovingFailed'),
  recordClosed: plain('SubscriptionClosed'),
  recordCharged: (s: Subscription, stamp: EventStamp): SubscriptionCharged | undefined => {
    const op = s.billingOperations.at(-1);
    return op && stamped('subscription', s, { type: 'SubscriptionCharged', ...facts(s), billingOperationId: op.id, amount: op.amount, result: op.status === 'SUCCESS' ? 'Success' : 'Failed' }, stamp);
  },
} as const;

export type SubscriptionRecordAction = keyof typeof RECORDERS;

/** The recording actions this file turns into events: a test holds them equal to the machine's `record*` actions. */
export const SUBSCRIPTION_RECORD_ACTIONS = Object.keys(RECORDERS) as SubscriptionRecordAction[];

/** The events a step of the subscription machine recorded, from the actions it asked for. */
export function subscriptionEvents(subscription: Subscription, actions: readonly string[], stamp: EventStamp): SubscriptionEvent[] {
  return recordedActions(actions, RECORDERS).flatMap((action): SubscriptionEvent[] => {
    const event = RECORDERS[action](subscription, stamp);
    return event ? [event] : [];
  });
}
