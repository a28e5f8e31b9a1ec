export * from './subscription.fields.js';
import { fail } from '../shared/errors.js';
import type { EventStamp } from '../shared/events.js';
import { applyToAggregate, machineAccepts, MAX_PIN_ATTEMPTS, type Change } from '../shared/lifecycle.js';
import { ok } from '../shared/result.js';
import { addSeconds } from '../shared/time.js';
import { APPROVAL_WINDOW_SECONDS, type BillingOperation } from './billing-operation.js';
import { subscriptionEvents, type SubscriptionEvent } from './subscription.events.js';
import { SUBSCRIPTION_STATUS, type Subscription, type SubscriptionFields, type SubscriptionState } from './subscription.fields.js';
import { startSubscription, subscriptionMachine, type SubscriptionMachineEvent } from './subscription.machine.js';
import { subscriptionRefusal } from './subscription.refusals.js';

/** A new subscription's own fields, and when it is opened. */
export type OpenSubscriptionInput = Pick<
  SubscriptionFields,
  'id' | 'projectId' | 'acceptanceChannel' | 'subscriberMsisdn' | 'subscriberId' | 'country' | 'operatorId' | 'pinDigest' | 'billing' | 'testClockId'
> & {
  readonly now: string;
};

export function openSubscription(input: OpenSubscriptionInput): Subscription {
  const { now, ...rest } = input;
  const fields: SubscriptionFields = {
    ...rest,
    pinDigest: input.acceptanceChannel === 'SMS_PIN' ? input.pinDigest : null,
    pinAttempts: 0,
    pinResends: 0,
    activationAttempts: 0,
    trialExists: false,
    createdAt: now,
    approvalDeadline: addSeconds(now, APPROVAL_WINDOW_SECONDS),
    activatedAt: null,
    closedAt: null,
    paidUntil: null,
    successfulCharges: 0,
    chargeAttempts: 0,
    nextChargeAt: null,
    billingOperations: [],
  };
  const started = startSubscription(fields);
  return { ...started.context, state: started.state as SubscriptionState, version: 1 };
}

export const subscriptionStatus = (s: Pick<Subscription, 'state'>): string => SUBSCRIPTION_STATUS[s.state];
export const subscriptionIsActive = (s: Pick<Subscription, 'state'>): boolean => s.state === 'active';
export const subscriptionIsApproved = (s: Pick<Subscription, 'activatedAt'>): boolean => s.activatedAt !== null;

/** Work a job must do on the subscription next, and from when. */
export type SubscriptionWork = { readonly kind: 'expire-approval' | 'charge'; readonly at: string };

export function subscriptionNextWork(s: Subscription): SubscriptionWork | null {
  if (s.state === 'pending') return { kind: 'expire-approval', at: s.approvalDeadline };
  if (s.state === 'active' && s.nextChargeAt !== null) return { kind: 'charge', at: s.nextChargeAt };
  return null;
}

export const subscriptionDueAt = (s: Subscription): string | null => subscriptionNextWork(s)?.at ?? null;

const apply = (subscription: Subscription, event: SubscriptionMachineEvent, stamp: EventStamp) => applyToAggregate(subscriptionMachine, subscription, event, subscriptionEvents, stamp);

/** The answer to a refused command: its error, or the subscription as it is. */
const refused = (s: Subscription, command: Parameters<typeof subscriptionRefusal>[1]) => {
  const refusal = subscriptionRefusal(s, command);
  return { events: [], outcome: refusal === 'unchanged' ? ok(s) : refusal };
};

/** ApproveSubscription: SMS_PIN and Pending only; three attempts; the window closes after 3 hours. */
/** The PIN entered, as its digest (`PinDigests.digest(subscription.id, pin)`). */
export function approveSubscription(s: Subscription, pinDigest: string, stamp: EventStamp): Change<Subscription, Subscription, SubscriptionEvent> {
  const applied = apply(s, { type: 'APPROVE', pinDigest, now: stamp.now }, stamp);
  if (!applied) return refused(s, 'APPROVE');
  const { next, events } = applied;
  if (next.state === 'active') return { next, events, outcome: ok(next) };
  if (next.pinAttempts === s.pinAttempts) return { next, events, outcome: fail('SUBSCRIPTION_APPROVING_FAILED') };
  const left = MAX_PIN_ATTEMPTS - next.pinAttempts;
  return { next, events, outcome: fail('SUBSCRIPTION_INVALID_PIN_CODE', `InvalidPinCode; attempts left: ${left}`, { attempts_left: left }) };
}

