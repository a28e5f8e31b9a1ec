import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { maskBody } from './masking.js';

function hasFields(body: unknown): body is object {
  if (typeof body !== 'object' || body === null) return false;
  for (const key in body) if (Object.hasOwn(body, key)) return true;
  return false;
}

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * One log line per request, written when the response is sent: method, path, status, duration and
 * the body, if any, already masked (no card number, no security code, no PIN). Headers are not
 * logged, so signatures never are.
 */
export const requestLog = (logger: Logger, host: string) => {
  const log = logger.child({ host });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!log.isLevelEnabled('info')) return next();
    const started = performance.now();
    // The URL as it came (before any router trims it), cut at the query by hand: `req.path` would
    // parse it again, and every property read of `req` is a slow lookup.
    const { method, url } = req;
    // A response finishes once: `on` spares the wrapper `once` would allocate for every request.
    res.on('finish', () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const body: unknown = req.body;
      // One shape for every line (pino leaves out an undefined body): its serializer stays fast.
      log.info({ method, path: pathOf(url), status: res.statusCode, ms, body: hasFields(body) ? maskBody(body) : undefined }, 'request');
    });
    next();
  };
};
