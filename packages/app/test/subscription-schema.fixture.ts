import { SUBSCRIPTION_SCHEMA_PATH } from '@kassa-payments/adapters-xml';
import { type Received, type XmlSchemaCheck, xmlSchemaCheck } from '@kassa-payments/devkit';
import { expect } from 'vitest';

// The subscription service's suites check what they exchange against the XSD the service serves
// (as xml-api.e2e.test.ts does for XML 2.9), so the service and its schema cannot drift apart.

/** The XSD the subscriptions host at `subsUrl` serves, ready for xmllint; close it after the suite. */
export const subscriptionSchemaCheck = (subsUrl: string): Promise<XmlSchemaCheck> => xmlSchemaCheck(`${subsUrl}${SUBSCRIPTION_SCHEMA_PATH}`);

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/**
 * `request` naming its method's own type on the root (`xsi:type="<Method>Request"`), as a merchant
 * validates one method's request: the root's declared type only says what any method may hold.
 */
export function typedRequest(request: string, method: string): string {
  // A request that names a type already is checked as its sender meant it.
  if (/<Request\s[^>]*xsi:type=/.test(request)) return request;
  return request.replace(/<Request(?=[\s>])/, `<Request xmlns:xsi="${XSI}" xsi:type="${method}Request"`);
}

/** Whether a document is a SubscriptionStatusNotification (a receiver may record other requests too). */
export const isSubscriptionNotification = (r: Received): boolean => r.body.includes('<SubscriptionStatusNotification>');

const recorded = new WeakMap<XmlSchemaCheck, string[]>();

/**
 * One exchange with the service, kept for the suite's end: the answer, and a request the service
 * carried out (StatusID 0) under its method's type. `request` is undefined when the test sent
 * something that is no request (raw bytes, a wrong content type).
 */
export function recordExchange(schema: XmlSchemaCheck, method: string, request: string | undefined, answer: string): void {
  const documents = recorded.get(schema) ?? [];
  recorded.set(schema, documents);
  documents.push(answer);
  if (request !== undefined && answer.includes('<StatusID>0</StatusID>')) documents.push(typedRequest(request, method));
}

/**
 * Every recorded exchange and every notification in `received` validates against the served XSD: a
 * suite's afterAll, one xmllint run per 200 documents (a run per document cost seconds a suite).
 */
export function expectAllValid(schema: XmlSchemaCheck, received: readonly Received[]): void {
  const documents = [...(recorded.get(schema) ?? []), ...received.filter(isSubscriptionNotification).map((r) => r.body)];
  expect(schema.problemsOfAll(documents), 'every answer, request carried out and notification validates against the served XSD').toBe('');
}
