// Kassa's JSON v3 API (Express 5) on the API host, and the PCI host (the two operations that take card
// data): signed routes, Idempotency-Key, events and webhook deliveries, the sandbox, the OpenAPI
// document, and the recorder of projects' calls that the dashboard's requests page reads.
export { createApiApp, API_PREFIX } from './api-app.js';
export type { ApiDeps } from './api-deps.js';
export { ApiCallRecorder } from './api-call-recorder.js';
export { contractRoutes } from './contract-routes.js';
export { invoiceRoutes } from './invoice-routes.js';
export { openApiDocument } from './openapi.js';
export { createPciApp } from './pci-app.js';
export { sandboxRoutes } from './sandbox-routes.js';
export { SignatureVerifier, signaturesMatch } from './signature.js';
export { webhookRoutes } from './webhook-routes.js';
export { webhookEndpointRoutes } from './webhook-endpoint-routes.js';
export { MAX_DRIFT_SECONDS } from '@kassa-payments/operations';
export { OpenStreams, STREAM_SETTINGS, type StreamSettings } from './open-streams.js';
export { streamRoutes } from './stream-routes.js';
