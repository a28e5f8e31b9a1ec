import type { Project } from './project-directory.port.js';
import type { DomainEvent } from '../events/domain-event.js';
import type { AttemptOutcome, DeliveryAttempt, Notification } from '../webhook/webhook-delivery.js';

/**
 * Turns an event into what its project's endpoints receive, in each endpoint's format (the wire
 * lives in the transports: JSON webhooks, XML notifications), one per endpoint, each with its own
 * `channel` (part of the delivery's id). An empty answer: nobody is to be told.
 */
export interface NotificationRenderer {
  render(event: DomainEvent, project: Project): Promise<readonly Notification[]>;
  /**
   * The event as the merchants' webhook endpoints receive it (the JSON v3 webhook body), or
   * undefined for an event they do not take (one whose only wire form is another, the XML
   * subscription notification).
   */
  endpointPayload(event: DomainEvent): Pick<Notification, 'contentType' | 'body'> | undefined;
}

/** What the sender needs to sign an attempt: the event's stable id and the project's secret. */
export interface SigningInput {
  readonly webhookId: string;
  readonly secret: string | null;
  /** The secret a rotation replaced, while its overlap lasts: the attempt carries its signature too. */
  readonly retiringSecret?: string;
  /** The delivery the attempt is of (for the log). */
  readonly deliveryId?: string;
}

/**
 * Sends one attempt of a notification and says how it went. It never throws for the endpoint's
 * failures (they are outcomes); it signs each attempt afresh (its own timestamp).
 */
export interface WebhookSender {
  /**
   * Whether the notification's endpoint already has as many attempts in flight as it may, and they
   * are slow to come back: the attempt is then put off (not made, not counted) instead of holding a
   * worker at the endpoint's gate for seconds.
   */
  busy(notification: Notification): boolean;
  send(notification: Notification, signing: SigningInput): Promise<{ readonly attempt: DeliveryAttempt; readonly outcome: AttemptOutcome }>;
}
