import { schemaFile } from '../shared/schema-file.js';
import { SUBSCRIPTION_REFUSALS } from './status-names.js';
import { statusXml } from './subscription-response.js';

/** Where the subscriptions host serves the XSD, beside the methods it describes. */
export const SUBSCRIPTION_SCHEMA_PATH = '/Http/Services/SubscriptionService.xsd';

const schema = schemaFile('SubscriptionService.xsd', () => statusXml(SUBSCRIPTION_REFUSALS.method, { StatusDescription: 'Only GET is accepted' }));

/** The XSD of every request and answer of the subscription service and of its notification. */
export const subscriptionServiceSchema = (): string => schema.text();

/** GET {subs_base_url}/Http/Services/SubscriptionService.xsd; any other method is refused in the service's XML. */
export const subscriptionSchemaAnswer = (method: string) => schema.answer(method);
