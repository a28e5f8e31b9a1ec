import { assign, setup } from 'xstate';
import type { DomainEventType } from '../events/domain-event.js';
import type { EventStamp } from '../shared/events.js';
import { appliedOrNot, appliedOrRefused, applyToAggregate, dueWhenWorkIs, workDueAt, type Change, type DueWork, type Lifecycle, type Refusal } from '../shared/lifecycle.js';
import { rememberedStart, statesTagged } from '../shared/machine-step.js';
import { addSeconds } from '../shared/time.js';
import { nextAttemptDelay } from './retry-schedule.js';

// The webhook delivery, top to bottom: its fields and states, its machine, its lifecycle (what is
// live, when its next attempt falls due, whether one is due now), then its commands. It records no
// domain events of its own: it delivers the others'.

// ---- Fields and states ----------------------------------------------------------------------

/** What is sent, whatever its format: the body, its content type, and where it goes. */
export interface Notification {
  /** Which endpoint of the event this is ('webhook', 'test-callback', 'subscription'): part of the delivery's id. */
  readonly channel: string;
  readonly url: string;
  readonly contentType: string;
  readonly body: string;
}

/** One HTTP attempt, as the merchant and the operator see it. */
export interface DeliveryAttempt {
  readonly at: string;
  /** The HTTP status, or null when no answer came (timeout, connection error). */
  readonly status: number | null;
  readonly latencyMs: number;
  /** The first 1 KB of the answer's body. */
  readonly response: string;
  /** Why the attempt failed when no status says it (timeout, connection refused, not sent). */
  readonly error: string | null;
  /**
   * false: recorded on its schedule but never sent (a test clock's advance paces its endpoints:
   * `ClockedAttemptPace`); absent on every attempt that was sent.
   */
  readonly sent?: false;
}

export type DeliveryState = 'pending' | 'succeeded' | 'dead';

/** The delivery's data; also its machine's context. */
export interface WebhookDeliveryFields {
  /** Deterministic: the event's id and the endpoint's channel, so a relay that runs twice creates it once. */
  readonly id: string;
  readonly projectId: number;
  /** The event's stable id: the `webhook-id` of every attempt. */
  readonly eventId: string;
  readonly eventType: DomainEventType;
  readonly notification: Notification;
  readonly attempts: readonly DeliveryAttempt[];
  /** Where the current schedule began among the attempts: a redelivery starts it again. */
  readonly scheduleFrom: number;
  /** When the next attempt is due; null once succeeded or dead. */
  readonly nextAttemptAt: string | null;
  readonly createdAt: string;
  /** The test clock it lives on (test environment): its times are that clock's. */
  readonly testClockId?: string;
  /** The merchant's webhook endpoint it goes to (channel `endpoint-<id>`); absent for the project's webhookUrl, test callbacks and subscription notifications. */
  readonly endpointId?: string;
}

export interface WebhookDelivery extends WebhookDeliveryFields {
  readonly state: DeliveryState;
  readonly version: number;
}

// ---- Machine --------------------------------------------------------------------------------

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
 * pending is `live`: attempts are still made. A command a state refuses answers `unchanged`: a
 * delivery's commands answer what happened, and none of their refusals is an error.
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
const startWebhookDelivery = rememberedStart(webhookDeliveryMachine, () => '');

/** What a command the machine refused answers: the delivery as it is (the machine names no other answer). */
const deliveryRefusal = (): Refusal => 'unchanged';

// ---- Lifecycle: what is live, what falls due ------------------------------------------------

/** The delivery's one job: its next attempt. */
export type DeliveryJob = 'webhook.attempt';

const LIVE = statesTagged(webhookDeliveryMachine, 'live');

/** Pending (the machine's `live` state): attempts are still made. */
const isLive = (d: Pick<WebhookDelivery, 'state'>): boolean => LIVE.has(d.state);

/** A pending delivery's next attempt, at its time (a claimed one's, when its claim runs out). */
const nextWork = (d: WebhookDelivery): DueWork<DeliveryJob> | null => (isLive(d) && d.nextAttemptAt !== null ? { job: 'webhook.attempt', at: d.nextAttemptAt } : null);

/** The webhook delivery lifecycle (see `Lifecycle`): storage and scheduling read it here. */
export const deliveryLifecycle = {
  machine: webhookDeliveryMachine,
  refusal: deliveryRefusal,
  isLive,
  nextWork,
  dueAt: dueWhenWorkIs(nextWork),
} satisfies Lifecycle<WebhookDelivery, DeliveryJob, WebhookDeliveryMachineEvent>;

