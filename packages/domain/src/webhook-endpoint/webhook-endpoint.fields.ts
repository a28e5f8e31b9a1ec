import type { RetiringSecret } from '../shared/secrets.js';
export { DEFAULT_ENDPOINT_DISABLE_AFTER_HOURS } from '../shared/settings.js';

/** Enabled: events are delivered to it; disabled (by the merchant, or after failing too long): none are. */
export type WebhookEndpointState = 'enabled' | 'disabled';

/**
 * The events an endpoint takes: every one (`all`, the wire's `["*"]`), or these types (the domain's
 * names, `DomainEventType`: named as text here, since the events' union names this aggregate's event).
 */
export type EndpointEventTypes = 'all' | readonly string[];

/** The limits of a project's endpoints (docs/merchants/webhooks.md, "Webhook endpoints"). */
export const WEBHOOK_ENDPOINT_LIMITS = {
  /** Endpoints a project may have at once: each takes one of this many slots. */
  perProject: 16,
  /** The longest overlap of a rotated secret, in hours (a week), and the default one. */
  maxRotationHours: 168,
  defaultRotationHours: 24,
} as const;

/** A merchant's own webhook endpoint: where the events of the types it takes are delivered, signed with its own secret. */
export interface WebhookEndpointFields {
  readonly id: string;
  readonly projectId: number;
  /**
   * Which of the project's WEBHOOK_ENDPOINT_LIMITS.perProject slots it holds: a unique key
   * (projectId, slot) bounds the count without a read-then-write race; deleting frees it.
   */
  readonly slot: number;
  readonly url: string;
  readonly eventTypes: EndpointEventTypes;
  readonly description: string | null;
  /** Signs its deliveries (Standard Webhooks `whsec_…`); shown once, on creation and rotation. */
  readonly secret: string;
  /** The secret a rotation replaced, signing beside the new one until its time. */
  readonly previousSecret?: RetiringSecret;
  /**
   * When its deliveries began failing: the first failed attempt after its last success, in the
   * time of the delivery that failed (a test clock's, for events on one); null once one succeeds.
   */
  readonly failingSince: string | null;
  /** When it was disabled for failing (null while enabled, and when the merchant disabled it). */
  readonly disabledAt: string | null;
  readonly createdAt: string;
}

export interface WebhookEndpoint extends WebhookEndpointFields {
  readonly state: WebhookEndpointState;
  readonly version: number;
}

/**
 * An endpoint without its secrets: what the relay's fan-out and the free slots need. A storage reads
 * it without opening a sealed secret, so a secret it cannot open (a key gone) holds back no event.
 */
export type WebhookEndpointRoute = Omit<WebhookEndpoint, 'secret' | 'previousSecret'>;

/** The channel of an endpoint's deliveries: part of each delivery's id, so a relay run twice makes it once. */
export const endpointChannel = (endpointId: string): string => `endpoint-${endpointId}`;

/** Whether `endpoint` takes events of `type` (enabled or not). */
export const takesEventType = (endpoint: Pick<WebhookEndpointFields, 'eventTypes'>, type: string): boolean => endpoint.eventTypes === 'all' || endpoint.eventTypes.includes(type);
