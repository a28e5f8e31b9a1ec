// The XML transports: the XML 2.9 InvoiceManagementService, the subscription service, and the subscription notification.
export { subscriptionNotificationXml } from './subscription/subscription-notification.js';
export { MAX_DRIFT_SECONDS } from '@kassa-payments/operations';
export { InvoiceManagementService, type InvoiceServiceDeps, type XmlServiceAnswer, type XmlServiceRequest } from './invoice-service/invoice-management-service.js';
export { invoiceServiceSchema, schemaAnswer } from './invoice-service/xml-schema.js';
export { RESULT_CODES, REFUSAL_CODES } from './invoice-service/result-codes.js';
export { MAX_XML_BYTES, MAX_XML_DEPTH } from './invoice-service/xml-request.js';
export { SubscriptionService, SUBSCRIPTION_SERVICE_PATHS, type SubscriptionServiceDeps } from './subscription-service/subscription-service.js';
export { SUBSCRIPTION_STATUS_NAMES, SUBSCRIPTION_REFUSALS } from './subscription-service/status-names.js';
export { SUBSCRIPTION_SCHEMA_PATH, subscriptionSchemaAnswer, subscriptionServiceSchema } from './subscription-service/subscription-schema.js';
