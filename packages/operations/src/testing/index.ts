// @kassa-payments/operations/testing: what an engineer writing a storage adapter runs against its operations' ports.
export * from './administration-contract.suite.js';
export * from './idempotency-contract.suite.js';
export * from './dashboard-sessions-contract.suite.js';
export * from './api-call-log-contract.suite.js';
export * from './rate-windows-contract.suite.js';
export * from './signature-uses-contract.suite.js';
