import express, { type Express, type Request } from 'express';
import { sendJson, errorHandler, methodNotAllowed, notFound, jsonBody, requestLog } from '@kassa-payments/http-kit';
import { bearerGuard, connectionAddress, isLoopback } from './admin-auth.js';
import type { AdminDeps } from './admin-deps.js';
import { adminOpenApiDocument } from './admin-openapi.js';
import { operationsRoutes } from './admin-operations-routes.js';
import { partnerRoutes } from './admin-partner-routes.js';
import { projectRoutes } from './admin-project-routes.js';
import { ADMIN_PREFIX } from './admin-route-kit.js';
import { auditedChanges } from './admin-views.js';

/** Admin bodies are small: a project's settings. */
const ADMIN_BODY_LIMIT = 64 * 1024;

/**
 * An admin body as its request log line keeps it: as the audit log keeps a change (`auditedChanges`,
 * the one rule for both): URLs without their query and fragment, where a merchant may put a token
 * (`webhookUrl?token=…`), and secrets as set. The admin API's bodies are flat objects.
 */
const loggedBody = (body: object): unknown => (Array.isArray(body) ? body : auditedChanges(body as Record<string, unknown>));

/**
 * The admin listener (KASSA_ADMIN_PORT, loopback unless KASSA_ADMIN_HOST says otherwise): liveness
 * and readiness for the orchestrator, Prometheus metrics, and the admin API behind a bearer token
 * (its OpenAPI document at /admin/v1/openapi.json). Every answer carries X-Request-Id and is in the
 * request log, like every other listener's. The admin API answers in the v3 envelope, snake_case.
 */
export function createAdminApp(deps: AdminDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // No proxy is believed here: the loopback exemption of /metrics and the audit log's "from" read the
  // connection's own address (KASSA_TRUST_PROXY is the public listeners' setting; X-Forwarded-For
  // would let any client claim 127.0.0.1).
  app.set('trust proxy', false);
  app.use(requestLog(deps.logger, 'admin', deps.observer, undefined, loggedBody));

  app.get('/health', (_req, res) => sendJson(res, 200, { status: 'ok', host: 'admin', version: deps.build.version, commit: deps.build.commit }));
  app.get('/ready', async (_req, res) => {
    const report = await deps.ready();
    res.setHeader('cache-control', 'no-store');
    sendJson(res, report.ready ? 200 : 503, report);
  });
  const metricsOpen = (req: Request) => !deps.metricsNeedToken && isLoopback(connectionAddress(req));
  app.get('/metrics', bearerGuard(deps.token, metricsOpen), async (_req, res) => {
    const { contentType, body } = await deps.metrics();
    res.status(200).setHeader('content-type', contentType);
    res.end(body);
  });

  const document = adminOpenApiDocument();
  app.get(`${ADMIN_PREFIX}/openapi.json`, (_req, res) => sendJson(res, 200, document));
  app.use(ADMIN_PREFIX, bearerGuard(deps.token), jsonBody(deps.mode, ADMIN_BODY_LIMIT));
  partnerRoutes(deps, app);
  projectRoutes(deps, app);
  operationsRoutes(deps, app);
  // A known path asked with a method it does not serve: 405 with Allow, as the JSON v3 API answers.
  app.use(methodNotAllowed(app, deps.mode));
  app.use(notFound(deps.mode));
  app.use(errorHandler(deps.mode, deps.logger));
  return app;
}
