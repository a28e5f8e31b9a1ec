import type { IRouter } from 'express';
import { DASHBOARD_PATH } from './dashboard-auth.js';
import type { DashboardDeps } from './dashboard-deps.js';
import { DASHBOARD_TEXTS } from './dashboard-texts.js';
import type { DashboardTools } from './dashboard-tools.js';
import { DEFAULT_PERIOD, periodOf, periodRange } from './overview-period.js';
import { overviewPage } from './overview-views.js';

/** The most records of each list the overview's counts read: a fuller list reads "n+". */
const OVERVIEW_CAP = 100;

/**
 * A project's overview over `?period=` (1h, 24h, 7d or 30d; a day without it): the money from the
 * event log's sums (one bounded read per kind, on the storage), and the activity from the newest
 * records of each list. A period it does not know is a 400 that says which it knows, with the day's.
 */
export function overviewRoutes(deps: DashboardDeps, router: IRouter, tools: DashboardTools): void {
  const { withProject, page } = tools;
  router.get(
    `${DASHBOARD_PATH}/projects/:projectId`,
    withProject('overview', async (req, res, { project, frame }) => {
      const asked = periodOf(req.query['period']);
      const period = asked ?? DEFAULT_PERIOD;
      const range = periodRange(period, deps.clock.now());
      const [totals, created, { items: deliveries }] = await Promise.all([
        deps.useCases.sumPayments.execute({ projectId: project.id, range }),
        deps.useCases.listInvoices.execute({ projectId: project.id, filter: { createdFrom: range.from, createdBefore: range.before }, limit: OVERVIEW_CAP }),
        deps.useCases.listWebhookDeliveries.execute({ projectId: project.id, filter: {}, limit: OVERVIEW_CAP }),
      ]);
      const recent = deliveries.filter((d) => d.createdAt >= range.from && d.createdAt < range.before);
      // A full read whose oldest is within the period may have left some out.
      const oldest = deliveries.at(-1)?.createdAt;
      const activity = {
        created: created.length,
        succeeded: recent.filter((d) => d.state === 'succeeded').length,
        failing: recent.filter((d) => d.state === 'pending' && d.attempts.length > 0).length,
        dead: recent.filter((d) => d.state === 'dead').length,
        capped: { invoices: created.length >= OVERVIEW_CAP, deliveries: deliveries.length >= OVERVIEW_CAP && oldest !== undefined && oldest >= range.from },
      };
      const notice = asked ? undefined : DASHBOARD_TEXTS[frame.lang].badPeriod;
      page(res, overviewPage(frame, period, totals, activity, notice), asked ? 200 : 400);
    }),
  );
}
