import { createHash, createHmac } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { approveSubscription, cancelSubscription, openSubscription, recordSubscriptionCharge, type Subscription, type SubscriptionEvent } from '@kassa-payments/domain';
import { subscriptionStatusNotification } from '@kassa-payments/protocol';
import { subscriptionNotificationXml } from './subscription-notification.js';

// The document merchants' code parses, pinned: each event made by the real domain command.
let n = 0;
const stamp = (now = '2026-11-22T10:00:00.000Z') => ({
  now,
  newId: () => {
    n += 1;
    return `e-${n}`;
  },
});
const subscription = () =>
  openSubscription({
    id: '6f1c2f5e-1111-4222-8333-944445555666',
    projectId: 9,
    acceptanceChannel: 'SMS_PIN',
    subscriberMsisdn: '79001234567',
    subscriberId: null,
    country: 'ru',
    operatorId: 22,
    pinDigest: '1234',
    billing: { periodSeconds: 60, maxIterations: 3, expectedResult: 'Success', amount: { minor: 2550, currency: 'RUB' } },
    now: '2026-11-22T09:59:00.000Z',
  });
const only = (events: readonly unknown[]) => events[0] as SubscriptionEvent;

describe('the SubscriptionStatusNotification document', () => {
  it('activation: exactly these elements, signed over SubscriptionProjectID + Now + the document (version 2) with the subscription secret', () => {
    const xml = subscriptionNotificationXml(only(approveSubscription(subscription(), '1234', stamp()).events), 'subs-secret');
    const unsigned =
      '<?xml version="1.0" encoding="utf-8"?><SubscriptionStatusNotification><EventType>ACTIVATED</EventType>' +
      '<SubscriptionID>6f1c2f5e-1111-4222-8333-944445555666</SubscriptionID><SubscriptionProjectID>9</SubscriptionProjectID>' +
      '<SubscriptionStatus>Active</SubscriptionStatus><Subscriber_MSISDN>79001234567</Subscriber_MSISDN>' +
      '<PaidUntil>2026-11-22T10:00:00+00:00</PaidUntil><OperatorID>22</OperatorID><Now>20261122100000</Now><Signature></Signature></SubscriptionStatusNotification>';
    // hmac_sha256('subs-secret', '9' + '20261122100000' + hex(sha256(D))), lowercase hex, D the document with an empty Signature
    const digest = createHash('sha256').update(unsigned).digest('hex');
    const signature = createHmac('sha256', 'subs-secret').update(`920261122100000${digest}`).digest('hex');
    expect(xml).toBe(unsigned.replace('<Signature></Signature>', `<Signature>${signature}</Signature>`));
    // Never the version 1 request signature: a notification is no credential.
    expect(xml).not.toContain(createHmac('sha256', 'subs-secret').update('920261122100000').digest('hex'));
    expect(subscriptionNotificationXml(only(approveSubscription(subscription(), '1234', stamp()).events))).not.toContain('<Signature>');
  });

  it('a charge carries the BillingOperationID, the result and the CustomerPrice; cancellation says CANCELLED', () => {
    const active = approveSubscription(subscription(), '1234', stamp()).next as Subscription;
    const op = { id: '0b5a9c6e-7777-4888-9999-aaaabbbbcccc', status: 'SUCCESS' as const, amount: { minor: 2550, currency: 'RUB' }, at: '2026-11-22T10:01:00.000Z', refunded: false };
    const charged = new XMLParser({ parseTagValue: false }).parse(subscriptionNotificationXml(only(recordSubscriptionCharge(active, op, stamp(op.at)).events))) as {
      SubscriptionStatusNotification: Record<string, unknown>;
    };
    expect(charged.SubscriptionStatusNotification).toMatchObject({ EventType: 'CHARGE', BillingOperationID: op.id, BillingResult: 'Success', CustomerPrice: '25.50', Currency: 'RUB' });
    const cancelled = new XMLParser({ parseTagValue: false }).parse(subscriptionNotificationXml(only(cancelSubscription(active, stamp()).events))) as {
      SubscriptionStatusNotification: Record<string, unknown>;
    };
    expect(cancelled.SubscriptionStatusNotification).toMatchObject({ EventType: 'CANCELLED', SubscriptionStatus: 'Cancelled' });
  });

  it("every kind of notification is what the OpenAPI document's webhooks section says: its elements, in the schema's order, and nothing else", () => {
    const active = approveSubscription(subscription(), '1234', stamp()).next as Subscription;
    const op = { id: '0b5a9c6e-7777-4888-9999-aaaabbbbcccc', status: 'SUCCESS' as const, amount: { minor: 2550, currency: 'RUB' }, at: '2026-11-22T10:01:00.000Z', refunded: false };
    const events = [
      only(approveSubscription(subscription(), '1234', stamp()).events),
      only(recordSubscriptionCharge(active, op, stamp(op.at)).events),
      only(cancelSubscription(active, stamp()).events),
    ];
    const ordered = new XMLParser({ parseTagValue: false, preserveOrder: true });
    const order = Object.keys(subscriptionStatusNotification.shape);
    for (const event of events) {
      const xml = subscriptionNotificationXml(event, 'whsec_c3Vic2NyaXB0aW9uLXNlY3JldC1mb3ItdGVzdHM=');
      type Node = Record<string, Node[] | string>;
      const children = ((ordered.parse(xml) as Node[]).find((n) => 'SubscriptionStatusNotification' in n)?.['SubscriptionStatusNotification'] ?? []) as Node[];
      const names = children.map((c) => Object.keys(c)[0] ?? '');
      expect(names).toEqual(order.filter((n) => names.includes(n)));
      const textOf = (c: Node) => String((Object.values(c)[0] as Node[])[0]?.['#text'] ?? '');
      const values = Object.fromEntries(children.map((c) => [Object.keys(c)[0] ?? '', textOf(c)]));
      const typed = { ...values, SubscriptionProjectID: Number(values['SubscriptionProjectID']), ...(values['OperatorID'] ? { OperatorID: Number(values['OperatorID']) } : {}) };
      expect(subscriptionStatusNotification.parse(typed)).toEqual(typed);
    }
  });
});
