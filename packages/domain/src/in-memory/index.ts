// @kassa/domain/in-memory: every port in memory (embedded mode and tests), the sandbox billing
// gateway and carrier directory of the test environment, and test doubles.
export * from './in-memory-documents.js';
export * from './in-memory-contract-repository.js';
export * from './in-memory-invoice-repository.js';
export * from './in-memory-subscription-repository.js';
export * from './in-memory-event-outbox.js';
export * from './in-memory-webhook-delivery-repository.js';
export * from './in-memory-event-log.js';
export * from './in-memory-project-directory.js';
export * from './sandbox-billing-gateway.js';
export * from './sandbox-carrier-lookup.js';
export * from './test-doubles.js';
export * from './in-memory-ports.js';
