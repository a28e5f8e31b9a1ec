import type { NextFunction, Request, Response } from 'express';
import { domainError, type KassaMode } from '@kassa/domain';
import type { Logger } from 'pino';
import { sendError } from './envelope.js';
import { bodyErrorStatus } from './json-body.js';

/** Unknown routes: 404 in the envelope. */
export const notFound = (mode: KassaMode) => (req: Request, res: Response) =>
  sendError(res, domainError('NOT_FOUND', `No route ${req.method} ${req.path}`), mode);

/**
 * The last handler. Client mistakes the parsers found are 4xx; anything else is an infrastructure
 * failure or a bug: logged, and answered 503 SERVICE_UNAVAILABLE so the client retries. Never HTML.
 */
export const errorHandler = (mode: KassaMode, logger: Logger) => (err: unknown, req: Request, res: Response, next: NextFunction) => {
  if (res.headersSent) return next(err);
  const bodyError = bodyErrorStatus(err);
  if (bodyError) return sendError(res, domainError('BAD_REQUEST', bodyError.message), mode, bodyError.status);
  logger.error({ err, method: req.method, path: req.path }, 'request failed');
  sendError(res, domainError('SERVICE_UNAVAILABLE'), mode);
};