/**
 * When the attempt due by `moment` was due, or null when none is (the delivery is over, or its next
 * attempt is later): the one answer to "is an attempt due", which AttemptDelivery asks.
 */
export const attemptDueBy = (d: WebhookDelivery, moment: string): string | null => workDueAt(deliveryLifecycle, d, moment)?.at ?? null;

// ---- Commands -------------------------------------------------------------------------------

export interface OpenDeliveryInput {
  readonly eventId: string;
  readonly eventType: DomainEventType;
  readonly projectId: number;
  readonly notification: Notification;
  readonly now: string;
  /** The event's test clock: the delivery's schedule runs in that clock's time. */
  readonly testClockId?: string;
  /** The webhook endpoint it goes to, if it goes to one. */
  readonly endpointId?: string;
}

/** The delivery id of an event's endpoint: deterministic, so that creating it twice creates it once. */
export const deliveryId = (eventId: string, channel: string): string => `${eventId}-${channel}`;

/** A new delivery, due at once. */
export function openDelivery(input: OpenDeliveryInput): WebhookDelivery {
  const fields: WebhookDeliveryFields = {
    id: deliveryId(input.eventId, input.notification.channel),
    projectId: input.projectId,
    eventId: input.eventId,
    eventType: input.eventType,
    notification: input.notification,
    attempts: [],
    scheduleFrom: 0,
    nextAttemptAt: input.now,
    createdAt: input.now,
    ...(input.testClockId ? { testClockId: input.testClockId } : {}),
    ...(input.endpointId ? { endpointId: input.endpointId } : {}),
  };
  const started = startWebhookDelivery(fields);
  return { ...started.context, state: started.state as DeliveryState, version: 1 };
}

/** How an attempt ended, as the sender saw it. */
export type AttemptOutcome = { readonly kind: 'success' } | { readonly kind: 'gone' } | { readonly kind: 'failure'; readonly retryAfterSeconds?: number };

const noEvents = () => [];
const apply = (d: WebhookDelivery, event: WebhookDeliveryMachineEvent, stamp: EventStamp) => applyToAggregate(webhookDeliveryMachine, d, event, noEvents, stamp);

/**
 * Records one attempt. A failure is retried on the schedule (`random` in [0, 1) spreads it), or
 * makes the delivery dead when no attempt is left; 410 makes it dead at once. The outcome says
 * whether it applied: an attempt on a delivery no longer pending changes nothing.
 */
export function recordAttempt(d: WebhookDelivery, attempt: DeliveryAttempt, outcome: AttemptOutcome, random: number, stamp: EventStamp): Change<WebhookDelivery, boolean> {
  const failures = d.attempts.length - d.scheduleFrom + 1;
  const delay = outcome.kind === 'failure' ? nextAttemptDelay(failures, random, outcome.retryAfterSeconds) : null;
  const event: WebhookDeliveryMachineEvent =
    outcome.kind === 'success'
      ? { type: 'SUCCEEDED', attempt }
      : outcome.kind === 'gone'
        ? { type: 'GONE', attempt }
        : // Counted from the attempt's end: after a 15 s timeout a 5 s retry is still 5 s away.
          { type: 'FAILED', attempt, retryAt: delay === null ? null : addSeconds(attempt.at, delay + attempt.latencyMs / 1000) };
  return appliedOrNot(apply(d, event, stamp));
}

/**
 * How long a claimed attempt is held: the sender's 15 s timeout, plus a wait at its endpoint's gate
 * (an attempt is not claimed while the endpoint is busy, so the wait is short, though not bounded:
 * one that outlasts the claim may be sent twice, with the same webhook-id). A worker that dies
 * mid-attempt delays that delivery's retry by this much (and the sweep's period).
 */
export const ATTEMPT_CLAIM_SECONDS = 45;

/**
 * Takes a pending delivery's due attempt until `until`, so that a sweep or a duplicate job running
 * meanwhile finds nothing due. Saved (with the version check) before the attempt is sent: only the
 * winner sends. `until` must outlast the sender's timeout.
 */
export function claimAttempt(d: WebhookDelivery, until: string, stamp: EventStamp): Change<WebhookDelivery, boolean> {
  return appliedOrNot(apply(d, { type: 'CLAIMED', until }, stamp));
}

/** A new attempt now, whatever the state; a dead delivery comes back to life with a fresh schedule. */
export function redeliver(d: WebhookDelivery, stamp: EventStamp): Change<WebhookDelivery, WebhookDelivery> {
  return appliedOrRefused(d, apply(d, { type: 'REDELIVER', now: stamp.now }, stamp), deliveryRefusal);
}
