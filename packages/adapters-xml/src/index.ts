// The XML transports: the XML 2.9 InvoiceManagementService, and the subscription notification; the subscription service comes with its issue.
export { subscriptionNotification, subscriptionNotificationXml } from './subscription/subscription-notification.js';
export { InvoiceManagementService, MAX_DRIFT_SECONDS, type InvoiceServiceDeps, type XmlServiceAnswer, type XmlServiceRequest } from './invoice-service/invoice-management-service.js';
export { xmlSignature } from './invoice-service/xml-signature.js';
export { RESULT_CODES, REFUSAL_CODES } from './invoice-service/result-codes.js';
export { MAX_XML_BYTES, MAX_XML_DEPTH } from './invoice-service/xml-request.js';
