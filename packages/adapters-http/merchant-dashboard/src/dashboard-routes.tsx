import { Router, type IRouter, type NextFunction, type Request, type Response } from 'express';
import { CONTRACT_STATES, INVOICE_STATES, SUBSCRIPTION_STATES, type DomainEventType, type InvoiceFilter } from '@kassa-payments/domain';
import { INVOICE_STATUS_BY_STATE, SUBSCRIPTION_STATUS_BY_STATE } from '@kassa-payments/protocol';
import { API_CALLS_DAYS } from '@kassa-payments/operations';
import { cursorFrom, cursorText, type DocumentRefusal, sendPage, domainEventType, EVENT_TYPE_NAMES, requestContextOf } from '@kassa-payments/http-kit';
import type { DashboardDeps, DashboardSettings } from './dashboard-deps.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { type Ctx, type DashboardTools, FRAGMENT_HEADER, formOf, forms, text } from './dashboard-tools.js';
import { webhookEndpointRoutes } from './endpoint-routes.js';
import { overviewRoutes } from './overview-routes.js';
import { settingsRoutes } from './settings-routes.js';
import { CONTRACT_STATUS_BY_STATE, stateNamed } from './status-words.js';
import { csrfHolds, DASHBOARD_PATH, signedIn, signIn, signInToken, signInTokenHolds, signOut, type SignedIn } from './dashboard-auth.js';
import { DASHBOARD_TEXTS, dashboardLang } from './dashboard-texts.js';
import { contractPage, contractsPage } from './contract-views.js';
import { type Frame, noticePage, projectPath, renderFragment } from './dashboard-frame.js';
import { DeliveriesList, deliveriesPage } from './delivery-views.js';
import { EventsList, eventsPage } from './event-views.js';
import { invoicePage, invoicesPage } from './invoice-views.js';
import { projectsPage } from './projects-views.js';
import type { Timeline } from './record-page.js';
import { RequestsList, REQUESTS_SHOWN, requestsPage } from './request-views.js';
import { ClocksList, sandboxPage } from './sandbox-views.js';
import { signInPage } from './sign-in-views.js';
import { subscriptionPage, subscriptionsPage } from './subscription-views.js';

/** The dashboard's answer to a request Node's parser refused: a page, as the rest of its answers. */
export const dashboardRefusals = (mode: DashboardDeps['mode']): DocumentRefusal[] => [
  {
    path: DASHBOARD_PATH,
    prefix: true,
    contentType: 'text/html; charset=utf-8',
    refuse: (_status, message) => noticePage({ lang: 'ru', mode, path: `${DASHBOARD_PATH}/` }, DASHBOARD_TEXTS.ru.title, message),
  },
];

/** Items a list page shows. */
const PAGE = 50;
/** A date field (`2026-11-24`): its day, the instant it begins and the next day's (UTC); undefined unless a day. */
function dayOf(value: unknown): { day: string; iso: string; nextIso: string } | undefined {
  const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
  const ms = day ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  return day && !Number.isNaN(ms) ? { day, iso: new Date(ms).toISOString(), nextIso: new Date(ms + 86_400_000).toISOString() } : undefined;
}

/**
 * A records page's range from its query: the cursor (the APIs' lists' kind, http-kit's) and the days
 * from and to, as a filter, and the days as the next page's link keeps them.
 */
function rangeOf(query: Request['query']) {
  const cursor = text(query['after']);
  const after = cursor ? cursorFrom(cursor) : undefined;
  const [from, to] = [dayOf(query['from']), dayOf(query['to'])];
  return {
    filter: { ...(after ? { after } : {}), ...(from ? { createdFrom: from.iso } : {}), ...(to ? { createdBefore: to.nextIso } : {}) },
    kept: { ...(from ? { from: from.day } : {}), ...(to ? { to: to.day } : {}) },
  };
}

