import { and, assertEvent, assign, emit, setup } from 'xstate';
import { fail, type ErrorCode } from '../shared/errors.js';
import { stamped, type EmittedPart, type EventEnvelope, type EventStamp } from '../shared/events.js';
import { appliedOrNot, appliedOrRefused, applyToAggregate, dueWhenWorkIs, type Change, type DueWork, type Lifecycle, type Refusal } from '../shared/lifecycle.js';
import { machineAccepts, namedRefusal, refuses, rememberedStart, statesTagged } from '../shared/machine-step.js';
import type { Money } from '../shared/money.js';
import { countWrongPin, pinGuards, pinStep, type PinAnswers } from '../shared/pin-confirmation.js';
import { addSeconds, isAtOrAfter } from '../shared/time.js';
import { APPROVAL_WINDOW_SECONDS, MAX_CHARGE_ATTEMPTS, MAX_PIN_RESENDS, type BillingOperation, type SubscriptionBilling } from './billing-operation.js';

// The subscription, top to bottom: its fields and states, its events, its machine (the spec's
// subscription table), its lifecycle (what is live, what work falls due and when, whether a charge
// is due), then its commands, whose refusals are the machine's own answers.

// ---- Fields and states ----------------------------------------------------------------------

export type AcceptanceChannel = 'SMS_PIN' | 'AUTH_PAGE';

/** The subscription's data; also the machine's context. */
export interface SubscriptionFields {
  readonly id: string;
  readonly projectId: number;
  readonly acceptanceChannel: AcceptanceChannel;
  readonly subscriberMsisdn: string | null;
  /** CustomerId: the client id in the merchant system (CustomerType=Card). */
  readonly subscriberId: string | null;
  readonly country: string;
  readonly operatorId: number;
  /** The keyed digest of the PIN sent for confirmation (never the PIN); null without one. */
  readonly pinDigest: string | null;
  readonly pinAttempts: number;
  readonly pinResends: number;
  /** AUTH_PAGE: payments on the page that did not go through (each retry is a new charge at the gateway). */
  readonly activationAttempts: number;
  readonly trialExists: boolean;
  readonly createdAt: string;
  /** The test clock it lives on (test environment): its times are that clock's. */
  readonly testClockId?: string;
  readonly approvalDeadline: string;
  readonly activatedAt: string | null;
  readonly closedAt: string | null;
  readonly paidUntil: string | null;
  readonly billing: SubscriptionBilling;
  readonly successfulCharges: number;
  readonly chargeAttempts: number;
  readonly nextChargeAt: string | null;
  readonly billingOperations: readonly BillingOperation[];
}

export interface Subscription extends SubscriptionFields {
  readonly state: SubscriptionState;
  readonly version: number;
}

