import type { IRouter, Request, Response } from 'express';
import { WEBHOOK_ENDPOINT_LIMITS, type DomainError, type WebhookEndpoint } from '@kassa-payments/domain';
import { endpointEventTypes, requestContextOf } from '@kassa-payments/http-kit';
import { createWebhookEndpointRequest, rotateWebhookEndpointSecretRequest } from '@kassa-payments/protocol';
import type { DashboardDeps } from './dashboard-deps.js';
import { DASHBOARD_PATH } from './dashboard-auth.js';
import { DASHBOARD_TEXTS } from './dashboard-texts.js';
import { type Ctx, type DashboardTools, formOf, forms, isFragment, text } from './dashboard-tools.js';
import { noticePage, projectPath, renderFragment } from './dashboard-frame.js';
import { DeliveriesList } from './delivery-views.js';
import { endpointHealth, HEALTH_DELIVERIES } from './endpoint-health.js';
import { type EndpointDraft, endpointPage, endpointPath, endpointSecretPage, endpointsPage, newEndpointPage } from './endpoint-views.js';

type Notices = (typeof DASHBOARD_TEXTS)['en']['endpointNotices'];
type NoticeCode = keyof Notices;
/** Deliveries an endpoint's page shows, newest first. */
const DELIVERIES_SHOWN = 50;
const PATH = `${DASHBOARD_PATH}/projects/:projectId/webhook-endpoints`;

/** A form's repeated field as a list: one ticked checkbox is a text, several an array. */
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const isNotice = (code: string): code is NoticeCode => Object.hasOwn(DASHBOARD_TEXTS.en.endpointNotices, code);
/** The form's field a schema's first issue names, as a notice's code. */
const fieldOf = (issues: readonly { readonly path: readonly PropertyKey[] }[], fallback: NoticeCode): NoticeCode => {
  const field = String(issues[0]?.path[0] ?? fallback);
  return isNotice(field) ? field : fallback;
};

/** The creation and settings forms' fields, checked by the JSON API's own schema (so both refuse alike). */
function readEndpointForm(body: Record<string, unknown>) {
  const url = typeof body['url'] === 'string' ? body['url'].trim() : body['url'];
  const description = typeof body['description'] === 'string' ? body['description'].trim() : body['description'];
  const types = listOf(body['event_types']);
  const draft: EndpointDraft = {
    url: typeof url === 'string' ? url : '',
    eventTypes: types.filter((v): v is string => typeof v === 'string'),
    description: typeof description === 'string' ? description : '',
  };
  const parsed = createWebhookEndpointRequest.safeParse({ url, event_types: types, description: description === '' ? null : description });
  if (!parsed.success) return { ok: false as const, draft, notice: fieldOf(parsed.error.issues, 'url') };
  const { url: checkedUrl, event_types, description: note } = parsed.data;
  return { ok: true as const, draft, value: { url: checkedUrl, eventTypes: endpointEventTypes(event_types), description: note ?? null } };
}

/** A rotation's overlap: empty for the default; else whole hours, 0 to 168 (the API's rule). */
function readHours(value: unknown): { ok: true; hours: number | undefined } | { ok: false } {
  if (value === undefined || value === '') return { ok: true, hours: undefined };
  const hours = typeof value === 'string' && /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return rotateWebhookEndpointSecretRequest.safeParse({ expires_in_hours: hours }).success ? { ok: true, hours } : { ok: false };
}

/**
 * The project's own webhook endpoints (docs/merchants/webhooks.md): the list, a creation form, an
 * endpoint's page with its settings, status, rotation, deletion and deliveries. A new secret is on
 * the answer to the POST that made it (no redirect, no address carries it; pages are `no-store`).
 * Refusals and bad input are notices on the page, never a 5xx.
 */
