import { subscriptionStatusNotification, SUBSCRIPTION_STATUS_BY_STATE } from '@kassa-payments/protocol';
import { describe, expect, it } from 'vitest';
import { ACCEPTED, SUBSCRIPTION_REFUSALS, SUBSCRIPTION_STATUS_NAMES } from './status-names.js';
import { SUBSCRIPTION_SERVICE_PATHS } from './subscription-service.js';
import { subscriptionSchemaAnswer, subscriptionServiceSchema } from './subscription-schema.js';

// The XSD is written by hand; its lists are the service's tables, so a name added to a table and
// not to the schema fails here, before a merchant's validator refuses a real answer.
const enumeration = (type: string): string[] => {
  const body = new RegExp(`<xs:simpleType name="${type}">([\\s\\S]*?)</xs:simpleType>`).exec(subscriptionServiceSchema())?.[1] ?? '';
  return [...body.matchAll(/<xs:enumeration value="([^"]+)"\/>/g)].map((m) => m[1] as string);
};
const same = (a: readonly string[], b: readonly string[]) => expect([...new Set(a)].sort()).toEqual([...new Set(b)].sort());

describe('SubscriptionService.xsd', () => {
  it('names every StatusName the service answers, and no other', () => {
    same(enumeration('StatusName'), [ACCEPTED.name, ...Object.values(SUBSCRIPTION_STATUS_NAMES).map((s) => s.name), ...Object.values(SUBSCRIPTION_REFUSALS).map((s) => s.name)]);
  });

  it('names every SubscriptionStatus of the one table (Closed included) and every EventType of the notification', () => {
    same(enumeration('SubscriptionStatus'), Object.values(SUBSCRIPTION_STATUS_BY_STATE));
    same(enumeration('EventType'), subscriptionStatusNotification.shape.EventType.options);
  });

  it('has a request type for every method the service serves', () => {
    for (const method of Object.keys(SUBSCRIPTION_SERVICE_PATHS)) expect(subscriptionServiceSchema()).toContain(`<xs:complexType name="${method}Request">`);
  });

  it('is answered to GET and HEAD; any other method is 405 in the service Response', () => {
    expect(subscriptionSchemaAnswer('GET')).toMatchObject({ status: 200, body: subscriptionServiceSchema() });
    expect(subscriptionSchemaAnswer('HEAD').status).toBe(200);
    const posted = subscriptionSchemaAnswer('POST');
    expect([posted.status, posted.headers]).toEqual([405, { allow: 'GET, HEAD' }]);
    expect(posted.body).toContain('<StatusName>MethodNotAllowed</StatusName>');
  });
});
