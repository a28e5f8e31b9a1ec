import express, { type Express } from 'express';
import type { HttpDeps } from './http-deps.js';
import { errorHandler, notFound } from './error-handler.js';
import { jsonBody } from './json-body.js';
import { requestLog } from './request-log.js';

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** What every Kassa listener shares: no framework banner, JSON bodies, the masked request log. */
export function baseApp(deps: HttpDeps, host: string): Express {
  const app = express();
  app.disable('x-powered-by');
  // API answers are never cached; an ETag would only cost a hash of every body.
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(requestLog(deps.logger, host));
  app.use(jsonBody(deps.mode, deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT));
  return app;
}

/** GET /health, and then 404 for anything else, and the error handler: the end of every listener. */
export function finishApp(app: Express, deps: HttpDeps, host: string): Express {
  app.get('/health', (_req, res) => void res.json({ status: 'ok', host }));
  app.use(notFound(deps.mode));
  app.use(errorHandler(deps.mode, deps.logger));
  return app;
}
