import type { Express } from 'express';
import { baseApp, finishApp, type HostedRoutes } from '@kassa-payments/http-kit';
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
  const app = baseApp(deps, 'api', [], ownPrefixes);
  // The dashboard reads the project's calls through the recorder, which stores what waits first.
  if (deps.apiCallRecorder) app.use(deps.apiCallRecorder.middleware);
  // Registered on the app itself (a nested router would cost every request another dispatch), the
  // busiest first: the router tries each layer's path in order.
  invoiceRoutes(deps, app);
  contractRoutes(deps, app);
  webhookRoutes(deps, app);
  streamRoutes(deps, app);
  webhookEndpointRoutes(deps, app);
  sandboxRoutes(deps, app);
  // The document of the mode served: production's has no sandbox (its routes answer 404 there).
  const openApi = openApiDocument(deps.mode, deps.apiBaseUrl);
  app.get('/api/v3/openapi.json', (_req, res) => void res.json(openApi));
  for (const h of hosted) h.mount(app);
  return finishApp(app, deps, 'api', undefined, true);
}
