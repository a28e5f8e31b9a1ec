import type { Request } from 'express';
import { domainError } from '@kassa-payments/domain';
import { createWebhookEndpointRequest, rotateWebhookEndpointSecretRequest, updateWebhookEndpointRequest } from '@kassa-payments/protocol';
import { endpointEventTypes, listView, readListQuery, sendResult, webhookEndpointView, webhookEndpointWithSecretView } from '@kassa-payments/http-kit';
import { RouteTable } from '@kassa-payments/http-kit';
import type { ApiDeps } from './api-deps.js';
import { answeredWithError, bodyRoute, route } from './route.js';
import { registerOperations } from './register-operations.js';
import { answerCarriesSecret } from './idempotency.js';

const endpointId = (req: Request) => String(req.params['endpointId']);

/**
 * The merchants' own webhook endpoints: create, list, get, change, delete, rotate the secret; signed
 * like the rest. The secret is in the answers of a creation and a rotation only.
 */
export function webhookEndpointRoutes(deps: ApiDeps, router: RouteTable = new RouteTable()): RouteTable {
  // Read when a request arrives: the routers are also built without their deps (the OpenAPI test).
  const useCases = () => deps.useCases;
  registerOperations(
    router,
    bodyRoute(deps, 'createWebhookEndpoint', createWebhookEndpointRequest, { clientIpRule: false }, async (body, _req, res, { project }) => {
      const result = await useCases().createWebhookEndpoint.execute({
        projectId: project.id,
        url: body.url,
        eventTypes: endpointEventTypes(body.event_types),
        description: body.description ?? null,
      });
      // The new secret: a stored copy of the answer (Idempotency-Key) seals it or leaves it out.
      if (result.ok) answerCarriesSecret(res);
      await sendResult(res, result, deps.mode, webhookEndpointWithSecretView, 201);
    }),
  );
  registerOperations(
    router,
    route(deps, 'listWebhookEndpoints', async (req, res, { project }) => {
      const query = readListQuery(req.query);
      if (!query.ok) return void answeredWithError(res, deps, domainError('BAD_REQUEST', query.message));
      const { limit, after } = query.value;
      const page = await useCases().listWebhookEndpoints.execute({ projectId: project.id, limit, ...(after ? { after } : {}) });
      await sendResult(res, { ok: true, value: page }, deps.mode, (p) => listView(p, webhookEndpointView));
    }),
  );
  registerOperations(
    router,
    route(deps, 'getWebhookEndpoint', async (req, res, { project }) => {
      await sendResult(res, await useCases().getWebhookEndpoint.execute({ projectId: project.id, endpointId: endpointId(req) }), deps.mode, webhookEndpointView);
    }),
  );
  registerOperations(
    router,
    bodyRoute(deps, 'updateWebhookEndpoint', updateWebhookEndpointRequest, { clientIpRule: false }, async (body, req, res, { project, context }) => {
      const changes = {
        ...(body.url === undefined ? {} : { url: body.url }),
        ...(body.event_types === undefined ? {} : { eventTypes: endpointEventTypes(body.event_types) }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.status === undefined ? {} : { state: body.status }),
      };
      const result = await useCases().updateWebhookEndpoint.execute({ projectId: project.id, endpointId: endpointId(req), changes }, context);
      await sendResult(res, result, deps.mode, webhookEndpointView);
    }),
  );
  registerOperations(
    router,
    route(deps, 'deleteWebhookEndpoint', async (req, res, { project }) => {
      await sendResult(res, await useCases().deleteWebhookEndpoint.execute({ projectId: project.id, endpointId: endpointId(req) }), deps.mode, webhookEndpointView);
    }),
  );
  registerOperations(
    router,
    bodyRoute(deps, 'rotateWebhookEndpointSecret', rotateWebhookEndpointSecretRequest, { clientIpRule: false }, async (body, req, res, { project, context }) => {
      const result = await useCases().rotateWebhookEndpointSecret.execute(
        {
          projectId: project.id,
          endpointId: endpointId(req),
          ...(body.expires_in_hours === undefined ? {} : { expiresInHours: body.expires_in_hours }),
        },
        context,
      );
      // The new secret: a stored copy of the answer (Idempotency-Key) seals it or leaves it out.
      if (result.ok) answerCarriesSecret(res);
      await sendResult(res, result, deps.mode, webhookEndpointWithSecretView);
    }),
  );
  return router;
}