export function webhookEndpointRoutes(deps: DashboardDeps, router: IRouter, tools: DashboardTools): void {
  const { withProject, action, back, page } = tools;
  const useCases = deps.useCases;
  const noticeOf = (ctx: Ctx, code: string | undefined, error?: DomainError) => {
    const notices = DASHBOARD_TEXTS[ctx.frame.lang].endpointNotices;
    return code && isNotice(code) ? notices[code] : error?.message;
  };
  const notFound = (res: Response, ctx: Ctx) => page(res, noticePage(ctx.frame, DASHBOARD_TEXTS[ctx.frame.lang].notFound, DASHBOARD_TEXTS[ctx.frame.lang].notFound), 404);
  const endpointId = (req: Request) => String(req.params['endpointId']);
  const deliveriesOf = async (ctx: Ctx, id: string) => (await useCases.listWebhookDeliveries.execute({ projectId: ctx.project.id, filter: { endpointId: id }, limit: DELIVERIES_SHOWN })).items;
  /** The endpoint's page, with a notice (and the form as it was sent, when it was refused). */
  const showEndpoint = async (res: Response, ctx: Ctx, endpoint: WebhookEndpoint, status: number, notice?: string, draft?: EndpointDraft) => {
    const deliveries = await deliveriesOf(ctx, endpoint.id);
    // Its health from its newest deliveries, as the list reads it (the list reads fewer: HEALTH_DELIVERIES).
    const health = endpointHealth(endpoint, deliveries.slice(0, HEALTH_DELIVERIES));
    page(res, endpointPage({ ...ctx.frame, section: 'endpoints' }, endpoint, deliveries, health, { notice, draft }), status);
  };
  /** A refused change shown on the endpoint's page; 404 when the endpoint is not the project's. */
  const refused = async (req: Request, res: Response, ctx: Ctx, code: string, error?: DomainError, draft?: EndpointDraft) => {
    const found = await useCases.getWebhookEndpoint.execute({ projectId: ctx.project.id, endpointId: endpointId(req) });
    if (!found.ok) return notFound(res, ctx);
    await showEndpoint(res, ctx, found.value, 400, noticeOf(ctx, code, error), draft);
  };

  router.get(
    PATH,
    withProject('endpoints', async (req, res, ctx) => {
      const { items } = await useCases.listWebhookEndpoints.execute({ projectId: ctx.project.id, limit: WEBHOOK_ENDPOINT_LIMITS.perProject });
      // A bounded read each: at most 16 endpoints, HEALTH_DELIVERIES deliveries of each.
      const listed = await Promise.all(
        items.map(async (endpoint) => {
          const { items: deliveries } = await useCases.listWebhookDeliveries.execute({ projectId: ctx.project.id, filter: { endpointId: endpoint.id }, limit: HEALTH_DELIVERIES });
          return { endpoint, health: endpointHealth(endpoint, deliveries) };
        }),
      );
      page(res, endpointsPage(ctx.frame, listed, noticeOf(ctx, text(req.query['notice'], 40))));
    }),
  );
  router.get(
    `${PATH}/new`,
    withProject('endpoints', async (_req, res, { frame }) => {
      page(res, newEndpointPage(frame, { url: '', eventTypes: [], description: '' }));
    }),
  );
  router.post(
    PATH,
    forms,
    action(async (_req, res, ctx) => {
      const frame = { ...ctx.frame, section: 'endpoints' as const };
      const form = readEndpointForm(formOf(res));
      if (!form.ok) return page(res, newEndpointPage(frame, form.draft, noticeOf(ctx, form.notice)), 400);
      const created = await useCases.createWebhookEndpoint.execute({ projectId: ctx.project.id, ...form.value });
      if (!created.ok) return page(res, newEndpointPage(frame, form.draft, noticeOf(ctx, created.error.code, created.error)), 400);
      // The secret's one showing: this answer (no-store), not a page a link or a redirect reaches.
      page(res, endpointSecretPage(frame, created.value, false), 201);
    }),
  );
  router.get(
    `${PATH}/:endpointId`,
    withProject('endpoints', async (req, res, ctx) => {
      const found = await useCases.getWebhookEndpoint.execute({ projectId: ctx.project.id, endpointId: endpointId(req) });
      if (!found.ok) return notFound(res, ctx);
      if (isFragment(req)) return page(res, renderFragment(<DeliveriesList frame={ctx.frame} deliveries={await deliveriesOf(ctx, found.value.id)} />));
      await showEndpoint(res, ctx, found.value, 200, noticeOf(ctx, text(req.query['notice'], 40)));
    }),
  );
  router.post(
    `${PATH}/:endpointId/settings`,
    forms,
    action(async (req, res, ctx) => {
      const form = readEndpointForm(formOf(res));
      if (!form.ok) return refused(req, res, ctx, form.notice, undefined, form.draft);
      const result = await useCases.updateWebhookEndpoint.execute({ projectId: ctx.project.id, endpointId: endpointId(req), changes: form.value }, requestContextOf(res));
      if (!result.ok) return result.error.code === 'NOT_FOUND' ? notFound(res, ctx) : refused(req, res, ctx, result.error.code, result.error, form.draft);
      back(req, res, endpointPath(ctx.project.id, result.value.id, '?notice=saved'));
    }),
  );
  router.post(
    `${PATH}/:endpointId/status`,
    forms,
    action(async (req, res, ctx) => {
      const status = formOf(res)['status'];
      if (status !== 'enabled' && status !== 'disabled') return refused(req, res, ctx, 'status');
      const result = await useCases.updateWebhookEndpoint.execute({ projectId: ctx.project.id, endpointId: endpointId(req), changes: { state: status } }, requestContextOf(res));
      if (!result.ok) return notFound(res, ctx);
      back(req, res, endpointPath(ctx.project.id, result.value.id, `?notice=${status}`));
    }),
  );
  router.post(
    `${PATH}/:endpointId/rotate-secret`,
    forms,
    action(async (req, res, ctx) => {
      const hours = readHours(formOf(res)['expires_in_hours']);
      if (!hours.ok) return refused(req, res, ctx, 'expires_in_hours');
      const rotated = await useCases.rotateWebhookEndpointSecret.execute(
        {
          projectId: ctx.project.id,
          endpointId: endpointId(req),
          ...(hours.hours === undefined ? {} : { expiresInHours: hours.hours }),
        },
        requestContextOf(res),
      );
      if (!rotated.ok) return notFound(res, ctx);
      page(res, endpointSecretPage({ ...ctx.frame, section: 'endpoints' }, rotated.value, true));
    }),
  );
  router.post(
    `${PATH}/:endpointId/delete`,
    forms,
    action(async (req, res, ctx) => {
      if (formOf(res)['confirm'] !== 'yes') return refused(req, res, ctx, 'confirm');
      const deleted = await useCases.deleteWebhookEndpoint.execute({ projectId: ctx.project.id, endpointId: endpointId(req) });
      if (!deleted.ok) return notFound(res, ctx);
      back(req, res, projectPath(ctx.project.id, '/webhook-endpoints?notice=deleted'));
    }),
  );
}
