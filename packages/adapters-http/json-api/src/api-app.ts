import type { Express } from 'express';
import { baseApp, finishApp, RouteTable, type HostedRoutes } from '@kassa-payments/http-kit';
import type { ApiDeps } from './api-deps.js';
import { contractRoutes } from './contract-routes.js';
import { invoiceRoutes } from './invoice-routes.js';
import { webhookRoutes } from './webhook-routes.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { streamRoutes } from './stream-routes.js';
import { webhookEndpointRoutes } from './webhook-endpoint-routes.js';
import { openApiDocument } from './openapi.js';

export { API_PREFIX } from './prefix.js';

/**
 * The API host ({base_url}): the JSON v3 API, and the routes the composition root hosts here (the
 * merchants' dashboard). Card data is refused here.
 */
export function createApiApp(deps: ApiDeps, hosted: readonly HostedRoutes[] = []): Express {
  // A hosted app's paths read their own bodies (the dashboard's URL-encoded forms): the JSON parser leaves them be.
  const ownPrefixes = hosted.flatMap((h) => h.ownPrefixes);
  // One table for every route of the API, compiled once: a request is matched in one lookup.
  const routes = new RouteTable();
  invoiceRoutes(deps, routes);
  contractRoutes(deps, routes);
  webhookRoutes(deps, routes);
  streamRoutes(deps, routes);
  webhookEndpointRoutes(deps, routes);
  sandboxRoutes(deps, routes);
  // The document of the mode served: production's has no sandbox (its routes answer 404 there).
  const openApi = openApiDocument(deps.mode, deps.apiBaseUrl);
  routes.get('/api/v3/openapi.json', (_req, res) => void res.json(openApi));
  // The request log, the JSON parser and the table: one layer of Express's stack. The requests page's
  // recorder reads each answered call's record (the dashboard reads through it: it stores what waits first).
  const recorder = deps.apiCallRecorder;
  const app = baseApp(recorder ? { ...deps, answered: recorder.answered } : deps, 'api', [], ownPrefixes, [routes.dispatch]);
  routes.servedBy(app);
  for (const h of hosted) h.mount(app);
  return finishApp(app, deps, 'api', undefined, true);
}
