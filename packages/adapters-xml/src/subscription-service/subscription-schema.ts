import { readFileSync } from 'node:fs';
import type { XmlServiceAnswer } from '../shared/xml-intake.js';
import { SUBSCRIPTION_REFUSALS } from './status-names.js';
import { statusXml } from './subscription-response.js';

/** Where the subscriptions host serves the XSD, beside the methods it describes. */
export const SUBSCRIPTION_SCHEMA_PATH = '/Http/Services/SubscriptionService.xsd';

// The same relative place from src/ (tests) and dist/ (the built app).
const SCHEMA_FILE = new URL('../../schema/SubscriptionService.xsd', import.meta.url);
let schema: string | undefined;

/** The XSD of every request and answer of the subscription service and of its notification (read once, when first asked). */
export function subscriptionServiceSchema(): string {
  schema ??= readFileSync(SCHEMA_FILE, 'utf8');
  return schema;
}

/** GET {subs_base_url}/Http/Services/SubscriptionService.xsd; any other method is refused in the service's XML. */
export function subscriptionSchemaAnswer(method: string): XmlServiceAnswer {
  if (method === 'GET' || method === 'HEAD') return { status: 200, body: subscriptionServiceSchema(), headers: { 'cache-control': 'public, max-age=3600' } };
  return { status: 405, body: statusXml(SUBSCRIPTION_REFUSALS.method, { StatusDescription: 'Only GET is accepted' }), headers: { allow: 'GET, HEAD' } };
}