/** Every state of a subscription, in the order lists offer them. */
export const SUBSCRIPTION_STATES = ['pending', 'active', 'cancelled', 'approvingFailed', 'closed'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const subscriptionIsActive = (s: Pick<Subscription, 'state'>): boolean => s.state === 'active';
export const subscriptionIsApproved = (s: Pick<Subscription, 'activatedAt'>): boolean => s.activatedAt !== null;

// ---- Events ---------------------------------------------------------------------------------

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
function subscriptionEvents(subscription: Subscription, emitted: readonly SubscriptionEmitted[], stamp: EventStamp): SubscriptionEvent[] {
  return emitted.map((e) => stamped('subscription', subscription, { ...facts(subscription), ...e }, stamp));
}

// ---- Machine --------------------------------------------------------------------------------

/** What a refused command answers (`refuses`): an error code, or `unchanged` (the subscription as it is). */
type Answer = ErrorCode | 'unchanged';
const refusedWith = (answer: Answer) => refuses(answer);

export type SubscriptionMachineEvent =
  | { type: 'APPROVE'; pinDigest: string; now: string }
  /** AUTH_PAGE: the payment on the page went through; WAP: the operator's gateway names the number. */
  | { type: 'PAYMENT_COMPLETED'; now: string; msisdn?: string }
  /** AUTH_PAGE: a payment on the page was declined; the subscription stays Pending. */
  | { type: 'PAYMENT_FAILED' }
  /** A new PIN was made for the subscriber: its digest replaces the old one. */
  | { type: 'RESEND_PIN'; pinDigest: string }
  | { type: 'CANCEL'; now: string }
  | { type: 'EXPIRE_APPROVAL'; now: string }
  /** SMS_PIN: the PIN's SMS could not be delivered: nobody can approve it. */
  | { type: 'PIN_UNDELIVERABLE'; now: string }
  | { type: 'CHARGE_SUCCEEDED'; operation: BillingOperation }
  | { type: 'CHARGE_FAILED'; operation: BillingOperation }
  | { type: 'REFUND_OPERATION'; operationId: string }
  /** A scheduled charge may be made at `now` (asked with `can`, never applied: the charge's result is the event). */
  | { type: 'CHARGE'; now: string };

const nowOf = (event: SubscriptionMachineEvent): string => ('now' in event ? event.now : 'operation' in event ? event.operation.at : '');

/**
 * The subscription lifecycle of the spec's subscription table. Pending awaits its PIN (SMS_PIN) or
 * a completed payment (AUTH_PAGE) for three hours; the third wrong PIN or the end of the window
 * make it ApprovingFailed for good. Active is charged every period; a decline is retried after the
 * same period; MaxIterations successful charges close it. Refunding a charge changes nothing else.
 * A step's domain events are what it emits. Pending and Active are `live`: the subscription has not
 * ended. A command a state refuses answers SUBSCRIPTION_WRONG_STATE unless a refusing transition
 * names another answer.
 */
export const subscriptionMachine = setup({
  types: {} as { context: SubscriptionFields; events: SubscriptionMachineEvent; input: SubscriptionFields; emitted: SubscriptionEmitted },
  actions: {
    // A named no-op: XState's `can` counts a transition only when it has a target or an action.
    chargeMayBegin: () => {},
    emitActivated: emit({ type: 'SubscriptionActivated' } as const),
    emitCancelled: emit({ type: 'SubscriptionCancelled' } as const),
    emitApprovingFailed: emit({ type: 'SubscriptionApprovingFailed' } as const),
    emitClosed: emit({ type: 'SubscriptionClosed' } as const),
    emitCharged: emit(({ event }) => {
      assertEvent(event, ['CHARGE_SUCCEEDED', 'CHARGE_FAILED']);
      const op = event.operation;
      return { type: 'SubscriptionCharged', billingOperationId: op.id, amount: op.amount, result: op.status === 'SUCCESS' ? 'Success' : 'Failed' } as const;
    }),
    countWrongPin: assign({ pinAttempts: countWrongPin }),
    countResend: assign(({ context, event }) => ({ pinResends: context.pinResends + 1, pinDigest: event.type === 'RESEND_PIN' ? event.pinDigest : context.pinDigest })),
    activate: assign(({ context, event }) => {
      const now = nowOf(event);
      const period = context.billing.periodSeconds;
      const msisdn = event.type === 'PAYMENT_COMPLETED' && event.msisdn ? { subscriberMsisdn: event.msisdn } : {};
      return { activatedAt: now, paidUntil: now, nextChargeAt: period === null ? null : addSeconds(now, period), ...msisdn };
    }),
    countActivationAttempt: assign({ activationAttempts: ({ context }) => (context.activationAttempts ?? 0) + 1 }),
    close: assign(({ event }) => ({ closedAt: nowOf(event), nextChargeAt: null })),
    addOperation: assign(({ context, event }) => {
      if (!('operation' in event)) return {};
      const op = event.operation;
      const success = op.status === 'SUCCESS';
      const period = context.billing.periodSeconds ?? 0;
      return {
        billingOperations: [...context.billingOperations, op],
        chargeAttempts: context.chargeAttempts + 1,
        successfulCharges: context.successfulCharges + (success ? 1 : 0),
        paidUntil: success ? addSeconds(op.at, period) : context.paidUntil,
        nextChargeAt: addSeconds(op.at, period),
      };
    }),
    markRefunded: assign({
      billingOperations: ({ context, event }) => context.billingOperations.map((op) => (event.type === 'REFUND_OPERATION' && op.id === event.operationId ? { ...op, refunded: true } : op)),
    }),
  },
  guards: {
    ...pinGuards('APPROVE'),
    bySmsPin: ({ context }) => context.acceptanceChannel === 'SMS_PIN',
    byAuthPage: ({ context }) => context.acceptanceChannel === 'AUTH_PAGE',
    windowClosed: ({ context, event }) => 'now' in event && isAtOrAfter(event.now, context.approvalDeadline),
    resendsLeft: ({ context }) => context.pinResends < MAX_PIN_RESENDS,
    chargeDue: ({ context, event }) => context.nextChargeAt !== null && nowOf(event) !== '' && isAtOrAfter(nowOf(event), context.nextChargeAt),
    lastIteration: ({ context }) => context.successfulCharges + 1 >= context.billing.maxIterations,
    lastAttemptAllowed: ({ context }) => context.chargeAttempts + 1 >= MAX_CHARGE_ATTEMPTS,
    operationRefundable: ({ context, event }) => event.type === 'REFUND_OPERATION' && context.billingOperations.some((op) => op.id === event.operationId && op.status === 'SUCCESS' && !op.refunded),
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => input,
  initial: 'pending',
  on: {
    REFUND_OPERATION: { guard: 'operationRefundable', actions: 'markRefunded' },
  },
  states: {
    pending: {
      tags: 'live',
      on: {
        APPROVE: [
          { guard: and(['bySmsPin', 'windowClosed']), target: 'approvingFailed', actions: ['close', 'emitApprovingFailed'] },
          { guard: and(['bySmsPin', 'attemptsLeft', 'pinMatches']), target: 'active', actions: ['activate', 'emitActivated'] },
          {
            guard: and(['bySmsPin', 'lastAttempt']),
            target: 'approvingFailed',
            actions: ['countWrongPin', 'close', 'emitApprovingFailed'],
          },
          { guard: and(['bySmsPin', 'attemptsLeft']), actions: 'countWrongPin' },
          { guard: 'bySmsPin', ...refusedWith('SUBSCRIPTION_APPROVING_FAILED') },
        ],
        PAYMENT_COMPLETED: { guard: 'byAuthPage', target: 'active', actions: ['activate', 'emitActivated'] },
        PAYMENT_FAILED: { guard: 'byAuthPage', actions: 'countActivationAttempt' },
        RESEND_PIN: [
          { guard: and(['bySmsPin', 'resendsLeft']), actions: 'countResend' },
          { guard: 'bySmsPin', ...refusedWith('SUBSCRIPTION_RESEND_LIMIT_EXCEEDED') },
        ],
        CANCEL: { target: 'cancelled', actions: ['close', 'emitCancelled'] },
        EXPIRE_APPROVAL: { guard: 'windowClosed', target: 'approvingFailed', actions: ['close', 'emitApprovingFailed'] },
        PIN_UNDELIVERABLE: { guard: 'bySmsPin', target: 'approvingFailed', actions: ['close', 'emitApprovingFailed'] },
      },
    },
    active: {
      tags: 'live',
      on: {
        CHARGE: { guard: 'chargeDue', actions: 'chargeMayBegin' },
        CHARGE_SUCCEEDED: [
          { guard: and(['chargeDue', 'lastIteration']), target: 'closed', actions: ['addOperation', 'emitCharged', 'close', 'emitClosed'] },
          { guard: 'chargeDue', actions: ['addOperation', 'emitCharged'] },
        ],
        CHARGE_FAILED: [
          { guard: and(['chargeDue', 'lastAttemptAllowed']), target: 'closed', actions: ['addOperation', 'emitCharged', 'close', 'emitClosed'] },
          { guard: 'chargeDue', actions: ['addOperation', 'emitCharged'] },
        ],
        CANCEL: { target: 'cancelled', actions: ['close', 'emitCancelled'] },
        APPROVE: refusedWith('SUBSCRIPTION_ALREADY_APPROVED'),
        PAYMENT_COMPLETED: refusedWith('SUBSCRIPTION_ALREADY_APPROVED'),
      },
    },
    // Terminal, but not XState `final`: a charge made earlier can still be refunded (root `on`).
    // Cancelling an ended subscription answers it as it is.
    cancelled: { on: { CANCEL: refusedWith('unchanged') } },
    approvingFailed: { on: { CANCEL: refusedWith('unchanged'), APPROVE: refusedWith('SUBSCRIPTION_APPROVING_FAILED') } },
    closed: { on: { CANCEL: refusedWith('unchanged') } },
  },
});

/** The first state of a new subscription (it reads nothing from the input; initialTransition is costly, see decisions). */
const startSubscription = rememberedStart(subscriptionMachine, () => '');

const fieldsOf = ({ state: _s, version: _v, ...fields }: Subscription): SubscriptionFields => fields;

// ---- Refusals -------------------------------------------------------------------------------

/** The subscription's commands its machine may refuse with an answer. */
type SubscriptionRefusable = Extract<SubscriptionMachineEvent, { type: 'APPROVE' | 'PAYMENT_COMPLETED' | 'RESEND_PIN' | 'CANCEL' }>;

/** The answer to a command the machine refused: the one its refusing transition names, else SUBSCRIPTION_WRONG_STATE. */
function subscriptionRefusal(s: Subscription, event: SubscriptionRefusable): Refusal {
  const answer = (namedRefusal(subscriptionMachine, s.state, fieldsOf(s), event) ?? 'SUBSCRIPTION_WRONG_STATE') as Answer;
  return answer === 'unchanged' ? answer : fail(answer);
}

// ---- Lifecycle: what is live, what falls due ------------------------------------------------

/** The subscription's jobs: the end of its approval window, and its scheduled charges. */
export type SubscriptionJob = 'subscription.expire-approval' | 'subscription.charge';

const LIVE = statesTagged(subscriptionMachine, 'live');

/** Pending or active (the machine's `live` states): the subscription has not ended. */
const isLive = (s: Pick<Subscription, 'state'>): boolean => LIVE.has(s.state);

/** A pending subscription's approval window closes at its deadline; an active one is charged at its next charge's time. */
function nextWork(s: Subscription): DueWork<SubscriptionJob> | null {
  if (s.state === 'pending') return { job: 'subscription.expire-approval', at: s.approvalDeadline };
  if (s.state === 'active' && s.nextChargeAt !== null) return { job: 'subscription.charge', at: s.nextChargeAt };
  return null;
}

/** The subscription lifecycle (see `Lifecycle`): storage and scheduling read it here. */
export const subscriptionLifecycle = {
  machine: subscriptionMachine,
  refusal: subscriptionRefusal,
  isLive,
  nextWork,
  dueAt: dueWhenWorkIs(nextWork),
} satisfies Lifecycle<Subscription, SubscriptionJob, SubscriptionRefusable>;

/** Whether a payment on the page is awaited (an AUTH_PAGE subscription still pending): the machine takes its outcome only then. */
export function subscriptionAwaitsPayment(s: Subscription): boolean {
  return machineAccepts(subscriptionMachine, s.state, fieldsOf(s), { type: 'PAYMENT_FAILED' });
}

/** Whether a scheduled charge is due at `now`, the one answer RunSubscriptionCharge asks: the machine's answer to CHARGE. */
export function subscriptionChargeDue(s: Subscription, now: string): boolean {
  return machineAccepts(subscriptionMachine, s.state, fieldsOf(s), { type: 'CHARGE', now });
}

// ---- Commands -------------------------------------------------------------------------------

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

const apply = (subscription: Subscription, event: SubscriptionMachineEvent, stamp: EventStamp) => applyToAggregate(subscriptionMachine, subscription, event, subscriptionEvents, stamp);

/** Applies a command the machine may refuse: the changed subscription, or its refusal's answer. */
const command = (s: Subscription, event: SubscriptionRefusable, stamp: EventStamp): Change<Subscription, Subscription, SubscriptionEvent> =>
  appliedOrRefused(s, apply(s, event, stamp), () => subscriptionRefusal(s, event));

/** The third wrong PIN answers InvalidPinCode too (attempts left: 0), and leaves the subscription ApprovingFailed. */
const PIN_ANSWERS: PinAnswers = { wrong: 'SUBSCRIPTION_INVALID_PIN_CODE', wording: 'InvalidPinCode', uncounted: 'SUBSCRIPTION_APPROVING_FAILED' };

/**
 * ApproveSubscription: SMS_PIN and Pending only; three attempts; the window closes after 3 hours (a
 * PIN after it is not counted). `pinDigest` is the PIN entered, as its digest (`PinDigests.digest(subscription.id, pin)`).
 */
export function approveSubscription(s: Subscription, pinDigest: string, stamp: EventStamp): Change<Subscription, Subscription, SubscriptionEvent> {
  const event = { type: 'APPROVE', pinDigest, now: stamp.now } as const;
  return pinStep(
    s,
    apply(s, event, stamp),
    (next) => next.state === 'active',
    PIN_ANSWERS,
    () => subscriptionRefusal(s, event),
  );
}

/** AUTH_PAGE activation: the payer completed the payment on the page (WAP: the operator named the number). */
export function completeSubscriptionPayment(s: Subscription, stamp: EventStamp, msisdn?: string): Change<Subscription, Subscription, SubscriptionEvent> {
  return command(s, { type: 'PAYMENT_COMPLETED', now: stamp.now, ...(msisdn ? { msisdn } : {}) }, stamp);
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
  return command(s, { type: 'RESEND_PIN', pinDigest }, stamp);
}

/** CancelSubscription: Pending or Active become Cancelled; an ended subscription answers as it is. */
export function cancelSubscription(s: Subscription, stamp: EventStamp): Change<Subscription, Subscription, SubscriptionEvent> {
  return command(s, { type: 'CANCEL', now: stamp.now }, stamp);
}

/** The approval window closed: Pending becomes ApprovingFailed; otherwise nothing. */
export function expireSubscriptionApproval(s: Subscription, stamp: EventStamp): Change<Subscription, boolean, SubscriptionEvent> {
  return appliedOrNot(apply(s, { type: 'EXPIRE_APPROVAL', now: stamp.now }, stamp));
}

/** An SMS_PIN subscription whose PIN could not be delivered: ApprovingFailed at once. */
export function failUndeliverableApproval(s: Subscription, stamp: EventStamp): Change<Subscription, boolean, SubscriptionEvent> {
  return appliedOrNot(apply(s, { type: 'PIN_UNDELIVERABLE', now: stamp.now }, stamp));
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
