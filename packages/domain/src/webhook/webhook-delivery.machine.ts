import { assign, setup } from 'xstate';
import { rememberedStart } from '../shared/machine-step.js';
import type { DeliveryAttempt, WebhookDeliveryFields } from './webhook-delivery.fields.js';

export type WebhookDeliveryMachineEvent =
  /** A 2xx within the timeout. */
  | { type: 'SUCCEEDED'; attempt: DeliveryAttempt }
  /** Any other answer, or none: `retryAt` is when to try again, null when no attempt is left. */
  | { type: 'FAILED'; attempt: DeliveryAttempt; retryAt: string | null }
  /** 410 Gone: the endpoint asks for no more. */
  | { type: 'GONE'; attempt: DeliveryAttempt }
  /** A merchant's or an operator's request: a new attempt now, whatever happened before. */
  | { type: 'REDELIVER'; now: string }
  /** A worker takes the due attempt: nobody else attempts before `until` (when a crashed worker's claim runs out). */
  | { type: 'CLAIMED'; until: string };

/**
 * The delivery lifecycle: pending until an attempt succeeds (succeeded), the endpoint answers 410
 * or the schedule runs out (dead). Redelivery makes any delivery pending again, due at once. Only
 * pending is `live`: attempts are still made.
 */
export const webhookDeliveryMachine = setup({
  types: {} as { context: WebhookDeliveryFields; events: WebhookDeliveryMachineEvent; input: WebhookDeliveryFields },
  actions: {
    addAttempt: assign({ attempts: ({ context, event }) => ('attempt' in event ? [...context.attempts, event.attempt] : context.attempts) }),
    stop: assign({ nextAttemptAt: null }),
    claim: assign({ nextAttemptAt: ({ context, event }) => (event.type === 'CLAIMED' ? event.until : context.nextAttemptAt) }),
    retryLater: assign({ nextAttemptAt: ({ event }) => (event.type === 'FAILED' ? event.retryAt : null) }),
    dueNow: assign({ nextAttemptAt: ({ event }) => (event.type === 'REDELIVER' ? event.now : null), scheduleFrom: ({ context }) => context.attempts.length }),
  },
  guards: {
    attemptsLeft: ({ event }) => event.type === 'FAILED' && event.retryAt !== null,
  },
}).createMachine({
  id: 'webhookDelivery',
  context: ({ input }) => input,
  initial: 'pending',
  on: { REDELIVER: { target: '.pending', actions: 'dueNow' } },
  states: {
    pending: {
      tags: 'live',
      on: {
        SUCCEEDED: { target: 'succeeded', actions: ['addAttempt', 'stop'] },
        FAILED: [
          { guard: 'attemptsLeft', actions: ['addAttempt', 'retryLater'] },
          { target: 'dead', actions: ['addAttempt', 'stop'] },
        ],
        GONE: { target: 'dead', actions: ['addAttempt', 'stop'] },
        CLAIMED: { actions: 'claim' },
      },
    },
    succeeded: {},
    dead: {},
  },
});

/** The first state of a new delivery (it reads nothing from the input; see decisions). */
export const startWebhookDelivery = rememberedStart(webhookDeliveryMachine, () => '');
