import { SUBSCRIPTION_SCHEMA_PATH } from '@kassa/adapters-xml';
import { type Received, type XmlSchemaCheck, xmlSchemaCheck } from '@kassa/devkit';
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

/**
 * One exchange with the service checked: the answer validates, and a request the service carried
 * out (StatusID 0) validates against its method's type. `request` is undefined when the test sent
 * something that is no request (raw bytes, a wrong content type).
 */
export function expectValidExchange(schema: XmlSchemaCheck, method: string, request: string | undefined, answer: string): void {
  expect(schema.problems(answer), 'the answer validates against the served XSD').toBe('');
  if (request !== undefined && answer.includes('<StatusID>0</StatusID>')) {
    expect(schema.problems(typedRequest(request, method)), `the ${method} request carried out validates against ${method}Request`).toBe('');
  }
}

const checked = new WeakSet<Received>();
/** One received notification validates (each checked once: suites read their notifications again and again while they wait). */
export function expectValidNotification(schema: XmlSchemaCheck, r: Received): void {
  if (checked.has(r)) return;
  expect(schema.problems(r.body), 'the notification validates against the served XSD').toBe('');
  checked.add(r);
}

/** Every notification in `received` validates against the served XSD (one xmllint run per batch: a suite's afterAll). */
export function expectValidNotifications(schema: XmlSchemaCheck, received: readonly Received[]): void {
  expect(schema.problemsOfAll(received.filter(isSubscriptionNotification).map((r) => r.body)), 'every notification validates against the served XSD').toBe('');
}
