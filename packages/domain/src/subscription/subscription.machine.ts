import { and, assertEvent, assign, emit, setup } from 'xstate';
import { rememberedStart } from '../shared/machine-step.js';
import { countWrongPin, pinGuards } from '../shared/pin-confirmation.js';
import { addSeconds, isAtOrAfter } from '../shared/time.js';
import { MAX_CHARGE_ATTEMPTS, MAX_PIN_RESENDS, type BillingOperation } from './billing-operation.js';
import type { SubscriptionEmitted } from './subscription.events.js';
import type { SubscriptionFields } from './subscription.fields.js';

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
 * A step's domain events are what it emits (subscription.events.ts stamps them). Pending and Active
 * are `live`: the subscription has not ended.
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
        ],
        PAYMENT_COMPLETED: { guard: 'byAuthPage', target: 'active', actions: ['activate', 'emitActivated'] },
        PAYMENT_FAILED: { guard: 'byAuthPage', actions: 'countActivationAttempt' },
        RESEND_PIN: { guard: and(['bySmsPin', 'resendsLeft']), actions: 'countResend' },
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
      },
    },
    // Terminal, but not XState `final`: a charge made earlier can still be refunded (root `on`).
    cancelled: {},
    approvingFailed: {},
    closed: {},
  },
});

/** The first state of a new subscription (it reads nothing from the input; initialTransition is costly, see decisions). */
export const startSubscription = rememberedStart(subscriptionMachine, () => '');
