import type { DomainEventType } from '../events/domain-event.js';

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
