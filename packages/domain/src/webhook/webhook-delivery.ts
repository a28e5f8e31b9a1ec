export * from './webhook-delivery.fields.js';
import type { EventStamp } from '../shared/events.js';
import { appliedOrNot, appliedOrRefused, applyToAggregate, type Change } from '../shared/lifecycle.js';
import { addSeconds } from '../shared/time.js';
import { nextAttemptDelay } from './retry-schedule.js';
import type { DeliveryAttempt, DeliveryState, Notification, WebhookDelivery, WebhookDeliveryFields } from './webhook-delivery.fields.js';
import type { DomainEventType } from '../events/domain-event.js';
import { deliveryLifecycle } from './webhook-delivery.lifecycle.js';
import { startWebhookDelivery, type WebhookDeliveryMachineEvent } from './webhook-delivery.machine.js';

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
const apply = (d: WebhookDelivery, event: WebhookDeliveryMachineEvent, stamp: EventStamp) => applyToAggregate(deliveryLifecycle.machine, d, event, noEvents, stamp);

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
  return appliedOrRefused(d, apply(d, { type: 'REDELIVER', now: stamp.now }, stamp), () => deliveryLifecycle.refusal());
}
