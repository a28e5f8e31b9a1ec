export { createApiApp, API_PREFIX } from './api/api-app.js';
export { contractRoutes } from './api/contract-routes.js';
export { invoiceRoutes } from './api/invoice-routes.js';
export { openApiDocument } from './api/openapi.js';
export { SignatureVerifier, signaturesMatch } from './api/signature.js';
export { MAX_DRIFT_SECONDS } from '@kassa/domain';
export { createPciApp } from './pci/pci-app.js';
export { createWidgetApp, PAGE_PATHS, widgetPageRefusals } from './widget/widget-app.js';
export { JwtPaymentPages, WIDGET_TOKEN_SECONDS } from './widget/jwt-payment-pages.js';
export type { HttpDeps } from './shared/http-deps.js';
export { webhookRoutes } from './webhooks/webhook-routes.js';
export { sandboxRoutes } from './api/sandbox-routes.js';
export {
  firstIssue,
  framedByAnyInProduction,
  newWebhookSecret,
  partnerFields,
  projectInput,
  projectSchema,
  seedSchema,
  toProject,
  type ProjectInput,
} from './admin/directory-schema.js';
export { auditedChanges, auditedPartner, auditedProject, SECRET_SET } from './admin/admin-views.js';
export { createAdminApp } from './admin/admin-app.js';
export type { AdminDeps } from './admin/admin-deps.js';
export { ADMIN_PREFIX } from './admin/admin-directory-routes.js';
export { adminOpenApiDocument } from './admin/admin-openapi.js';
export { MAX_OVERLAP_DAYS } from './admin/admin-schemas.js';
export { dashboardRefusals } from './dashboard/dashboard-routes.js';
export { addressGroup, MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_LOGIN, MAX_FAILURES_PER_LOGIN_AND_ADDRESS, SIGN_IN_WINDOW_MINUTES, SignInThrottle } from './dashboard/sign-in-throttle.js';
export { invoicesPage } from './dashboard/dashboard-views.js';
