export * from './subscription.fields.js';
import type { EventStamp } from '../shared/events.js';
import { appliedOrNot, appliedOrRefused, applyToAggregate, type Change } from '../shared/lifecycle.js';
import { machineAccepts } from '../shared/machine-step.js';
import { pinStep, type PinAnswers } from '../shared/pin-confirmation.js';
import { addSeconds } from '../shared/time.js';
import { APPROVAL_WINDOW_SECONDS, type BillingOperation } from './billing-operation.js';
import { subscriptionEvents, type SubscriptionEvent } from './subscription.events.js';
import type { Subscription, SubscriptionFields, SubscriptionState } from './subscription.fields.js';
import { subscriptionLifecycle } from './subscription.lifecycle.js';
import { startSubscription, type SubscriptionMachineEvent } from './subscription.machine.js';
import type { SubscriptionRefusable } from './subscription.refusals.js';

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

export const subscriptionIsActive = (s: Pick<Subscription, 'state'>): boolean => s.state === 'active';
export const subscriptionIsApproved = (s: Pick<Subscription, 'activatedAt'>): boolean => s.activatedAt !== null;

const apply = (subscription: Subscription, event: SubscriptionMachineEvent, stamp: EventStamp) => applyToAggregate(subscriptionLifecycle.machine, subscription, event, subscriptionEvents, stamp);
const refusal = (s: Subscription, command: SubscriptionRefusable) => () => subscriptionLifecycle.refusal(s, command);

/** The third wrong PIN answers InvalidPinCode too (attempts left: 0), and leaves the subscription ApprovingFailed. */
const PIN_ANSWERS: PinAnswers = { wrong: 'SUBSCRIPTION_INVALID_PIN_CODE', wording: 'InvalidPinCode', uncounted: 'SUBSCRIPTION_APPROVING_FAILED' };

/**
 * ApproveSubscription: SMS_PIN and Pending only; three attempts; the window closes after 3 hours (a
 * PIN after it is not counted). `pinDigest` is the PIN entered, as its digest (`PinDigests.digest(subscription.id, pin)`).
 */
export function approveSubscription(s: Subscription, pinDigest: string, stamp: EventStamp): Change<Subscription, Subscription, SubscriptionEvent> {
  const applied = apply(s, { type: 'APPROVE', pinDigest, now: stamp.now }, stamp);
  return pinStep(s, applied, (next) => next.state === 'active', PIN_ANSWERS, refusal(s, 'APPROVE'));
}

/** AUTH_PAGE activation: the payer completed the payment on the page (WAP: the operator named the number). */
export function completeSubscriptionPayment(s: Subscription, stamp: EventStamp, msisdn?: string): Change<Subscription, Subscription, SubscriptionEvent> {
  return appliedOrRefused(s, apply(s, { type: 'PAYMENT_COMPLETED', now: stamp.now, ...(msisdn ? { msisdn } : {}) }, stamp), refusal(s, 'PAYMENT_COMPLETED'));
}

/** AUTH_PAGE: a payment on the page was declined; counted, so that the next one is a new charge. */
export function failSubscriptionPayment(s: Subscription, stamp: EventStamp): Change<Subscription, boolean, SubscriptionEvent> {
  return appliedOrNot(apply(s, { type: 'PAYMENT_FAILED' }, stamp));
}

/** How an AUTH_PAGE subscription is activated: by paying on the page (card, QR) or, without a number or a customer, by WAP. */
export const subscriptionActivation = (s: Pick<Subscription, 'acceptanceChannel' | 'subscriberId' | 'subscriberMsisdn'>): 'SMS_PIN' | 'PAGE' | 'WAP' =>
  s.acceptanceChannel === 'SMS_PIN' ? 'SMS_PIN' : s.subscriberId !== null ? 'PAGE' : 'WAP';

/** ResendPinCode: SMS_PIN, Pending, at most three times; a new PIN, whose digest replaces the old one's. */
export function resendSubscriptionPin(s: Subscription, pinDigest: string, stamp: EventStamp): Change<Subscription, Subscription, SubscriptionEvent> {
  return appliedOrRefused(s, apply(s, { type: 'RESEND_PIN', pinDigest }, stamp), refusal(s, 'RESEND_PIN'));
}

/** CancelSubscription: Pending or Active become Cancelled; an ended subscription answers as it is. */
export function cancelSubscription(s: Subscription, stamp: EventStamp): Change<Subscription, Subscription, SubscriptionEvent> {
  return appliedOrRefused(s, apply(s, { type: 'CANCEL', now: stamp.now }, stamp), refusal(s, 'CANCEL'));
}

/** The approval window closed: Pending becomes ApprovingFailed; otherwise nothing. */
export function expireSubscriptionApproval(s: Subscription, stamp: EventStamp): Change<Subscription, boolean, SubscriptionEvent> {
  return appliedOrNot(apply(s, { type: 'EXPIRE_APPROVAL', now: stamp.now }, stamp));
}

/** An SMS_PIN subscription whose PIN could not be delivered: ApprovingFailed at once. */
export function failUndeliverableApproval(s: Subscription, stamp: EventStamp): Change<Subscription, boolean, SubscriptionEvent> {
  return appliedOrNot(apply(s, { type: 'PIN_UNDELIVERABLE', now: stamp.now }, stamp));
}

/** Whether a scheduled charge is due at `now`: the machine's answer to CHARGE. */
export function subscriptionChargeDue(s: Subscription, now: string): boolean {
  const { state: _s, version: _v, ...fields } = s;
  return machineAccepts(subscriptionLifecycle.machine, s.state, fields, { type: 'CHARGE', now });
}

/** Records one scheduled charge; the outcome says whether it applied (it was due). */
export function recordSubscriptionCharge(s: Subscription, operation: BillingOperation, stamp: EventStamp): Change<Subscription, boolean, SubscriptionEvent> {
  const type = operation.status === 'SUCCESS' ? 'CHARGE_SUCCEEDED' : 'CHARGE_FAILED';
  return appliedOrNot(apply(s, { type, operation }, stamp));
}

/** RefundBillingOperation: marks the charge refunded; status and schedule stay as they are. */
export function refundBillingOperation(s: Subscription, operationId: string, stamp: EventStamp): Change<Subscription, boolean, SubscriptionEvent> {
  return appliedOrNot(apply(s, { type: 'REFUND_OPERATION', operationId }, stamp));
}
