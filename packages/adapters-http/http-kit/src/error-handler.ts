import type { Express, NextFunction, Request, Response } from 'express';
import { domainError, type KassaMode } from '@kassa-payments/domain';
import type { Logger } from 'pino';
import { sendError } from './envelope.js';
import { bodyErrorStatus } from './json-body.js';
import type { DocumentRefusal } from './raw-endpoint.js';
import { routeTablesOf } from './route-table.js';
import { recordOf } from './request-record.js';

/** A host whose every answer is a document of its own format (the subscription service's XML), errors included. */
export type DocumentHost = Pick<DocumentRefusal, 'contentType' | 'refuse'>;

/** Sends `error` in the envelope, or as `document`'s refusal when the host speaks a document format. */
function answer(res: Response, error: ReturnType<typeof domainError>, mode: KassaMode, status: number | undefined, document: DocumentHost | undefined): void {
  if (!document) {
    sendError(res, error, mode, status);
    return;
  }
  const code = status ?? (error.code === 'NOT_FOUND' ? 404 : 503);
  res.status(code).set({ 'content-type': document.contentType, ...(code === 503 ? { 'retry-after': '5' } : {}) });
  res.end(document.refuse(code, error.code === 'SERVICE_UNAVAILABLE' ? 'Service temporarily unavailable; retry' : error.message));
}

/** The request's id for a log line about it (the request log's line carries the same). */
const requestIdOfAnswer = (res: Response): { requestId?: string } => {
  const requestId = recordOf(res)?.requestId;
  return requestId === undefined ? {} : { requestId };
};

/** A path as messages and log lines carry it: at most 256 characters (a request line may be 16 KB). */
const shortPath = (path: string) => (path.length > 256 ? `${path.slice(0, 256)}…` : path);

/** A route of the app's own, as Express 5's router keeps it. */
interface RouteLayer {
  readonly route?: { readonly methods: Readonly<Record<string, boolean | undefined>> };
  match(path: string): boolean;
}

/** The methods the app's own routes serve at `path` (GET brings HEAD, which Express answers with it); none for a path no route knows. */
export function allowedMethods(app: Express, path: string): string[] {
  const methods = new Set<string>();
  for (const layer of (app.router as unknown as { readonly stack: readonly RouteLayer[] }).stack) {
    // A route for every method (app.all: the raw XML endpoints) answers them itself.
    if (!layer.route || layer.route.methods['_all'] || !layer.match(path)) continue;
    for (const [method, served] of Object.entries(layer.route.methods)) if (served) methods.add(method.toUpperCase());
  }
  for (const table of routeTablesOf(app)) for (const method of table.allowed(path)) methods.add(method);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * A known path asked with a method it does not serve: 405 with `Allow` (RFC 9110), in the envelope.
 * Reached only when no route answered, so the served requests never pay for the look.
 */
export const methodNotAllowed = (app: Express, mode: KassaMode) => (req: Request, res: Response, next: NextFunction) => {
  const allowed = allowedMethods(app, req.path);
  if (allowed.length === 0 || allowed.includes(req.method)) return next();
  res.setHeader('Allow', allowed.join(', '));
  answer(res, domainError('METHOD_NOT_ALLOWED', `${req.method.slice(0, 16)} is not served at ${shortPath(req.path)}; it takes ${allowed.join(', ')}`), mode, undefined, undefined);
};

/** Unknown routes: 404 in the envelope (or the host's document). */
export const notFound = (mode: KassaMode, document?: DocumentHost) => (req: Request, res: Response) =>
  answer(res, domainError('NOT_FOUND', `No route ${req.method.slice(0, 16)} ${shortPath(req.path)}`), mode, undefined, document);

/**
 * The 4xx status of an error that says the client was wrong: http-errors' `expose` (body-parser's
 * errors), or the router's URIError for a malformed path. A 4xx from anything else (an HTTP client
 * inside a gateway or SMS plugin, say) is an outage of ours, not the merchant's mistake.
 */
export function clientErrorStatus(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { status, statusCode, expose } = err as { status?: unknown; statusCode?: unknown; expose?: unknown };
  if (expose !== true && !(err instanceof URIError)) return undefined;
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' && value >= 400 && value < 500 ? value : undefined;
}

/** Why the client was wrong, in words fit for the client: never the error's own message or stack. */
function clientErrorMessage(err: unknown, status: number): string {
  if (err instanceof URIError) return 'The path has a malformed percent-encoding';
  return status === 413 ? 'The request is too large' : 'The request is malformed';
}

/**
 * The last handler. An error that says the client was wrong (clientErrorStatus) is answered 400
 * BAD_REQUEST (or its 4xx) in the envelope, logged at info without a stack. Anything else is an
 * infrastructure failure or a bug: logged, and answered 503 SERVICE_UNAVAILABLE so the client
 * retries. Never HTML, and a failure while answering never leaves this handler.
 */
export const errorHandler = (mode: KassaMode, logger: Logger, document?: DocumentHost) => (err: unknown, req: Request, res: Response, _next: NextFunction) => {
  if (res.headersSent) {
    // Too late for an answer: Express's default would print the error, unmasked, to stderr.
    answerOrDrop(res, err, logger);
    return;
  }
  try {
    const bodyError = bodyErrorStatus(err);
    if (bodyError) return answer(res, domainError('BAD_REQUEST', bodyError.message), mode, bodyError.status, document);
    const status = clientErrorStatus(err);
    if (status !== undefined) {
      const message = clientErrorMessage(err, status);
      logger.info({ ...requestIdOfAnswer(res), method: req.method, status, reason: message }, 'client error');
      return answer(res, domainError('BAD_REQUEST', message), mode, status, document);
    }
    logger.error({ ...requestIdOfAnswer(res), err, method: req.method, path: shortPath(req.path) }, 'request failed');
    answer(res, domainError('SERVICE_UNAVAILABLE'), mode, undefined, document);
  } catch (failure) {
    answerOrDrop(res, failure, logger);
  }
};

/** Answering (or logging) failed, or failed too late: a bare 503 if nothing was sent yet, else the connection is dropped. */
function answerOrDrop(res: Response, failure: unknown, logger: Logger): void {
  try {
    if (res.headersSent) res.destroy();
    else {
      res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '5' });
      res.end('{"success":false,"error":{"code":"SERVICE_UNAVAILABLE","message":"Service temporarily unavailable; retry"}}');
    }
  } catch {
    res.destroy();
  }
  try {
    logger.error({ err: failure }, 'error answer failed');
  } catch {
    // A log that cannot be written: nothing more to do.
  }
}