/**
 * The merchants' dashboard on the API host (`/dashboard/`): a partner signs in with its login and
 * password and sees its own projects only; in the test environment it also drives the sandbox.
 * Pages are server-rendered; every form that changes something carries the session's CSRF token.
 */
export function dashboardRoutes(deps: DashboardDeps, dashboard: DashboardSettings, router: IRouter = Router()): IRouter {
  const now = () => deps.clock.now();
  const throttle = new SignInThrottle(dashboard.sessions, dashboard.throttleKey);
  const langOf = (req: Request) => dashboardLang(req.query['lang'], req.headers['accept-language']);
  /**
   * The page's own address without its language (the language links add theirs): the path routed
   * on, whole (`req.path` alone is what follows the mount point in a `router.use`), and the query.
   * The views keep it on the dashboard (dashboardAddress).
   */
  const ownPath = (req: Request) => {
    const query = new URLSearchParams(req.originalUrl.slice(req.originalUrl.indexOf('?') + 1 || req.originalUrl.length));
    query.delete('lang');
    const q = query.toString();
    return `${req.baseUrl}${req.path}${q ? `?${q}` : ''}`.slice(0, 500);
  };
  const baseFrame = (req: Request): Frame => ({ lang: langOf(req), mode: deps.mode, path: ownPath(req) });
  const page = (res: Response, html: string, status = 200) => sendPage(res, status, html);
  const wrap = (handler: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => void handler(req, res).catch(next);
  const toSignIn = (req: Request, res: Response) => res.redirect(303, `${DASHBOARD_PATH}/sign-in?lang=${langOf(req)}`);

  /** The signed-in partner and, for a project's pages, its project (another partner's is not found). */
  const withSession = (handler: (req: Request, res: Response, who: SignedIn, frame: Frame) => Promise<void>) =>
    wrap(async (req, res) => {
      const who = await signedIn({ sessions: dashboard.sessions, projects: deps.projects }, req, now());
      // A live section asking without a session: 401, so that its script keeps what it shows.
      if (!who) return req.headers[FRAGMENT_HEADER] === '1' ? page(res, '', 401) : void toSignIn(req, res);
      const projects = await dashboard.projectsOf(who.partnerLogin);
      await handler(req, res, who, { ...baseFrame(req), partnerLogin: who.partnerLogin, csrf: who.csrf, projects });
    });
  const withProject = (section: Frame['section'], handler: (req: Request, res: Response, ctx: Ctx) => Promise<void>) =>
    withSession(async (req, res, who, frame) => {
      const project = frame.projects?.find((p) => String(p.id) === req.params['projectId']);
      if (!project) return page(res, noticePage(frame, DASHBOARD_TEXTS[frame.lang].notFound, DASHBOARD_TEXTS[frame.lang].notFound), 404);
      await handler(req, res, { who, project, frame: { ...frame, project, ...(section ? { section } : {}) } });
    });
  /** A POST of a signed-in partner with the right CSRF token; else 403 (a form of another site, or an old one). */
  const action = (handler: (req: Request, res: Response, ctx: Ctx) => Promise<void>) =>
    withProject(undefined, async (req, res, ctx) => {
      if (!csrfHolds(ctx.who, formOf(res)['csrf'])) {
        return page(res, noticePage(ctx.frame, DASHBOARD_TEXTS[ctx.frame.lang].expiredForm, DASHBOARD_TEXTS[ctx.frame.lang].expiredForm), 403);
      }
      // An inactive project is shown, not changed (as its API refuses it).
      if (!ctx.project.active) return page(res, noticePage(ctx.frame, DASHBOARD_TEXTS[ctx.frame.lang].inactive, DASHBOARD_TEXTS[ctx.frame.lang].inactive), 403);
      await handler(req, res, ctx);
    });
  /** A record's events, oldest first, each with the deliveries it caused. */
  const timelineOf = async (projectId: number, aggregateId: string): Promise<Timeline> => {
    const { items: events } = await deps.useCases.listEvents.execute({ projectId, filter: { aggregateId }, limit: 100 });
    return Promise.all(
      [...events].reverse().map(async (event) => ({ event, deliveries: (await deps.useCases.listWebhookDeliveries.execute({ projectId, filter: { eventId: event.id }, limit: 100 })).items })),
    );
  };
  /** The next page's address, when this one was full. */
  const nextPage = (projectId: number, list: string, kept: Record<string, string>, records: readonly { createdAt: string; id: string }[]) => {
    const last = records.length === PAGE ? records[records.length - 1] : undefined;
    return last ? projectPath(projectId, `${list}?${new URLSearchParams({ ...kept, after: cursorText(last) })}`) : undefined;
  };
  const back = (req: Request, res: Response, path: string) => res.redirect(303, `${path}${path.includes('?') ? '&' : '?'}lang=${langOf(req)}`);

  router.get(
    `${DASHBOARD_PATH}/`,
    withSession(async (_req, res, _who, frame) => {
      const only = frame.projects?.length === 1 ? frame.projects[0] : undefined;
      if (only) return void res.redirect(303, `${projectPath(only.id)}?lang=${frame.lang}`);
      page(res, projectsPage(frame));
    }),
  );
  router.get(
    `${DASHBOARD_PATH}/sign-in`,
    wrap(async (req, res) => {
      page(res, signInPage(baseFrame(req), signInToken(req, res)));
    }),
  );
  router.post(
    `${DASHBOARD_PATH}/sign-in`,
    forms,
    wrap(async (req, res) => {
      const frame = baseFrame(req);
      const texts = DASHBOARD_TEXTS[frame.lang];
      const body = formOf(res);
      if (!signInTokenHolds(req, body['token'])) return page(res, signInPage(frame, signInToken(req, res), texts.expiredForm), 403);
      const outcome = await signIn({ sessions: dashboard.sessions, projects: deps.projects, throttle }, req, res, {
        login: text(body['login']) ?? '',
        password: text(body['password']) ?? '',
        now: now(),
      });
      if (outcome.kind === 'signed-in') return void res.redirect(303, `${DASHBOARD_PATH}/?lang=${frame.lang}`);
      if (outcome.kind === 'throttled') {
        res.set('Retry-After', String(outcome.retryAfterSeconds));
        return page(res, signInPage(frame, signInToken(req, res), texts.throttled(Math.ceil(outcome.retryAfterSeconds / 60))), 429);
      }
      page(res, signInPage(frame, signInToken(req, res), texts.wrongPassword), 401);
    }),
  );
  router.post(
    `${DASHBOARD_PATH}/sign-out`,
    forms,
    withSession(async (req, res, who) => {
      if (!csrfHolds(who, formOf(res)['csrf'])) return page(res, noticePage(baseFrame(req), DASHBOARD_TEXTS[langOf(req)].expiredForm, DASHBOARD_TEXTS[langOf(req)].expiredForm), 403);
      await signOut(dashboard.sessions, req, res);
      toSignIn(req, res);
    }),
  );

  router.get(
    `${DASHBOARD_PATH}/projects/:projectId/invoices`,
    withProject('invoices', async (req, res, { project, frame }) => {
      const order = text(req.query['order'], 64);
      const state = stateNamed(req.query['state'], INVOICE_STATES, INVOICE_STATUS_BY_STATE);
      if (order) {
        const found = await deps.useCases.findInvoiceByOrderId.execute({ projectId: project.id, merchantOrderId: order });
        return page(res, invoicesPage(frame, found.ok ? [found.value] : [], { order }, undefined));
      }
      const range = rangeOf(req.query);
      const filter: InvoiceFilter = { ...(state ? { state } : {}), ...range.filter };
      const invoices = await deps.useCases.listInvoices.execute({ projectId: project.id, filter, limit: PAGE });
      const kept = { ...(state ? { state: INVOICE_STATUS_BY_STATE[state] } : {}), ...range.kept };
      page(res, invoicesPage(frame, invoices, kept, nextPage(project.id, '/invoices', kept, invoices)));
    }),
  );
  router.get(
    `${DASHBOARD_PATH}/projects/:projectId/invoices/:invoiceId`,
    withProject('invoices', async (req, res, { project, frame }) => {
      const found = await deps.useCases.getInvoice.execute({ projectId: project.id, invoiceId: String(req.params['invoiceId']) });
      const texts = DASHBOARD_TEXTS[frame.lang];
      if (!found.ok) return page(res, noticePage(frame, texts.notFound, texts.notFound), 404);
      page(res, invoicePage(frame, found.value, await timelineOf(project.id, found.value.id)));
    }),
  );

  router.get(
    `${DASHBOARD_PATH}/projects/:projectId/contracts`,
    withProject('contracts', async (req, res, { project, frame }) => {
      const state = stateNamed(req.query['state'], CONTRACT_STATES, CONTRACT_STATUS_BY_STATE);
      const mcid = text(req.query['mcid'], 64);
      const range = rangeOf(req.query);
      const filter = { ...(state ? { state } : {}), ...(mcid ? { merchantContractId: mcid } : {}), ...range.filter };
      const contracts = await deps.useCases.listContracts.execute({ projectId: project.id, filter, limit: PAGE });
      const kept = { ...(state ? { state: CONTRACT_STATUS_BY_STATE[state] } : {}), ...(mcid ? { mcid } : {}), ...range.kept };
      page(res, contractsPage(frame, contracts, kept, nextPage(project.id, '/contracts', kept, contracts)));
    }),
  );
  router.get(
    `${DASHBOARD_PATH}/projects/:projectId/contracts/:contractId`,
    withProject('contracts', async (req, res, { project, frame }) => {
      const found = await deps.useCases.getContract.execute({ projectId: project.id, contractId: String(req.params['contractId']) });
      const texts = DASHBOARD_TEXTS[frame.lang];
      if (!found.ok) return page(res, noticePage(frame, texts.notFound, texts.notFound), 404);
      page(res, contractPage(frame, found.value, await timelineOf(project.id, found.value.id)));
    }),
  );
  router.get(
    `${DASHBOARD_PATH}/projects/:projectId/subscriptions`,
    withProject('subscriptions', async (req, res, { project, frame }) => {
      const state = stateNamed(req.query['state'], SUBSCRIPTION_STATES, SUBSCRIPTION_STATUS_BY_STATE);
      const range = rangeOf(req.query);
      const subscriptions = await deps.useCases.pageSubscriptions.execute({ projectId: project.id, filter: { ...(state ? { state } : {}), ...range.filter }, limit: PAGE });
      const kept = { ...(state ? { state: SUBSCRIPTION_STATUS_BY_STATE[state] } : {}), ...range.kept };
      page(res, subscriptionsPage(frame, subscriptions, kept, nextPage(project.id, '/subscriptions', kept, subscriptions)));
    }),
  );
  router.get(
    `${DASHBOARD_PATH}/projects/:projectId/subscriptions/:subscriptionId`,
    withProject('subscriptions', async (req, res, { project, frame }) => {
      const found = await deps.useCases.getSubscriptionStatus.execute({ projectId: project.id, by: { subscriptionId: String(req.params['subscriptionId']) } });
      const texts = DASHBOARD_TEXTS[frame.lang];
      if (!found.ok) return page(res, noticePage(frame, texts.notFound, texts.notFound), 404);
      page(res, subscriptionPage(frame, found.value, await timelineOf(project.id, found.value.id)));
    }),
  );

  const eventTypes = Object.values(EVENT_TYPE_NAMES);
  router.get(
    `${DASHBOARD_PATH}/projects/:projectId/events`,
    withProject('events', async (req, res, { project, frame }) => {
      const typeName = text(req.query['type'], 40);
      const type: DomainEventType | undefined = typeName ? domainEventType(typeName) : undefined;
      const { items: events } = await deps.useCases.listEvents.execute({ projectId: project.id, filter: type ? { type } : {}, limit: PAGE });
      if (req.headers[FRAGMENT_HEADER] === '1') return page(res, renderFragment(<EventsList frame={frame} events={events} />));
      page(res, eventsPage(frame, events, type ? typeName : undefined, eventTypes));
    }),
  );
  router.get(
    `${DASHBOARD_PATH}/projects/:projectId/deliveries`,
    withProject('deliveries', async (req, res, { project, frame }) => {
      const status = (['pending', 'succeeded', 'dead'] as const).find((s) => s === req.query['status']);
      const { items: deliveries } = await deps.useCases.listWebhookDeliveries.execute({ projectId: project.id, filter: status ? { state: status } : {}, limit: PAGE });
      if (req.headers[FRAGMENT_HEADER] === '1') return page(res, renderFragment(<DeliveriesList frame={frame} deliveries={deliveries} />));
      const resent = text(req.query['resent'], 6);
      page(res, deliveriesPage(frame, deliveries, status, resent && /^\d+$/.test(resent) ? `${DASHBOARD_TEXTS[frame.lang].resend}: ${resent}` : undefined));
    }),
  );
  router.post(
    `${DASHBOARD_PATH}/projects/:projectId/deliveries/resend-dead`,
    forms,
    action(async (req, res, { project }) => {
      const body = formOf(res);
      const [from, to] = [dayOf(body['from']), dayOf(body['to'])];
      const range = { ...(from ? { createdFrom: from.iso } : {}), ...(to ? { createdUntil: to.nextIso } : {}) };
      const recovery = await deps.useCases.recoverDeadDeliveries.execute({ projectId: project.id, ...range }, 1_000, requestContextOf(res));
      back(req, res, projectPath(project.id, `/deliveries?resent=${recovery.recovered.length}`));
    }),
  );
  router.post(
    `${DASHBOARD_PATH}/projects/:projectId/deliveries/:deliveryId/resend`,
    forms,
    action(async (req, res, { project, frame }) => {
      const result = await deps.useCases.redeliverWebhook.execute({ projectId: project.id, deliveryId: String(req.params['deliveryId']) }, requestContextOf(res));
      const texts = DASHBOARD_TEXTS[frame.lang];
      if (!result.ok) return page(res, noticePage(frame, texts.notFound, texts.notFound), 404);
      back(req, res, projectPath(project.id, '/deliveries?resent=1'));
    }),
  );

  router.get(
    `${DASHBOARD_PATH}/projects/:projectId/requests`,
    withProject('requests', async (req, res, { project, frame }) => {
      const since = new Date(now().getTime() - API_CALLS_DAYS * 86_400_000).toISOString();
      const calls = await dashboard.apiCalls.list(project.id, since, REQUESTS_SHOWN);
      if (req.headers[FRAGMENT_HEADER] === '1') return page(res, renderFragment(<RequestsList frame={frame} calls={calls} />));
      page(res, requestsPage(frame, calls));
    }),
  );

  const tools: DashboardTools = { withProject, action, back, page };
  overviewRoutes(deps, router, tools);
  settingsRoutes(deps, router, tools);
  webhookEndpointRoutes(deps, router, tools);
  if (deps.mode === 'test') sandboxRoutes(deps, router, tools);
  // Anything else under /dashboard: a page, not the API's envelope.
  router.use(DASHBOARD_PATH, (req, res) => page(res, noticePage(baseFrame(req), DASHBOARD_TEXTS[langOf(req)].notFound, DASHBOARD_TEXTS[langOf(req)].notFound), 404));
  router.use(DASHBOARD_PATH, (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const frame = baseFrame(req);
    const status = typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number' && err.status < 500 ? err.status : 503;
    if (status === 503) {
      deps.logger.error({ err, method: req.method, path: req.path }, 'dashboard request failed');
      res.set('Retry-After', '5');
    }
    page(res, noticePage(frame, DASHBOARD_TEXTS[frame.lang].unavailable, status === 503 ? DASHBOARD_TEXTS[frame.lang].unavailable : DASHBOARD_TEXTS[frame.lang].expiredForm), status);
  });
  return router;
}

/** The test environment's sandbox page: test clocks (create, advance, watch them go ready) and the reset. */
function sandboxRoutes(deps: DashboardDeps, router: IRouter, tools: DashboardTools): void {
  const { withProject, action, back, page } = tools;
  const validTime = (v: unknown) => {
    const t = text(v, 40);
    const ms = t ? Date.parse(t) : Number.NaN;
    return !Number.isNaN(ms) && ms >= Date.UTC(2000, 0, 1) && ms < Date.UTC(2200, 0, 1) ? new Date(ms).toISOString() : undefined;
  };
  router.get(
    `${DASHBOARD_PATH}/projects/:projectId/sandbox`,
    withProject('sandbox', async (req, res, { project, frame }) => {
      // Every clock of the project: there are at most TEST_CLOCK_LIMITS.clocksPerProject (100, a page's most).
      const clocks = await deps.useCases.testClocks.list({ projectId: project.id, limit: 100 });
      const list = clocks.ok ? clocks.value.items : [];
      if (req.headers[FRAGMENT_HEADER] === '1') return page(res, renderFragment(<ClocksList frame={frame} clocks={list} />));
      // A notice is named by its code, never carried as text: a link cannot put words on this page.
      const notices = DASHBOARD_TEXTS[frame.lang].notices;
      const code = text(req.query['notice'], 40);
      page(res, sandboxPage(frame, list, code && code in notices ? notices[code as keyof typeof notices] : undefined));
    }),
  );
  router.post(
    `${DASHBOARD_PATH}/projects/:projectId/sandbox/clocks`,
    forms,
    action(async (req, res, { project }) => {
      const body = formOf(res);
      const frozenTime = validTime(body['frozen_time']);
      if (!frozenTime) return back(req, res, projectPath(project.id, '/sandbox?notice=time'));
      await deps.useCases.testClocks.create({ projectId: project.id, frozenTime, name: text(body['name'], 40) ?? null });
      back(req, res, projectPath(project.id, '/sandbox'));
    }),
  );
  router.post(
    `${DASHBOARD_PATH}/projects/:projectId/sandbox/clocks/:testClockId/advance`,
    forms,
    action(async (req, res, { project }) => {
      const frozenTime = validTime(formOf(res)['frozen_time']);
      const result = frozenTime ? await deps.useCases.testClocks.advance({ projectId: project.id, testClockId: String(req.params['testClockId']), frozenTime }, requestContextOf(res)) : undefined;
      const notice = result === undefined ? 'time' : result.ok ? '' : result.error.code;
      back(req, res, projectPath(project.id, `/sandbox${notice ? `?notice=${notice}` : ''}`));
    }),
  );
  router.post(
    `${DASHBOARD_PATH}/projects/:projectId/sandbox/invoices/:invoiceId/simulate`,
    forms,
    action(async (req, res, { project }) => {
      const outcome = formOf(res)['outcome'] === 'declined' ? 'declined' : 'paid';
      const invoiceId = String(req.params['invoiceId']);
      const result = await deps.useCases.simulatePayment.execute({ projectId: project.id, invoiceId, outcome }, requestContextOf(res));
      if (!result.ok) return back(req, res, projectPath(project.id, `/sandbox?notice=${result.error.code}`));
      back(req, res, projectPath(project.id, `/invoices/${encodeURIComponent(invoiceId)}`));
    }),
  );
  router.post(
    `${DASHBOARD_PATH}/projects/:projectId/sandbox/reset`,
    forms,
    action(async (req, res, { project }) => {
      await deps.useCases.resetTestData.execute({ projectId: project.id });
      back(req, res, projectPath(project.id, '/sandbox?notice=reset'));
    }),
  );
}
