import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { maskForLog, type ApiCallLog } from '@kassa/domain';
import { REQUEST_ID_HEADER } from '../shared/request-id.js';
import { AUTHENTICATED_PROJECT } from './route.js';

const PROJECT_PATH = /^\/api\/v3\/projects\/\d{1,9}(\/|$)/;
/** A response body longer than this is not kept (nor parsed): the page shows its route and status. */
const MAX_CAPTURED = 65_536;
/** Bodies kept for the page, masked, at most this long. */
const MAX_BODY_CHARS = 2_000;
/** A JWT anywhere in a text (a widget token inside a payment-page URL, say). */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/g;

/** A body as the requests page shows it: masked as the logs are, tokens inside URLs too, cut short. */
export function maskedBody(value: unknown): string | undefined {
  if (value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0)) return undefined;
  const text = JSON.stringify(maskForLog(value)) ?? '';
  const masked = text.replace(JWT, '[token]');
  return masked.length > MAX_BODY_CHARS ? `${masked.slice(0, MAX_BODY_CHARS)}…` : masked;
}

/**
 * Records every signed call of a project's JSON v3 API for the dashboard's requests page: method,
 * route template, status, request id, Idempotency-Key, time and masked bodies. Only calls a route
 * authenticated for the project (`route` notes it) are recorded: anyone could send the others for
 * any project. A failed record never fails the call.
 */
export function apiCallRecorder(log: ApiCallLog, now: () => Date) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!PROJECT_PATH.test(req.path)) {
      next();
      return;
    }
    const started = performance.now();
    let sent: string | undefined;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      const [chunk] = args;
      const length = typeof chunk === 'string' ? chunk.length : Buffer.isBuffer(chunk) ? chunk.length : 0;
      // Kept only whole (a cut JSON text would not parse, and could not be masked by its keys).
      if (length > 0 && length <= MAX_CAPTURED) sent = typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
      return end(...args);
    }) as Response['end'];
    res.on('finish', () => {
      const projectId: unknown = res.locals[AUTHENTICATED_PROJECT];
      if (typeof projectId !== 'number') return;
      let response: unknown;
      try {
        response = sent ? JSON.parse(sent) : undefined;
      } catch {
        // Not JSON: not kept (only JSON is masked by its keys).
        response = undefined;
      }
      const route: unknown = (req.route as { path?: unknown } | undefined)?.path;
      const key = req.headers['idempotency-key'];
      const request = maskedBody(req.body);
      const answer = maskedBody(response);
      void log
        .record({
          id: randomUUID(),
          projectId,
          at: now().toISOString(),
          method: req.method,
          route: typeof route === 'string' ? route : 'unmatched',
          status: res.statusCode,
          requestId: String(res.getHeader(REQUEST_ID_HEADER) ?? ''),
          ...(typeof key === 'string' && key.length <= 257 ? { idempotencyKey: key } : {}),
          ms: Math.round(performance.now() - started),
          ...(request ? { request } : {}),
          ...(answer ? { response: answer } : {}),
        })
        .catch(() => undefined);
    });
    next();
  };
}
