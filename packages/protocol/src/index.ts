// Kassa's JSON v3 wire protocol: what a merchant's code and Kassa's HTTP adapter share. Depends on zod only.
export * from './limits.js';
export * from './requests.js';
export * from './responses.js';
export * from './error-codes.js';
export * from './signature.js';
export * from './signature-payload.js';
export * from './operations.js';
export * from './openapi.js';
export * from './webhooks.js';
