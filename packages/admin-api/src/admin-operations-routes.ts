import type { Express, Request } from 'express';
import { sendJson, deliveryView } from '@kassa/http-kit';
import { adminError, auditFrom } from './admin-auth.js';
import type { AdminDeps } from './admin-deps.js';
import { ADMIN_PREFIX } from './admin-directory-routes.js';
import { auditView } from './admin-views.js';
import { firstIssue } from './directory-schema.js';
import { auditQuery, deliverySearch, recovery } from './admin-schemas.js';

/** An audit page's cursor: the last entry's time and id. */
const cursorOf = (e: { at: string; id: string }) => Buffer.from(JSON.stringify([e.at, e.id])).toString('base64url');
function fromCursor(text: string): { at: string; id: string } | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string' ? { at: value[0], id: value[1] } : undefined;
  } catch {
    return undefined;
  }
}

const range = (q: { projectId?: number | undefined; from?: string | undefined; until?: string | undefined }) => ({
  ...(q.projectId === undefined ? {} : { projectId: q.projectId }),
  ...(q.from === undefined ? {} : { createdFrom: q.from }),
  ...(q.until === undefined ? {} : { createdUntil: q.until }),
});

/** Deliveries across projects and their bulk recovery; the audit log. */
export function operationsRoutes(deps: AdminDeps, app: Express): void {
  app.get(`${ADMIN_PREFIX}/deliveries`, async (req, res) => {
    const q = deliverySearch.safeParse(req.query);
    if (!q.success) return adminError(res, 400, 'BAD_REQUEST', firstIssue(q.error));
    const found = await deps.deliveries.search({ state: q.data.state, ...range(q.data) }, q.data.limit);
    sendJson(res, 200, { deliveries: found.map((d) => ({ project_id: d.projectId, ...deliveryView(d) })) });
  });

  app.post(`${ADMIN_PREFIX}/deliveries/recover`, async (req: Request, res) => {
    const body = recovery.safeParse(req.body);
    if (!body.success) return adminError(res, 400, 'BAD_REQUEST', firstIssue(body.error));
    const result = await deps.recoverDeadDeliveries.execute(range(body.data));
    await deps.audit.record({
      id: deps.ids.newId(),
      at: deps.clock.now().toISOString(),
      actor: 'admin-token',
      from: auditFrom(req),
      action: 'deliveries.recovered',
      target: body.data.projectId === undefined ? 'deliveries:all-projects' : `deliveries:project:${body.data.projectId}`,
      changes: { ...body.data, recovered: result.recovered.length, skipped: result.skipped, more: result.more },
    });
    // `more`: dead deliveries of the range remain beyond one call's bound; call again.
    sendJson(res, 200, { recovered: result.recovered.length, skipped: result.skipped, more: result.more, delivery_ids: result.recovered });
  });

  app.get(`${ADMIN_PREFIX}/audit`, async (req, res) => {
    const q = auditQuery.safeParse(req.query);
    if (!q.success) return adminError(res, 400, 'BAD_REQUEST', firstIssue(q.error));
    const before = q.data.cursor === undefined ? undefined : fromCursor(q.data.cursor);
    if (q.data.cursor !== undefined && !before) return adminError(res, 400, 'BAD_REQUEST', 'cursor: not a cursor this API gave');
    const entries = await deps.audit.list(q.data.limit, before);
    const last = entries.at(-1);
    sendJson(res, 200, { entries: entries.map(auditView), next_cursor: entries.length === q.data.limit && last ? cursorOf(last) : null });
  });
}
