import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { DomainError, Project, RequestContext } from '@kassa-payments/domain';
import type { SignedOperation } from '@kassa-payments/protocol';
import { recordOf, requestContextOf, sendError } from '@kassa-payments/http-kit';
import type { ApiDeps } from './api-deps.js';
import { authenticate, isAuthError, type AuthContext } from './authenticate.js';
import { parseRequest } from './requests.js';
import { idempotencyKeyOf, idempotently } from './idempotency.js';
import type { OperationHandler } from './register-operations.js';

/** Who called (the signature's partner and project) and the request's context, which the route hands its use case. */
export interface Call extends AuthContext {
  readonly context: RequestContext;
}

export type Handler = (req: Request, res: Response, call: Call) => Promise<void>;

/**
 * An authenticated JSON v3 route: the signature check for its operation, then the handler, given
 * the caller and the request's context (its id and Idempotency-Key, which the events it causes
 * carry). One request handler rather than a middleware chain: each extra step costs a dispatch.
 * A rejected handler reaches Express 5's error handling (the envelope's 500 or 503).
 */
export function route(deps: ApiDeps, operation: SignedOperation, handler: Handler): OperationHandler {
  const handle = async (req: Request, res: Response): Promise<void> => {
    const auth = await authenticate(deps, deps.callers, operation, req);
    if (isAuthError(auth)) return sendError(res, auth, deps.mode);
    const record = recordOf(res);
    // Signed by the project's partner: the dashboard's requests page records this call (and no other).
    if (record) record.projectId = auth.project.id;
    // A POST with an Idempotency-Key runs once per key; the rest as always.
    const idempotency = req.method === 'POST' && deps.idempotency ? idempotencyKeyOf(req) : undefined;
    if (!idempotency || !deps.idempotency) return handler(req, res, { ...auth, context: requestContextOf(res, deps.traceparent) });
    if ('error' in idempotency) return sendError(res, idempotency.error, deps.mode);
    if (record) record.idempotencyKey = idempotency.key;
    const call = { ...auth, context: requestContextOf(res, deps.traceparent) };
    const scope = { partner: auth.partner.login, projectId: auth.project.id };
    await idempotently(deps.idempotency, scope, idempotency.key, req, res, deps, () => handler(req, res, call));
  };
  return Object.assign(handle, { operation });
}

/**
 * An authenticated route with a body: validated by `schema` (400 naming the field), the client_ip
 * rule applied unless the operation takes an empty body, then `handler` with the parsed body.
 */
export function bodyRoute<S extends z.ZodType>(
  deps: ApiDeps,
  operation: SignedOperation,
  schema: S,
  options: { readonly clientIpRule: boolean },
  handler: (body: z.infer<S>, req: Request, res: Response, call: Call) => Promise<void>,
) {
  return route(deps, operation, async (req, res, auth) => {
    const body = parseRequest(schema, req.body);
    if (!body.ok) return void answeredWithError(res, deps, body.error);
    if (options.clientIpRule && answeredWithError(res, deps, missingClientIp(auth.project, body.value as { client_ip?: string }))) return;
    await handler(body.value, req, res, auth);
  });
}

/** `client_ip` is required unless the project's settings say otherwise. */
export function missingClientIp(project: Project, body: { client_ip?: string | undefined }): DomainError | undefined {
  return project.clientIpRequired && !body.client_ip ? { code: 'BAD_REQUEST', message: 'client_ip: required for this project' } : undefined;
}

/** Sends the first error, if any; true when one was sent. */
export function answeredWithError(res: Response, deps: ApiDeps, ...errors: (DomainError | undefined)[]): boolean {
  const first = errors.find((e) => e !== undefined);
  if (first) sendError(res, first, deps.mode);
  return first !== undefined;
}
