// Kassa's operations: what operators and merchants' developers use but no payment rule needs. Its
// ports (dashboard sessions, the API call log, idempotency keys, the audit log, project
// administration), masking for logs, and the caller authentication every signed transport calls.
// Depends on @kassa-payments/domain only; the contract suites of its ports: @kassa-payments/operations/testing.

export * from './masking/card-masking.js';
export * from './masking/log-masking.js';
export * from './callers/signed-request.js';
export type * from './ports/project-administration.port.js';
export type * from './ports/audit-log.port.js';
export type * from './ports/idempotency-store.port.js';
export type * from './ports/dashboard-sessions.port.js';
export type * from './ports/rate-windows.port.js';
export type * from './ports/signature-uses.port.js';
export * from './ports/api-call-log.port.js';
export * from './callers/caller-authentication.js';
export * from './storage-schema/index.js';
