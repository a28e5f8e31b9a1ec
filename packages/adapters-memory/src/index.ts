// @kassa-payments/adapters-memory: every port in memory (embedded mode and tests), the test environment's
// billing gateway and carrier directory, and test doubles.
export * from './journal.js';
export type { RestoredCheck } from './restored-checks.js';
export { syntaxErrorAt } from './restored-checks.js';
export * from './in-memory-documents.js';
export * from './in-memory-contract-repository.js';
export * from './in-memory-invoice-repository.js';
export * from './in-memory-subscription-repository.js';
export * from './in-memory-event-outbox.js';
export * from './in-memory-webhook-delivery-repository.js';
export * from './in-memory-event-log.js';
export * from './in-memory-test-clock-repository.js';
export * from './in-memory-webhook-endpoint-repository.js';
export * from './in-memory-retention.js';
export * from './in-memory-project-directory.js';
export * from './in-memory-audit-log.js';
export * from './in-memory-idempotency-store.js';
export * from './test-environment-billing-gateway.js';
export * from './test-environment-carrier-lookup.js';
export * from './test-environment-geography.js';
export * from './test-doubles.js';
export * from './in-memory-ports.js';
export * from './in-memory-dashboard-sessions.js';
export * from './in-memory-rate-windows.js';
export * from './in-memory-signature-uses.js';
export * from './in-memory-api-call-log.js';