/** AUTH_PAGE activation: the payer completed the payment on the page (WAP: the operator named the number). */
export function completeSubscriptionPayment(s: Subscription, stamp: EventStamp, msisdn?: string): Change<Subscription, Subscription, SubscriptionEvent> {
  const applied = apply(s, { type: 'PAYMENT_COMPLETED', now: stamp.now, ...(msisdn ? { msisdn } : {}) }, stamp);
  if (!applied) return refused(s, 'PAYMENT_COMPLETED');
  return { ...applied, outcome: ok(applied.next) };
}

/** AUTH_PAGE: a payment on the page was declined; counted, so that the next one is a new charge. */
export function failSubscriptionPayment(s: Subscription, stamp: EventStamp): Change<Subscription, boolean, SubscriptionEvent> {
  const applied = apply(s, { type: 'PAYMENT_FAILED' }, stamp);
  if (!applied) return { events: [], outcome: ok(false) };
  return { ...applied, outcome: ok(true) };
}

/** How an AUTH_PAGE subscription is activated: by paying on the page (card, QR) or, without a number or a customer, by WAP. */
export const subscriptionActivation = (s: Pick<Subscription, 'acceptanceChannel' | 'subscriberId' | 'subscriberMsisdn'>): 'SMS_PIN' | 'PAGE' | 'WAP' =>
  s.acceptanceChannel === 'SMS_PIN' ? 'SMS_PIN' : s.subscriberId !== null ? 'PAGE' : 'WAP';

/** ResendPinCode: SMS_PIN, Pending, at most three times; a new PIN, whose digest replaces the old one's. */
export function resendSubscriptionPin(s: Subscription, pinDigest: string, stamp: EventStamp): Change<Subscription, Subscription, SubscriptionEvent> {
  const applied = apply(s, { type: 'RESEND_PIN', pinDigest }, stamp);
  if (!applied) return refused(s, 'RESEND_PIN');
  return { ...applied, outcome: ok(applied.next) };
}

/** CancelSubscription: Pending or Active become Cancelled; an ended subscription answers as it is. */
export function cancelSubscription(s: Subscription, stamp: EventStamp): Change<Subscription, Subscription, SubscriptionEvent> {
  const applied = apply(s, { type: 'CANCEL', now: stamp.now }, stamp);
  if (!applied) return refused(s, 'CANCEL');
  return { ...applied, outcome: ok(applied.next) };
}

/** The approval window closed: Pending becomes ApprovingFailed; otherwise nothing. */
export function expireSubscriptionApproval(s: Subscription, stamp: EventStamp): Change<Subscription, boolean, SubscriptionEvent> {
  const applied = apply(s, { type: 'EXPIRE_APPROVAL', now: stamp.now }, stamp);
  if (!applied) return { events: [], outcome: ok(false) };
  return { ...applied, outcome: ok(true) };
}

/** An SMS_PIN subscription whose PIN could not be delivered: ApprovingFailed at once. */
export function failUndeliverableApproval(s: Subscription, stamp: EventStamp): Change<Subscription, boolean, SubscriptionEvent> {
  const applied = apply(s, { type: 'PIN_UNDELIVERABLE', now: stamp.now }, stamp);
  return applied ? { ...applied, outcome: ok(true) } : { events: [], outcome: ok(false) };
}

/** Whether a scheduled charge is due at `now`: the machine's answer to CHARGE. */
export function subscriptionChargeDue(s: Subscription, now: string): boolean {
  const { state: _s, version: _v, ...fields } = s;
  return machineAccepts(subscriptionMachine, s.state, fields, { type: 'CHARGE', now });
}

/** Records one scheduled charge; the outcome says whether it applied (it was due). */
export function recordSubscriptionCharge(s: Subscription, operation: BillingOperation, stamp: EventStamp): Change<Subscription, boolean, SubscriptionEvent> {
  const type = operation.status === 'SUCCESS' ? 'CHARGE_SUCCEEDED' : 'CHARGE_FAILED';
  const applied = apply(s, { type, operation }, stamp);
  if (!applied) return { events: [], outcome: ok(false) };
  return { ...applied, outcome: ok(true) };
}

/** RefundBillingOperation: marks the charge refunded; status and schedule stay as they are. */
export function refundBillingOperation(s: Subscription, operationId: string, stamp: EventStamp): Change<Subscription, boolean, SubscriptionEvent> {
  const applied = apply(s, { type: 'REFUND_OPERATION', operationId }, stamp);
  if (!applied) return { events: [], outcome: ok(false) };
  return { ...applied, outcome: ok(true) };
}
