import { z } from 'zod';
import { LIMITS } from './limits.js';
import { EVENT_TYPES, listPageSchema, type EventTypeName } from './responses.js';

/**
 * The merchants' own webhook endpoints (POST/GET/PATCH/DELETE webhook_endpoints): requests and
 * answers. An endpoint takes the JSON events: every type but the subscription service's, which
 * reach the subscription notification URL as XML only.
 */

/** The limits of an endpoint's fields. */
export const WEBHOOK_ENDPOINT_FIELD_LIMITS = { url: 2048, eventTypes: 32, maxRotationHours: 168 } as const;

/** The event types an endpoint may take, by their wire names; `*` takes all of them. */
export const ENDPOINT_EVENT_TYPES = EVENT_TYPES.filter((t) => !t.startsWith('subscription.')) as readonly Exclude<EventTypeName, `subscription.${string}`>[];
export type EndpointEventTypeName = (typeof ENDPOINT_EVENT_TYPES)[number];
export const ALL_EVENT_TYPES = '*';

const time = z.string().meta({ format: 'date-time', description: 'ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ', example: '2026-11-22T10:00:00Z' });

const endpointUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .max(WEBHOOK_ENDPOINT_FIELD_LIMITS.url, `must be at most ${WEBHOOK_ENDPOINT_FIELD_LIMITS.url} characters`)
  .meta({ description: 'where the events are POSTed: an http(s) URL of a public address', example: 'https://shop.example/kassa-events' });

const eventTypes = z
  .array(z.enum([ALL_EVENT_TYPES, ...ENDPOINT_EVENT_TYPES], { error: `must be an event type (${ENDPOINT_EVENT_TYPES.join(', ')}) or "*"` }))
  .min(1, 'must name at least one event type, or "*" for all')
  .max(WEBHOOK_ENDPOINT_FIELD_LIMITS.eventTypes, `must name at most ${WEBHOOK_ENDPOINT_FIELD_LIMITS.eventTypes} event types`)
  .meta({
    description: 'the event types delivered to it, as the events list names them; ["*"] for all (subscription events go to the subscription notification URL only)',
    example: ['payment.updated'],
  });

const description = z.string().max(LIMITS.description, `must be at most ${LIMITS.description} characters`).meta({ description: 'your note' });

export const createWebhookEndpointRequest = z
  .object({ url: endpointUrl, event_types: eventTypes, description: description.nullable().optional() })
  .meta({ id: 'CreateWebhookEndpointRequest', example: { url: 'https://shop.example/kassa-events', event_types: ['payment.updated', 'refund.completed'], description: 'orders service' } });

export const updateWebhookEndpointRequest = z
  .object({
    url: endpointUrl.optional(),
    event_types: eventTypes.optional(),
    description: description.nullable().optional(),
    status: z.enum(['enabled', 'disabled']).optional().meta({ description: 'enabled again, its failing record starts afresh; redeliver its dead deliveries to have them sent' }),
  })
  .meta({ id: 'UpdateWebhookEndpointRequest', example: { status: 'enabled' } });

export const rotateWebhookEndpointSecretRequest = z
  .object({
    expires_in_hours: z
      .number({ error: 'must be a whole number of hours' })
      .int('must be a whole number of hours')
      .min(0, 'must be 0 to 168')
      .max(WEBHOOK_ENDPOINT_FIELD_LIMITS.maxRotationHours, 'must be 0 to 168')
      .optional()
      .meta({ description: 'how long the old secret keeps signing beside the new one (0 to 168 hours, default 24)' }),
  })
  .meta({ id: 'RotateWebhookEndpointSecretRequest', example: { expires_in_hours: 24 } });

const endpointFields = {
  id: z.uuid(),
  url: z.string(),
  event_types: z.array(z.string()).meta({ description: 'the event types it takes; ["*"] for all' }),
  description: z.string().nullable(),
  status: z.enum(['enabled', 'disabled']),
  failing_since: time.nullable().meta({ description: 'the first failed attempt since its last success; null while it succeeds' }),
  disabled_at: time.nullable().meta({ description: 'when Kassa disabled it for failing (webhook_endpoint.disabled); null otherwise' }),
  created_at: time,
};

export const webhookEndpointSchema = z.object(endpointFields).meta({ id: 'WebhookEndpoint', description: 'A webhook endpoint; its secret is shown on creation and rotation only.' });

export const webhookEndpointWithSecretSchema = z
  .object({
    ...endpointFields,
    secret: z.string().meta({ description: 'whsec_ + base64: signs its deliveries (Standard Webhooks). Shown in this answer only: keep it', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
  })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const webhookEndpointsSchema = listPageSchema(webhookEndpointSchema).meta({ id: 'WebhookEndpoints' });

export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequest>;
export type UpdateWebhookEndpointRequest = z.input<typeof updateWebhookEndpointRequest>;
export type RotateWebhookEndpointSecretRequest = z.input<typeof rotateWebhookEndpointSecretRequest>;
export type WebhookEndpointData = z.infer<typeof webhookEndpointSchema>;
export type WebhookEndpointWithSecretData = z.infer<typeof webhookEndpointWithSecretSchema>;
export type WebhookEndpointsPage = z.infer<typeof webhookEndpointsSchema>;
