import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { maskBody } from './masking.js';

const hasFields = (body: unknown): body is object => typeof body === 'object' && body !== null && Object.keys(body).length > 0;

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
    // A response finishes once: `on` spares the wrapper `once` would allocate for every request.
    res.on('finish', () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const body: unknown = req.body;
      const line = { method: req.method, path: req.path, status: res.statusCode, ms };
      log.info(hasFields(body) ? { ...line, body: maskBody(body) } : line, 'request');
    });
    next();
  };
};
