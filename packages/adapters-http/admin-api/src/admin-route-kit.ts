import type { RetiringSecret } from '@kassa-payments/domain';
import { markDeprecated } from '@kassa-payments/http-kit';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { adminError, auditFrom } from './admin-auth.js';
import type { AdminDeps } from './admin-deps.js';
import { namedFields, issueText, type Named } from './admin-names.js';
import { auditedChanges } from './admin-views.js';

export const ADMIN_PREFIX = '/admin/v1';

export type Parsed<T> = { ok: true; value: T } | { ok: false };

/**
 * A request's fields (its body, or its query) under the checks' names; a camelCase name of before
 * marks the answer deprecated. undefined once a 400 is answered (a field given under both names).
 */
export function fieldsOf(input: unknown, res: Response): Named | undefined {
  const named = namedFields(input);
  if (!named.ok) {
    adminError(res, 400, 'BAD_REQUEST', named.message);
    return undefined;
  }
  if (named.value.deprecated) markDeprecated(res);
  return named.value;
}

/** The fields checked by `schema`, or a 400 naming the first bad field as the caller named it. */
export function checked<T>(schema: z.ZodType<T>, fields: Pick<Named, 'value' | 'given'>, res: Response): Parsed<T> {
  const result = schema.safeParse(fields.value);
  if (result.success) return { ok: true, value: result.data };
  adminError(res, 400, 'BAD_REQUEST', issueText(result.error, fields.given));
  return { ok: false };
}

/** A request's body read (`fieldsOf`) and checked (`checked`). */
export function parsedBody<T>(schema: z.ZodType<T>, req: Request, res: Response): Parsed<T> & { given?: Named['given'] } {
  const fields = fieldsOf(req.body, res);
  if (!fields) return { ok: false };
  return { ...checked(schema, fields, res), given: fields.given };
}

/** A change that lost to another one made since the record was read: read it again and retry. */
export const changedMeanwhile = (res: Response, what: string) => adminError(res, 409, 'CHANGED_MEANWHILE', `${what} changed while this request ran; read it again and retry`);

/** Records an admin change in the audit log: who (the token), from where, what, its secrets masked. */
export const auditor = (deps: AdminDeps) => (req: Request, action: string, target: string, changes: Record<string, unknown>) =>
  deps.audit.record({ id: deps.ids.newId(), at: deps.clock.now().toISOString(), actor: 'admin-token', from: auditFrom(req), action, target, changes: auditedChanges(changes) });

/** The secret a rotation replaces, kept until `until`; none when there was none or `until` has passed. */
export const retiringUntil = (deps: AdminDeps, value: string | null, until: string): RetiringSecret | undefined =>
  value === null || Date.parse(until) <= deps.clock.now().getTime() ? undefined : { value, validUntil: new Date(until).toISOString() };
