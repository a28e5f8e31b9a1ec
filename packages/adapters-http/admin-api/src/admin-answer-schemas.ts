import { z } from 'zod';
import {
  adminSchemas,
  auditPageSchema,
  deliveryPageSchema,
  healthSchema,
  partnerPageSchema,
  partnerViewSchema,
  projectPageSchema,
  projectViewSchema,
  readinessSchema,
  recoveryViewSchema,
  resealViewSchema,
} from './admin-view-schemas.js';

/** An answer in the v3 envelope: `{ success: true, data }`. */
const envelope = (data: z.ZodType, id: string) => z.object({ success: z.literal(true), data }).register(adminSchemas, { id });

/** The envelope of each kind of answer, by its component name. */
export const ANSWERS = {
  PartnerAnswer: envelope(partnerViewSchema, 'PartnerAnswer'),
  PartnerPageAnswer: envelope(partnerPageSchema, 'PartnerPageAnswer'),
  ProjectAnswer: envelope(projectViewSchema, 'ProjectAnswer'),
  ProjectPageAnswer: envelope(projectPageSchema, 'ProjectPageAnswer'),
  DeliveryPageAnswer: envelope(deliveryPageSchema, 'DeliveryPageAnswer'),
  RecoveredAnswer: envelope(recoveryViewSchema, 'RecoveredAnswer'),
  ResealedAnswer: envelope(resealViewSchema, 'ResealedAnswer'),
  AuditPageAnswer: envelope(auditPageSchema, 'AuditPageAnswer'),
} as const;

/** The codes each error status of the admin listener answers with (admin-auth.ts, the routes, http-kit's handlers). */
export const ERROR_CODES = {
  '400': ['BAD_REQUEST'],
  '401': ['ADMIN_UNAUTHORIZED'],
  '403': ['ADMIN_DISABLED'],
  '404': ['NOT_FOUND'],
  '405': ['METHOD_NOT_ALLOWED'],
  '409': ['ALREADY_EXISTS', 'CHANGED_MEANWHILE'],
  '413': ['BAD_REQUEST'],
  '503': ['SERVICE_UNAVAILABLE'],
} as const;
export type ErrorStatus = keyof typeof ERROR_CODES;

/** The error envelope of one status, its codes named. */
export const errorAnswer = (status: ErrorStatus) =>
  z
    .object({
      success: z.literal(false),
      error: z.object({
        code: z.enum(ERROR_CODES[status]),
        message: z.string(),
        next_step: z.string().optional().describe('The test environment only: what to do'),
        details: z.record(z.string(), z.unknown()).optional(),
      }),
    })
    .register(adminSchemas, { id: `Error${status}` });

/** The error envelope of every status, registered once. */
export const ERROR_ANSWERS = Object.fromEntries((Object.keys(ERROR_CODES) as ErrorStatus[]).map((s) => [s, errorAnswer(s)])) as Record<ErrorStatus, ReturnType<typeof errorAnswer>>;

/** The listener's own (not enveloped) answers: health and readiness, for orchestrators. */
export const PROBES = { Health: healthSchema, Readiness: readinessSchema } as const;

/** Every registered answer schema as a JSON Schema 2020-12 component, referring to each other by `$ref`. */
export function answerComponents(): Record<string, Record<string, unknown>> {
  const { schemas } = z.toJSONSchema(adminSchemas, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema as Record<string, unknown>]));
}
