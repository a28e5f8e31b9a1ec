import { domainError } from '@kassa-payments/domain';
import { answeredWithError, route } from './route.js';
import { deliveryView, domainEventType, eventView, listView, markDeprecated, readListQuery, sendData, sendResult } from '@kassa-payments/http-kit';
import { RouteTable } from '@kassa-payments/http-kit';
import { registerOperations } from './register-operations.js';
import type { ApiDeps } from './api-deps.js';

const DELIVERY_STATES = ['pending', 'succeeded', 'dead'] as const;
const bad = (message: string) => domainError('BAD_REQUEST', message);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** GET events, GET webhook_deliveries and POST webhook_deliveries/{id}/redeliver: signed like the rest. */
export function webhookRoutes(deps: ApiDeps, router: RouteTable = new RouteTable()): RouteTable {
  registerOperations(
    router,
    route(deps, 'listEvents', async (req, res, { project }) => {
      const type = text(req.query['type']);
      const domainType = type === undefined ? undefined : domainEventType(type);
      if (type !== undefined && !domainType) return void answeredWithError(res, deps, bad(`type: unknown event type ${JSON.stringify(type.slice(0, 40))}`));
      const query = readListQuery(req.query, 'after');
      if (!query.ok) return void answeredWithError(res, deps, bad(query.message));
      if (query.value.deprecatedName) markDeprecated(res);
      const { limit, after } = query.value;
      const page = await deps.useCases.listEvents.execute({ projectId: project.id, filter: { ...(domainType ? { type: domainType } : {}), ...(after ? { after } : {}) }, limit });
      const list = listView(page, eventView);
      // `events` and `next_after` (absent on the last page): the names of before, for one minor version.
      sendData(res, { ...list, events: list.items, ...(list.next_cursor === null ? {} : { next_after: list.next_cursor }) });
    }),
  );
  const list = route(deps, 'listWebhookDeliveries', async (req, res, { project }) => {
    const statusText = text(req.query['status']);
    const status = DELIVERY_STATES.find((s) => s === statusText);
    const eventId = text(req.query['event_id']);
    const endpointId = text(req.query['endpoint_id']);
    if (endpointId !== undefined && endpointId.length > 64) return void answeredWithError(res, deps, bad('endpoint_id: must be at most 64 characters'));
    if (statusText !== undefined && status === undefined) return void answeredWithError(res, deps, bad('status: must be pending, succeeded or dead'));
    if (eventId !== undefined && eventId.length > 64) return void answeredWithError(res, deps, bad('event_id: must be at most 64 characters'));
    const query = readListQuery(req.query);
    if (!query.ok) return void answeredWithError(res, deps, bad(query.message));
    const { limit, after } = query.value;
    const filter = { ...(status ? { state: status } : {}), ...(eventId ? { eventId } : {}), ...(endpointId ? { endpointId } : {}), ...(after ? { after } : {}) };
    const list = listView(await deps.useCases.listWebhookDeliveries.execute({ projectId: project.id, filter, limit }), deliveryView);
    // `deliveries`: the name of before, for one minor version.
    sendData(res, { ...list, deliveries: list.items });
  });
  const redeliver = route(deps, 'redeliverWebhook', async (req, res, { project, context }) => {
    const result = await deps.useCases.redeliverWebhook.execute({ projectId: project.id, deliveryId: String(req.params['deliveryId']) }, context);
    await sendResult(res, result, deps.mode, deliveryView, 202);
  });
  // Each also at its hyphenated path of before, for one minor version, each answer saying so.
  registerOperations(router, list, redeliver);
  return router;
}
