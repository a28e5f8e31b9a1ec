import type { Express } from 'express';
import { baseApp, finishApp } from '../shared/base-app.js';
import type { HttpDeps } from '../shared/http-deps.js';
import { contractRoutes } from './contract-routes.js';
import { invoiceRoutes } from './invoice-routes.js';
import { webhookRoutes } from '../webhooks/webhook-routes.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { openApiDocument } from './openapi.js';

export { API_PREFIX } from './prefix.js';

/** The API host ({base_url}): the JSON v3 API. Card data is refused here. */
export function createApiApp(deps: HttpDeps): Express {
  const app = baseApp(deps, 'api');
  // Registered on the app itself (a nested router would cost every request another dispatch), the
  // busiest first: the router tries each layer's path in order.
  invoiceRoutes(deps, app);
  contractRoutes(deps, app);
  webhookRoutes(deps, app);
  sandboxRoutes(deps, app);
  const openApi = openApiDocument(deps.apiBaseUrl);
  app.get('/api/v3/openapi.json', (_req, res) => void res.json(openApi));
  return finishApp(app, deps, 'api');
}
