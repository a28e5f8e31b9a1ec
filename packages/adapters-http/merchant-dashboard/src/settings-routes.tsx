import type { IRouter } from 'express';
import { WEBHOOK_ENDPOINT_LIMITS } from '@kassa-payments/domain';
import { DASHBOARD_PATH } from './dashboard-auth.js';
import type { DashboardDeps } from './dashboard-deps.js';
import type { DashboardTools } from './dashboard-tools.js';
import { settingsPage } from './settings-views.js';

/** A project's settings page (read only: the operator changes them): its fields, its webhook endpoints, and how its secrets are rotated. */
export function settingsRoutes(deps: DashboardDeps, router: IRouter, tools: DashboardTools): void {
  const { withProject, page } = tools;
  router.get(
    `${DASHBOARD_PATH}/projects/:projectId/settings`,
    withProject('settings', async (_req, res, { project, frame }) => {
      const { items } = await deps.useCases.listWebhookEndpoints.execute({ projectId: project.id, limit: WEBHOOK_ENDPOINT_LIMITS.perProject });
      page(res, settingsPage(frame, project, items));
    }),
  );
}
