import { listPageSchema } from '@kassa-payments/protocol';
import { z } from 'zod';

/**
 * The admin API's answers as zod schemas: the views' TypeScript types are derived from them (so a view
 * that drifts from its schema does not compile), and the admin document's answer bodies are made of
 * them (so the document describes what is sent). Registered under their component names.
 */
export const adminSchemas = z.registry<{ id: string }>();

/** A time as every admin answer gives it: UTC, whole seconds (`2026-01-31T12:00:00Z`). */
const time = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$/);
/** A secret as an answer shows it: that it is set, never the secret. */
const secretSet = z.literal('[set]');
const retiringSecret = z.object({ value: secretSet, valid_until: time }).describe('The secret before the last rotation, still valid until valid_until; null when there is none');

export const partnerViewSchema = z
  .object({
    login: z.string(),
    password: secretSet,
    test_callback_allowed: z.boolean(),
    previous_password: retiringSecret.nullable(),
  })
  .register(adminSchemas, { id: 'Partner' });

export const projectViewSchema = z
  .object({
    id: z.int(),
    partner_login: z.string(),
    active: z.boolean(),
    client_ip_required: z.boolean(),
    ip_whitelist: z.array(z.string()),
    default_price: z.object({ amount: z.string(), currency: z.string() }).nullable(),
    return_url: z.string().nullable(),
    webhook_url: z.string().nullable(),
    webhook_secret: secretSet.nullable(),
    payment_methods: z.array(z.string()),
    subscription_secret: secretSet.nullable(),
    subscription_notification_url: z.string().nullable(),
    webhook_format: z.enum(['v3', 'legacy']),
    subscription_signature: z.enum(['v1', 'v2']),
    min_signature_version: z.literal([3, 4, 5]),
    widget_origins: z.array(z.string()).optional(),
    previous_webhook_secret: retiringSecret.nullable(),
    previous_subscription_secret: retiringSecret.nullable(),
  })
  .register(adminSchemas, { id: 'Project' });

export const deliveryViewSchema = z
  .object({
    project_id: z.int(),
    delivery_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    url: z.string(),
    status: z.enum(['pending', 'succeeded', 'dead']),
    created_at: time,
    next_attempt_at: time.nullable(),
    attempts: z.array(z.object({ at: time, status_code: z.int().nullable(), latency_ms: z.int(), response: z.string(), error: z.string().nullable(), sent: z.boolean() })),
  })
  .register(adminSchemas, { id: 'Delivery' });

export const auditEntryViewSchema = z
  .object({
    id: z.string(),
    at: time,
    actor: z.string(),
    from: z.string(),
    action: z.string(),
    target: z.string(),
    changes: z.record(z.string(), z.unknown()).describe('The fields set (snake_case), every secret as [set], URLs without their query'),
  })
  .register(adminSchemas, { id: 'AuditEntry' });

/** A page of a list, as every list of the APIs answers it (the protocol's shape), in the admin document. */
const pageOf = <T extends z.ZodType>(item: T, formerName: string, id: string) => listPageSchema(item, formerName).register(adminSchemas, { id });

export const partnerPageSchema = pageOf(partnerViewSchema, 'partners', 'PartnerPage');
export const projectPageSchema = pageOf(projectViewSchema, 'projects', 'ProjectPage');
export const deliveryPageSchema = pageOf(deliveryViewSchema, 'deliveries', 'DeliveryPage');
export const auditPageSchema = pageOf(auditEntryViewSchema, 'entries', 'AuditPage');

export const resealViewSchema = z.object({ partners: z.int(), projects: z.int(), webhook_endpoints: z.int(), resealed: z.int() }).register(adminSchemas, { id: 'Resealed' });
export const recoveryViewSchema = z
  .object({ recovered: z.int(), skipped: z.int(), more: z.boolean().describe('Dead deliveries of the range remain beyond one call: call again'), delivery_ids: z.array(z.string()) })
  .register(adminSchemas, { id: 'Recovered' });

export const healthSchema = z
  .object({
    status: z.literal('ok'),
    host: z.literal('admin'),
    version: z.string().meta({ description: "Kassa's version (semver), the one of the whole product", example: '0.1.0' }),
    commit: z.string().meta({ description: 'the commit built (12 hex digits), or unknown', example: 'd668e92c1a2b' }),
  })
  .register(adminSchemas, { id: 'Health' });
export const readinessSchema = z.object({ ready: z.boolean(), draining: z.boolean().optional(), checks: z.record(z.string(), z.string()).optional() }).register(adminSchemas, { id: 'Readiness' });

export type PartnerView = z.infer<typeof partnerViewSchema>;
export type ProjectView = z.infer<typeof projectViewSchema>;
export type DeliveryView = z.infer<typeof deliveryViewSchema>;
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>;
export type ResealView = z.infer<typeof resealViewSchema>;
export type RecoveryView = z.infer<typeof recoveryViewSchema>;
