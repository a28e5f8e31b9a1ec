// Kassa's merchants' dashboard (server-rendered pages, Preact): a partner's projects, their invoices,
// contracts, subscriptions, events, deliveries and API calls, and the sandbox; served on the API host.
export { merchantDashboard } from './merchant-dashboard.js';
export type { DashboardDeps, DashboardSettings } from './dashboard-deps.js';
export { dashboardRefusals } from './dashboard-routes.js';
export { addressGroup, MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_LOGIN, MAX_FAILURES_PER_LOGIN_AND_ADDRESS, SIGN_IN_WINDOW_MINUTES, SignInThrottle } from './sign-in-throttle.js';
export { invoicesPage } from './invoice-views.js';
