import { staticFileRoute, type HostedRoutes } from '@kassa-payments/http-kit';
import { DASHBOARD_PATH } from './dashboard-auth.js';
import type { DashboardDeps, DashboardSettings } from './dashboard-deps.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { DASHBOARD_ASSETS } from './dashboard-frame.js';

// The same relative places from src/ (tests) and dist/ (the built app): the stylesheet as written,
// the script as built from src/browser (TypeScript) by `tsc -b`.
const CSS = new URL('../static/dashboard.css', import.meta.url);
const JS = new URL('../dist/browser/dashboard.js', import.meta.url);

/**
 * The merchants' dashboard as routes of the API host (`/dashboard/`): its stylesheet, its script and
 * its pages. Its forms are read by its own routes (URL-encoded), never as the API's JSON.
 */
export const merchantDashboard = (deps: DashboardDeps, settings: DashboardSettings): HostedRoutes => ({
  ownPrefixes: [DASHBOARD_PATH],
  mount: (app) => {
    app.get(DASHBOARD_ASSETS.css, staticFileRoute(CSS, 'text/css; charset=utf-8'));
    app.get(DASHBOARD_ASSETS.js, staticFileRoute(JS, 'text/javascript; charset=utf-8'));
    dashboardRoutes(deps, settings, app);
  },
});
