import type { Express } from 'express';
import { baseApp, finishApp } from '@kassa/http-kit';
import type { HttpDeps } from '../shared/http-deps.js';
import { contractRoutes } from './contract-routes.js';
import { invoiceRoutes } from './invoice-routes.js';
import { webhookRoutes } from '../webhooks/webhook-routes.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { openApiDocument } from './openapi.js';
import { dashboardRoutes } from '../dashboard/dashboard-routes.js';
import { DASHBOARD_ASSETS } from '../dashboard/dashboard-views.js';
import { DASHBOARD_PATH } from '../dashboard/dashboard-auth.js';
import { assetRoute } from '../widget/widget-assets.js';
import { ApiCallRecorder } from './api-call-recorder.js';

export { API_PREFIX } from './prefix.js';

/** The API host ({base_url}): the JSON v3 API. Card data is refused here. */
export function createApiApp(deps: HttpDeps): Express {
  // The dashboard's forms are read by its own routes (URL-encoded), not as the API's JSON.
  const app = baseApp(deps, 'api', [], deps.dashboard ? [DASHBOARD_PATH] : []);
  // The dashboard reads the project's calls through the recorder, which stores what waits first.
  const recorder = deps.dashboard && deps.recordApiCalls !== false ? new ApiCallRecorder(deps.dashboard.apiCalls, () => deps.clock.now()) : undefined;
  if (recorder) app.use(recorder.middleware);
  // Registered on the app itself (a nested router would cost every request another dispatch), the
  // busiest first: the router tries each layer's path in order.
  invoiceRoutes(deps, app);
  contractRoutes(deps, app);
  webhookRoutes(deps, app);
  sandboxRoutes(deps, app);
  // The document of the mode served: production's has no sandbox (its routes answer 404 there).
  const openApi = openApiDocument(deps.mode, deps.apiBaseUrl);
  app.get('/api/v3/openapi.json', (_req, res) => void res.json(openApi));
  if (deps.dashboard) {
    app.get(DASHBOARD_ASSETS.css, assetRoute('dashboard.css'));
    app.get(DASHBOARD_ASSETS.js, assetRoute('dashboard.js'));
    dashboardRoutes(deps, recorder ? { ...deps.dashboard, apiCalls: recorder } : deps.dashboard, app);
  }
  return finishApp(app, deps, 'api');
}
