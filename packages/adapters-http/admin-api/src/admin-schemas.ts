import { z } from 'zod';
import { partnerFields, projectFields, signedWebhooks } from './directory-schema.js';

/** The longest overlap a rotation may keep the old secret for. */
export const MAX_OVERLAP_DAYS = 90;

const overlapUntil = z.iso.datetime({ offset: true }).refine((t) => Date.parse(t) - Date.now() <= MAX_OVERLAP_DAYS * 86_400_000, `must be within ${MAX_OVERLAP_DAYS} days`);

export const partnerCreate = z.strictObject(partnerFields);
export const partnerChange = z.strictObject({ password: partnerFields.password.optional(), testCallbackAllowed: z.boolean().optional() });
export const passwordRotation = z.strictObject({ password: partnerFields.password, previousValidUntil: overlapUntil });
export const secretRotation = z.strictObject({ secret: projectFields.shape.webhookSecret.unwrap().unwrap(), previousValidUntil: overlapUntil });
// A project created from now on accepts version 5 only unless asked otherwise: 3 and 4 let a captured signature act elsewhere.
export const projectCreate = signedWebhooks(projectFields.extend({ partnerLogin: z.string().min(1).max(128), minSignatureVersion: projectFields.shape.minSignatureVersion.unwrap().default(5) }));
/** A change names only the fields it changes; the merged project is checked as a whole. */
export const projectChange = z.record(z.string(), z.unknown());

const projectId = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);
const time = z.iso.datetime({ offset: true }).transform((t) => new Date(t).toISOString());

/** Which deliveries: a state (dead by default), a project, creation time in [from, until); `limit` and `cursor` page as every list's. */
export const deliverySearch = z.strictObject({
  state: z.enum(['pending', 'succeeded', 'dead']).default('dead'),
  projectId: projectId.optional(),
  from: time.optional(),
  until: time.optional(),
});
export const recovery = z.strictObject({ projectId: projectId.optional(), from: time.optional(), until: time.optional() });
