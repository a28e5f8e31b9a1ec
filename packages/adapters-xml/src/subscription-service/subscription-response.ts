import { builder } from '../invoice-service/xml-response.js';
import type { Status } from './status-names.js';

/** A method's elements, flat beside the status; a list repeats its element (GetSubscriptions' `Subscriptions`). */
export type SubscriptionData = { readonly [name: string]: string | number | boolean | undefined | SubscriptionData | readonly SubscriptionData[] };

// Text is escaped: a value from a request never becomes markup in an answer.
/** A `Response` of the subscription service: StatusID, StatusName, then the method's elements. */
export function statusXml(status: Status, data: SubscriptionData = {}): string {
  return `<?xml version="1.0" encoding="utf-8"?>${builder.build({ Response: { StatusID: status.id, StatusName: status.name, ...data } }) as string}`;
}
