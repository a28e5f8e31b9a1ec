import { Router, type IRouter, type Request, type Response } from 'express';
import { PATHS_DEPRECATED_AT } from '@kassa/protocol';
import { domainError, type EventCursor } from '@kassa/domain';
import { API_PREFIX } from './prefix.js';
import { answeredWithError, route } from './route.js';
import { deliveryView, domainEventType, eventView, sendData, sendResult } from '@kassa/http-kit';
import type { ApiDeps } from './api-deps.js';

const bad = (message: string) => domainError('BAD_REQUEST', message);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The `after` cursor: the last event of a page, as base64url of `occurredAt|id`. */
const cursorOf = (occurredAt: string, id: string) => Buffer.from(`${occurredAt}|${id}`).toString('base64url');
function parseCursor(value: string): EventCursor | undefined {
  const [occurredAt, id, extra] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  return occurredAt && id && extra === undefined && !Number.isNaN(Date.parse(occurredAt)) ? { occurredAt, id } : undefined;
}

/**
 * A deprecated path's answers carry RFC 9745's `Deprecation` (when it became so) and a `Link` to the
 * path that replaces it (RFC 8594's successor-version).
 */
const formerPath =
  (handler: (req: Request, res: Response) => Promise<void>) =>
  (req: Request, res: Response): Promise<void> => {
    res.setHeader('Deprecation', PATHS_DEPRECATED_AT);
    res.setHeader('Link', `<${req.path.replace('/webhook-deliveries', '/webhook_deliveries')}>; rel="successor-version"`);
    return handler(req, res);
  };

/** GET events, GET webhook_deliveries and POST webhook_deliveries/{id}/redeliver: signed like the rest. */
export function webhookRoutes(deps: ApiDeps, router: IRouter = Router()): IRouter {
  router.get(
    `${API_PREFIX}/events`,
    route(deps, 'listEvents', async (req, res, { project }) => {
      const type = text(req.query['type']);
      const after = text(req.query['after']);
      const limitText = text(req.query['limit']) ?? '50';
      const domainType = type === undefined ? undefined : domainEventType(type);
      const before = after === undefined ? undefined : parseCursor(after);
      const limit = /^[0-9]{1,3}$/.test(limitText) ? Number(limitText) : 0;
      if (type !== undefined && !domainType) return void answeredWithError(res, deps, bad(`type: unknown event type ${JSON.stringify(type.slice(0, 40))}`));
      if (after !== undefined && !before) return void answeredWithError(res, deps, bad('after: not a cursor this API gave'));
      if (limit < 1 || limit > 100) return void answeredWithError(res, deps, bad('limit: must be 1 to 100'));
      const events = await deps.useCases.listEvents.execute({ projectId: project.id, filter: { ...(domainType ? { type: domainType } : {}), ...(before ? { before } : {}) }, limit });
      const last = events.length === limit ? events.at(-1) : undefined;
      sendData(res, { events: events.map(eventView), ...(last ? { next_after: cursorOf(last.occurredAt, last.id) } : {}) });
    }),
  );
  const list = route(deps, 'listWebhookDeliveries', async (req, res, { project }) => {
    const status = text(req.query['status']);
    const eventId = text(req.query['event_id']);
    if (status !== undefined && status !== 'pending' && status !== 'succeeded' && status !== 'dead') return void answeredWithError(res, deps, bad('status: must be pending, succeeded or dead'));
    if (eventId !== undefined && eventId.length > 64) return void answeredWithError(res, deps, bad('event_id: must be at most 64 characters'));
    const deliveries = await deps.useCases.listWebhookDeliveries.execute({ projectId: project.id, filter: { ...(status ? { state: status } : {}), ...(eventId ? { eventId } : {}) } });
    sendData(res, { deliveries: deliveries.map(deliveryView) });
  });
  const redeliver = route(deps, 'redeliverWebhook', async (req, res, { project }) => {
    const result = await deps.useCases.redeliverWebhook.execute({ projectId: project.id, deliveryId: String(req.params['deliveryId']) });
    await sendResult(res, result, deps.mode, deliveryView, 202);
  });
  router.get(`${API_PREFIX}/webhook_deliveries`, list);
  router.post(`${API_PREFIX}/webhook_deliveries/:deliveryId/redeliver`, redeliver);
  // The hyphenated paths of before: served for one minor version, each answer saying so.
  router.get(`${API_PREFIX}/webhook-deliveries`, formerPath(list));
  router.post(`${API_PREFIX}/webhook-deliveries/:deliveryId/redeliver`, formerPath(redeliver));
  return router;
}
