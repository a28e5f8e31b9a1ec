// @kassa-payments/domain/testing: what an engineer writing a storage adapter runs against it.
export * from './repository-contract.suite.js';
export * from './delivery-repository-contract.suite.js';
export type { TestApi } from './test-api.js';
export * from './event-log-contract.suite.js';
export * from './payment-totals-contract.suite.js';
export * from './sample-project.js';
export * from './webhook-endpoint-contract.suite.js';
