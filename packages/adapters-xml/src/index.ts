// The XML transports: the subscription notification today; the XML 2.9 API and the subscription service with their issues.
export { subscriptionNotification, subscriptionNotificationXml } from './subscription/subscription-notification.js';
