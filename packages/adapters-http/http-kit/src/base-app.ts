import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { ListenerDeps, TrustProxy } from './listener-deps.js';
import { errorHandler, methodNotAllowed, notFound, type DocumentHost } from './error-handler.js';
import { jsonBody } from './json-body.js';
import { mountRawEndpoint, routedPath } from './raw-endpoint.js';
import { requestLog } from './request-log.js';
import type { RouteHandler } from './route-table.js';

/** Express's value for `trust proxy`: a copy of the list (Express compiles it once). */
const trustProxySetting = (trust: TrustProxy | undefined): false | number | string[] => (typeof trust === 'object' ? [...trust] : (trust ?? false));

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Routes of one delivery app served on another's listener (the merchants' dashboard on the API
 * host): the composition root hands them over, so that neither app imports the other.
 */
export interface HostedRoutes {
  /** Path prefixes whose requests read their own bodies: the listener's JSON parser leaves them be. */
  readonly ownPrefixes: readonly string[];
  /** Registers the routes, after the listener's own and before its 404. */
  readonly mount: (app: Express) => void;
}

/**
 * Handlers run one after the other as one layer of Express's stack: each layer costs a request the
 * router's dispatch (its matching, its `next`), and a served API request never needs more than one.
 * A handler's `next()` runs the following one; the last one's, or any `next(err)`, goes on to the
 * layers after the chain (the 405, the 404, the error handler).
 */
export function chain(handlers: readonly RouteHandler[]): RouteHandler {
  if (handlers.length === 1 && handlers[0]) return handlers[0];
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next = (err?: unknown): void => {
      const handler = handlers[index++];
      if (err !== undefined || handler === undefined) return void done(err);
      try {
        const answered = handler(req, res, next);
        if (answered instanceof Promise) answered.catch(next);
      } catch (e) {
        next(e);
      }
    };
    next();
  };
}

/**
 * What every Kassa listener shares: no framework banner, X-Request-Id, JSON bodies, the masked
 * request log and the metrics' observer.
 * `ownBodies` are paths that read their own bodies, or none (the payment page and its forms): the
 * JSON parser leaves them be; `'*'` (a host of document endpoints only) has no JSON parser at all.
 * `then`: the listener's own handlers (its route table's), run in the same layer as the request log
 * and the JSON parser.
 */
export function baseApp(deps: ListenerDeps, host: string, ownBodies: readonly string[] | '*' = [], ownPrefixes: readonly string[] = [], then: readonly RouteHandler[] = []): Express {
  const app = express();
  app.disable('x-powered-by');
  // API answers are never cached; an ETag would only cost a hash of every body.
  app.set('etag', false);
  app.set('trust proxy', trustProxySetting(deps.trustProxy));
  const log = requestLog(deps.logger, host, deps.observer, deps.answered);
  const rawEndpoints = deps.rawEndpoints?.[host] ?? [];
  if (ownBodies === '*') {
    app.use(chain([log, ...then]));
    for (const endpoint of rawEndpoints) mountRawEndpoint(app, endpoint, deps.traceparent);
    return app;
  }
  const json = jsonBody(deps.mode, deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT);
  // Express matches routes whatever the case of the path and a trailing slash, so these paths are compared so too.
  const own = new Set(ownBodies.map((p) => p.toLowerCase()));
  const owns = (path: string) => own.has(path) || ownPrefixes.some((prefix) => path.startsWith(prefix));
  const body: RouteHandler = own.size === 0 && ownPrefixes.length === 0 ? json : (req, res, next) => (owns(routedPath(req.url) ?? '') ? next() : json(req, res, next));
  // Raw endpoints read their own bodies: they come before the JSON parser.
  if (rawEndpoints.length === 0) app.use(chain([log, body, ...then]));
  else {
    app.use(log);
    for (const endpoint of rawEndpoints) mountRawEndpoint(app, endpoint, deps.traceparent);
    app.use(chain([body, ...then]));
  }
  return app;
}

/**
 * GET /health, and then 404 for anything else, and the error handler: the end of every listener.
 * A host that speaks a document format of its own (`document`) answers both in it. An API host
 * (`namesMethods`: the JSON v3 API and the PCI host) answers a known path asked with another method
 * 405 with `Allow`; a host of pages keeps its pages' own answers.
 */
export function finishApp(app: Express, deps: ListenerDeps, host: string, document?: DocumentHost, namesMethods = false): Express {
  app.get('/health', (_req, res) => void res.json({ status: 'ok', host }));
  if (namesMethods) app.use(methodNotAllowed(app, deps.mode));
  app.use(notFound(deps.mode, document));
  app.use(errorHandler(deps.mode, deps.logger, document));
  return app;
}

/**
 * A listener of document endpoints only (the subscription service's XML): health, and every other
 * path and error answered as `document` refuses, never in the JSON envelope.
 */
export const createDocumentHostApp = (deps: ListenerDeps, host: string, document: DocumentHost): Express => finishApp(baseApp(deps, host, '*'), deps, host, document);
