// Kassa's admin listener (Express 5): health, readiness and metrics, and the admin API behind a
// bearer token (partners, projects, secrets' rotation, dead deliveries, the audit log).
export { createAdminApp } from './admin-app.js';
export type { AdminDeps } from './admin-deps.js';
export { ADMIN_PREFIX } from './admin-route-kit.js';
export { type AdminOpenApiDocument, adminOpenApiDocument } from './admin-openapi.js';
export { MAX_OVERLAP_DAYS } from './admin-schemas.js';
export { auditedChanges, auditedPartner, auditedProject, SECRET_SET } from './admin-views.js';
export {
  firstIssue,
  framedByAnyInProduction,
  partnerFields,
  projectInput,
  projectSchema,
  toProject,
  type ProjectInput,
} from './directory-schema.js';
