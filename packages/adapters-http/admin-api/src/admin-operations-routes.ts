import type { Express, Request } from 'express';
import { pageOf } from '@kassa-payments/domain';
import { listView, readListQuery, requestContextOf, sendData } from '@kassa-payments/http-kit';
import { adminError, auditFrom } from './admin-auth.js';
import type { AdminDeps } from './admin-deps.js';
import { ADMIN_PREFIX, checked, fieldsOf, parsedBody } from './admin-route-kit.js';
import { adminDeliveryView, auditView } from './admin-views.js';
import { deliverySearch, recovery } from './admin-schemas.js';

const range = (q: { projectId?: number | undefined; from?: string | undefined; until?: string | undefined }) => ({
  ...(q.projectId === undefined ? {} : { projectId: q.projectId }),
  ...(q.from === undefined ? {} : { createdFrom: q.from }),
  ...(q.until === undefined ? {} : { createdUntil: q.until }),
});

/** Deliveries across projects and their bulk recovery; the audit log. Both lists page as every list does. */
export function operationsRoutes(deps: AdminDeps, app: Express): void {
  app.get(`${ADMIN_PREFIX}/deliveries`, async (req, res) => {
    const { limit, cursor, ...rest } = req.query;
    const list = readListQuery({ limit, cursor });
    if (!list.ok) return adminError(res, 400, 'BAD_REQUEST', list.message);
    const fields = fieldsOf(rest, res);
    if (!fields) return;
    const q = checked(deliverySearch, fields, res);
    if (!q.ok) return;
    const { after } = list.value;
    const read = await deps.deliveries.search({ state: q.value.state, ...range(q.value), ...(after ? { after } : {}) }, list.value.limit + 1);
    const page = listView(
      pageOf(read, list.value.limit, (d) => ({ createdAt: d.createdAt, id: d.id })),
      adminDeliveryView,
    );
    sendData(res, { ...page, deliveries: page.items });
  });

  app.post(`${ADMIN_PREFIX}/deliveries/recover`, async (req: Request, res) => {
    const body = parsedBody(recovery, req, res);
    if (!body.ok) return;
    const result = await deps.recoverDeadDeliveries.execute(range(body.value), undefined, requestContextOf(res));
    await deps.audit.record({
      id: deps.ids.newId(),
      at: deps.clock.now().toISOString(),
      actor: 'admin-token',
      from: auditFrom(req),
      action: 'deliveries.recovered',
      target: body.value.projectId === undefined ? 'deliveries:all-projects' : `deliveries:project:${body.value.projectId}`,
      changes: { ...body.value, recovered: result.recovered.length, skipped: result.skipped, more: result.more },
    });
    // `more`: dead deliveries of the range remain beyond one call's bound; call again.
    sendData(res, { recovered: result.recovered.length, skipped: result.skipped, more: result.more, delivery_ids: result.recovered });
  });

  app.get(`${ADMIN_PREFIX}/audit`, async (req, res) => {
    const list = readListQuery(req.query);
    if (!list.ok) return adminError(res, 400, 'BAD_REQUEST', list.message);
    const { after } = list.value;
    const entries = await deps.audit.list(list.value.limit + 1, after ? { at: after.createdAt, id: after.id } : undefined);
    const page = listView(
      pageOf(entries, list.value.limit, (e) => ({ createdAt: e.at, id: e.id })),
      auditView,
    );
    sendData(res, { ...page, entries: page.items });
  });
}
