// What every HTTP delivery app of Kassa shares (Express 5): the listener's base app and its end, the
// JSON envelope and its status table, the request log and id, the error handlers, pages' security
// headers, static files, and the JSON views of events and webhook deliveries (the webhook bodies).
export { baseApp, createDocumentHostApp, DEFAULT_BODY_LIMIT, finishApp, type HostedRoutes } from './base-app.js';
export type { ListenerDeps, TrustProxy } from './listener-deps.js';
export { callerIp } from './caller-ip.js';
export { clientErrorHandler, expectationFailedHandler } from './client-error.js';
export { answerOf, badRequest, errorBody, sendData, sendError, sendJson, sendJsonText, sendResult, type ErrorBody, type JsonAnswer } from './envelope.js';
export { clientErrorStatus, errorHandler, methodNotAllowed, notFound, type DocumentHost } from './error-handler.js';
export { markDeprecated } from './deprecation.js';
export { HTTP_STATUS, httpStatusOf } from './http-status.js';
export type { DocumentOutcome, HttpExchange, HttpObserver, OpenedExchange } from './http-observer.js';
export { bodyErrorStatus, jsonBody, MAX_BODY_DEPTH, rawBodyOf } from './json-body.js';
export { contentSecurityPolicy, sendPage, type Framing } from './page-security.js';
export { endpointOf, mountRawEndpoint, routedPath, type DocumentRefusal, type RawAnswer, type RawEndpoint, type RawRequest } from './raw-endpoint.js';
export { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';
export { requestLog } from './request-log.js';
export { staticFileRoute } from './static-asset.js';
export { moneyJson, moneyText } from './money-view.js';
export { deliveryView, domainEventType, eventView, EVENT_TYPE_NAMES } from './events/event-views.js';
export { legacyPaymentPayload } from './events/legacy-payment-payload.js';
export { endpointEventTypes, eventTypeNames, webhookEndpointView, webhookEndpointWithSecretView } from './events/endpoint-views.js';
export { webhookPayload, type WebhookPayload } from './events/webhook-payload.js';
export { isQueryTime, singleQueryValue, STORED_TIME } from './query-values.js';
export { cursorFrom, cursorText, listView, MAX_CURSOR_LENGTH, readListQuery, type ListAnswer, type ListQuery } from './list-page.js';
export { RouteTable, routeTablesOf, type RouteChain, type RouteEntry, type RouteHandler } from './route-table.js';
export { keepRecord, maskedBodyOf, recordOf, requestContextOf, type AnsweredListener, type RequestRecord } from './request-record.js';
