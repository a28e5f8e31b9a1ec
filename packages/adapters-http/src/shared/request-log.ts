import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { maskBody } from './masking.js';

/**
 * One log line per request, written when the response is sent: method, path, status, duration and
 * the body already masked (no card number, no security code, no PIN). Headers are not logged, so
 * signatures never are.
 */
export const requestLog = (logger: Logger, host: string) => (req: Request, res: Response, next: NextFunction) => {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    if (!logger.isLevelEnabled('info')) return;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info({ host, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10, body: maskBody(req.body) }, 'request');
  });
  next();
};
