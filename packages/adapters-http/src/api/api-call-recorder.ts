import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { maskForLog, type ApiCallLog } from '@kassa/domain';
import { REQUEST_ID_HEADER } from '../shared/request-id.js';

const PROJECT_PATH = /^\/api\/v3\/projects\/(\d{1,9})(\/|$)/;
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
 * route template, status, request id, Idempotency-Key, time and masked bodies. Calls refused
 * before authentication (401, 403) are not recorded: anyone could send them for any project. A
 * failed record never fails the call.
 */
export function apiCallRecorder(log: ApiCallLog, now: () => Date) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const project = PROJECT_PATH.exec(req.path);
    if (!project) {
      next();
      return;
    }
    const started = performance.now();
    let sent: string | undefined;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      const [chunk] = args;
      if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) sent = chunk.toString('utf8', 0, 65_536);
      return end(...args);
    }) as Response['end'];
    res.on('finish', () => {
      if (res.statusCode === 401 || res.statusCode === 403) return;
      let response: unknown;
      try {
        response = sent ? JSON.parse(sent) : undefined;
      } catch {
        response = sent;
      }
      const route: unknown = (req.route as { path?: unknown } | undefined)?.path;
      const key = req.headers['idempotency-key'];
      const request = maskedBody(req.body);
      const answer = maskedBody(response);
      void log
        .record({
          id: randomUUID(),
          projectId: Number(project[1]),
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
