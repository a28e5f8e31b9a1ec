// Kassa's wire protocols: what a merchant's code and Kassa's adapters share (JSON v3 shapes and signatures, the XML documents' signatures, webhook verification). Depends on zod only.
export * from './limits.js';
export * from './field-rules.js';
export * from './requests.js';
export * from './responses.js';
export * from './error-codes.js';
export * from './signature.js';
export * from './signature-payload.js';
export * from './signature-v5.js';
export * from './operations.js';
export * from './openapi.js';
export * from './test-only.js';
export * from './webhooks.js';
export * from './webhook-payloads.js';
export * from './xml-signature.js';
export * from './status-names.js';
export * from './streams.js';
export * from './webhook-endpoints.js';
