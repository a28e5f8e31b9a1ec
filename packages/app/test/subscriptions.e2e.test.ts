import { type HttpReceiver, type Received, startReceiver, type XmlSchemaCheck } from '@kassa-payments/devkit';
import { createHash, createHmac } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { signSubscriptionRequest, verifySubscriptionNotification, verifyWebhook } from '@kassa-payments/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, MERCHANT, startTestKassa, type TestKassa } from './e2e.fixture.js';
import { ManualClock, TEST_ENVIRONMENT_MSISDNS } from '@kassa-payments/adapters-memory';
import { expectAllValid, recordExchange, subscriptionSchemaCheck } from './subscription-schema.fixture.js';

// The subscription service over real HTTP, on the storage of this run: every method, the rows of the
// spec's subscription table that happen in seconds (the 3-hour window is a domain test), charge cycles
// with a 1-second period, and the SubscriptionStatusNotification documents received, parsed and
// checked (their Signature element and their Standard Webhooks headers). Every answer and every
// notification validates against the served XSD, and every request carried out against its method's type.
const PROJECT = 40;
const NO_SECRET = 41;
const SECRET = `whsec_${Buffer.from('kassa-subscription-secret-2026').toString('base64')}`;
let t: TestKassa;
let receiver: HttpReceiver;
let schema: XmlSchemaCheck;

/** Kassa's time, which the tests move (a charge's period, an order of creation): it starts at the real time. */
const clock = new ManualClock(new Date());

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestKassa(
    {},
    {
      clock,
      seed: {
        partners: [
          {
            login: MERCHANT.login,
            password: MERCHANT.password,
            projects: [
              { id: PROJECT, defaultPrice: { amount: '10.00', currency: 'RUB' }, subscriptionSecret: SECRET, subscriptionNotificationUrl: `${receiver.url}/subs`, paymentMethods: ['sbp'] },
              { id: NO_SECRET },
            ],
          },
        ],
      },
    },
  );
  schema = await subscriptionSchemaCheck(t.kassa.urls.subs);
});
afterAll(async () => {
  // Every notification of the suite, those no test read included.
  if (schema) expectAllValid(schema, receiver.received);
  schema?.close();
  await t.stop();
  await receiver.close();
});

const compact = (d = clock.now()) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
// The spec's formula written out here, not imported: this suite is its independent check.
const sign = (projectId: number | string, now: string, secret = SECRET) => createHmac('sha256', secret).update(`${projectId}${now}`).digest('hex');
/** Version 2 (and every notification's), written out too: the digest of the document without its Signature's text joins the message. */
const signV2 = (projectId: number | string, now: string, document: string, secret = SECRET) =>
  createHmac('sha256', secret)
    .update(
      `${projectId}${now}${createHash('sha256')
        .update(document.replace(/<Signature>[^<]*<\/Signature>/, '<Signature></Signature>'))
        .digest('hex')}`,
    )
    .digest('hex');
// Answers are ours: their escaped text (&amp; in a URL) is read back as text.
const parser = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'Subscriptions' });
const notificationParser = new XMLParser({ parseTagValue: false });
type Doc = Record<string, unknown> & { StatusID: string; StatusName: string };

async function call(
  method: string,
  elements = '',
  options: { projectId?: number; now?: string; signature?: string; contentType?: string; raw?: string } = {},
): Promise<{ status: number; doc: Doc; text: string }> {
  const projectId = options.projectId ?? PROJECT;
  const now = options.now ?? compact();
  const body =
    options.raw ??
    `<?xml version="1.0" encoding="utf-8"?><Request><SubscriptionProjectID>${projectId}</SubscriptionProjectID><Now>${now}</Now><Signature>${options.signature ?? sign(projectId, now)}</Signature>${elements}</Request>`;
  const path = method === 'GetSubscriptions' ? '/Http/Services/GetSubscriptions' : `/Http/Services/${method}.aspx`;
  const res = await fetch(`${t.kassa.urls.subs}${path}`, { method: 'POST', headers: { 'content-type': options.contentType ?? 'text/xml; charset=utf-8' }, body });
  const text = await res.text();
  expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8');
  recordExchange(schema, method, options.raw === undefined ? body : undefined, text);
  return { status: res.status, doc: (parser.parse(text) as { Response: Doc }).Response, text };
}
const statusOf = async (elements: string) => (await call('GetSubscriptionStatus', elements)).doc['SubscriptionStatus'];

let numbers = 0;
const msisdn = () => `7955${String(++numbers).padStart(7, '0')}`;
const create = async (elements: string) => {
  const a = await call('CreateSubscription', elements);
  expect(a.doc.StatusName, a.text).toBe('REQUEST_ACCEPTED');
  return String(a.doc['SubscriptionID']);
};

/** The notifications received for a subscription, each verified twice: its Signature element and its Standard Webhooks headers. */
function notificationsOf(subscriptionId: string): Record<string, string>[] {
  return receiver.received
    .filter((r: Received) => r.body.includes(subscriptionId))
    .map((r) => {
      expect(verifyWebhook(SECRET, r.headers, r.body)).toMatchObject({ ok: true });
      const n = (notificationParser.parse(r.body) as { SubscriptionStatusNotification: Record<string, string> }).SubscriptionStatusNotification;
      expect(n['Signature']).toBe(signV2(n['SubscriptionProjectID'] as string, n['Now'] as string, r.body));
      // The merchant's helper agrees, and the notification's Signature is no request signature of version 1.
      expect(verifySubscriptionNotification(r.body, SECRET)).toBe(true);
      expect(n['Signature']).not.toBe(sign(n['SubscriptionProjectID'] as string, n['Now'] as string));
      return n;
    });
}
const waitForNotifications = (id: string, count: number, ms = 8_000) =>
  eventually(
    async () => notificationsOf(id),
    (list) => list.length >= count,
    ms,
  );

describe('SMS_PIN subscriptions', () => {
  it('created Pending (no notification); a wrong PIN: WRONG_PARAMS, InvalidPinCode, attempts left; 1234: Active and ACTIVATED; again: SubscriptionAlreadyApproved', async () => {
    const number = msisdn();
    const created = await call('CreateSubscription', `<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`);
    expect(created.doc).toMatchObject({
      StatusID: '0',
      StatusName: 'REQUEST_ACCEPTED',
      SubscriptionStatus: 'Pending',
      SubscriberAcceptanceRequired: 'true',
      SubscriberAcceptanceChannel: 'SMS_PIN',
      OperatorID: '22',
      TrialExists: 'false',
    });
    expect(created.doc).not.toHaveProperty('AuthorizeUrl');
    const id = String(created.doc['SubscriptionID']);
    const wrong = await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>0000</PinCode>`);
    expect([wrong.status, wrong.doc.StatusName, wrong.doc['InvalidPinCode'], wrong.doc['AttemptsLeft']]).toEqual([200, 'WRONG_PARAMS', 'true', '2']);
    expect(notificationsOf(id)).toEqual([]);
    expect((await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`)).doc).toMatchObject({ StatusID: '0', StatusName: 'REQUEST_ACCEPTED' });
    expect((await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`)).doc.StatusName).toBe('SubscriptionAlreadyApproved');
    const [activated] = await waitForNotifications(id, 1);
    expect(activated).toMatchObject({ EventType: 'ACTIVATED', SubscriptionID: id, SubscriptionProjectID: String(PROJECT), SubscriptionStatus: 'Active', Subscriber_MSISDN: number, OperatorID: '22' });
    expect(await statusOf(`<SubscriptionID>${id}</SubscriptionID>`)).toBe('Active');
    expect((await call('ResendPinCode', `<SubscriptionID>${id}</SubscriptionID>`)).doc.StatusName).toBe('WRONG_PARAMS');
  });

  it('the third wrong PIN: ApprovingFailed, for good (the right PIN then answers ApprovingFailed)', async () => {
    const id = await create(`<Subscriber_MSISDN>${msisdn()}</Subscriber_MSISDN>`);
    const names = [];
    for (const pin of ['1', '2', '3', '1234']) names.push((await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>${pin}</PinCode>`)).doc.StatusName);
    expect(names).toEqual(['WRONG_PARAMS', 'WRONG_PARAMS', 'WRONG_PARAMS', 'ApprovingFailed']);
    expect(await statusOf(`<SubscriptionID>${id}</SubscriptionID>`)).toBe('ApprovingFailed');
    expect((await waitForNotifications(id, 1))[0]).toMatchObject({ EventType: 'APPROVING_FAILED' });
  });

  it('ResendPinCode three times, the fourth ResendLimitExceeded; the legacy MSISDN element works in the test environment', async () => {
    const id = await create(`<MSISDN>${msisdn()}</MSISDN>`);
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await call('ResendPinCode', `<SubscriptionID>${id}</SubscriptionID>`)).doc.StatusName);
    expect(names).toEqual(['REQUEST_ACCEPTED', 'REQUEST_ACCEPTED', 'REQUEST_ACCEPTED', 'ResendLimitExceeded']);
  });

  it("the test environment's undeliverable number: PinNotDelivered, and the subscription is ApprovingFailed at once, notified", async () => {
    const number = TEST_ENVIRONMENT_MSISDNS.smsUndeliverable;
    const answer = (await call('CreateSubscription', `<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`)).doc;
    expect([answer.StatusID, answer.StatusName]).toEqual(['12', 'PinNotDelivered']);
    expect(await statusOf(`<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`)).toBe('ApprovingFailed');
    const found = (await call('GetSubscriptionStatus', `<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`)).doc;
    expect((await waitForNotifications(String(found['SubscriptionID']), 1))[0]).toMatchObject({ EventType: 'APPROVING_FAILED', SubscriptionStatus: 'ApprovingFailed' });
  });

  it('cancelled while Pending or Active: Cancelled with a CANCELLED notification, found by number or subscriber id', async () => {
    const number = msisdn();
    const id = await create(`<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`);
    await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`);
    expect((await call('CancelSubscription', `<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`)).doc).toMatchObject({ StatusName: 'REQUEST_ACCEPTED' });
    expect(await statusOf(`<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`)).toBe('Cancelled');
    const types = (await waitForNotifications(id, 2)).map((n) => n['EventType']);
    expect(types.sort()).toEqual(['ACTIVATED', 'CANCELLED']);
    const pending = await create(`<CustomerType>Card</CustomerType><CustomerId>cust-${number}</CustomerId>`);
    expect((await call('CancelSubscription', `<SubscriberID>cust-${number}</SubscriberID>`)).doc.StatusName).toBe('REQUEST_ACCEPTED');
    expect(await statusOf(`<SubscriptionID>${pending}</SubscriptionID>`)).toBe('Cancelled');
    expect((await waitForNotifications(pending, 1))[0]).toMatchObject({ EventType: 'CANCELLED', SubscriptionStatus: 'Cancelled' });
  });
});

describe('AUTH_PAGE and WAP subscriptions', () => {
  it('CustomerType=Card with CustomerId: AUTH_PAGE with an AuthorizeUrl; ApproveSubscription and ResendPinCode are refused; CustomerId is required', async () => {
    const created = await call('CreateSubscription', '<CustomerType>Card</CustomerType><CustomerId>c-1</CustomerId>');
    expect(created.doc).toMatchObject({ SubscriberAcceptanceChannel: 'AUTH_PAGE', SubscriptionStatus: 'Pending' });
    expect(String(created.doc['AuthorizeUrl'])).toMatch(/\/Card\/Sbp\/widget\.html\?subscriptionId=[0-9a-f-]{36}&t=/);
    const id = String(created.doc['SubscriptionID']);
    expect((await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`)).doc.StatusName).toBe('WRONG_PARAMS');
    expect((await call('ResendPinCode', `<SubscriptionID>${id}</SubscriptionID>`)).doc.StatusName).toBe('WRONG_PARAMS');
    expect((await call('CreateSubscription', '<CustomerType>Card</CustomerType>')).doc.StatusName).toBe('WRONG_PARAMS');
  });

  it('ClientIP without a number: WAP, AUTH_PAGE; with a number, the country match check (198.51.100.0/24 is abroad in the sandbox)', async () => {
    expect((await call('CreateSubscription', '<ClientIP>203.0.113.9</ClientIP>')).doc).toMatchObject({ SubscriberAcceptanceChannel: 'AUTH_PAGE' });
    expect((await call('CreateSubscription', `<Subscriber_MSISDN>${msisdn()}</Subscriber_MSISDN><ClientIP>203.0.113.9</ClientIP>`)).doc.StatusName).toBe('REQUEST_ACCEPTED');
    const abroad = await call('CreateSubscription', `<Subscriber_MSISDN>${msisdn()}</Subscriber_MSISDN><ClientIP>198.51.100.7</ClientIP>`);
    expect([abroad.doc.StatusName, String(abroad.doc['StatusDescription'])]).toEqual(['WRONG_PARAMS', expect.stringContaining('ClientIP')]);
    expect((await call('CreateSubscription', '')).doc.StatusName).toBe('WRONG_PARAMS');
  });

  it('OperatorID 20 (the alternate operator): CancelSubscription answers a CancelUrl', async () => {
    const id = await create(`<Subscriber_MSISDN>${msisdn()}</Subscriber_MSISDN><TestInfo><OperatorID>20</OperatorID></TestInfo>`);
    const cancelled = await call('CancelSubscription', `<SubscriptionID>${id}</SubscriptionID>`);
    expect(String(cancelled.doc['CancelUrl'])).toContain(`subscriptionId=${id}`);
    const other = await create(`<Subscriber_MSISDN>${msisdn()}</Subscriber_MSISDN>`);
    expect((await call('CancelSubscription', `<SubscriptionID>${other}</SubscriptionID>`)).doc).not.toHaveProperty('CancelUrl');
  });
});

describe('charges', () => {
  it('BillingPeriodSeconds 1, MaxIterations 2: two charges a second apart with CustomerPrice and BillingOperationID, then Closed; RefundBillingOperation echoes and changes nothing', async () => {
    const id = await create(
      `<Subscriber_MSISDN>${msisdn()}</Subscriber_MSISDN><TestInfo><BillingPeriodSeconds>1</BillingPeriodSeconds><MaxIterations>2</MaxIterations><BillingAmount>25.50</BillingAmount></TestInfo>`,
    );
    await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`);
    // The first charge falls due a period after the approval: not a millisecond before.
    clock.advance(0.999);
    await t.drainDueWork();
    expect(notificationsOf(id).map((n) => n['EventType'])).toEqual(['ACTIVATED']);
    clock.advance(0.001);
    await t.drainDueWork();
    const firstCharge = await eventually(
      async () => notificationsOf(id).filter((n) => n['EventType'] === 'CHARGE'),
      (l) => l.length >= 1,
      6_000,
    );
    const operation = String(firstCharge[0]?.['BillingOperationID']);
    expect(firstCharge[0]).toMatchObject({ BillingResult: 'Success', CustomerPrice: '25.50', Currency: 'RUB' });
    const refund = await call('RefundBillingOperation', `<BillingOperationID>${operation}</BillingOperationID>`);
    expect(refund.doc).toMatchObject({ StatusName: 'REQUEST_ACCEPTED', BillingOperationID: operation });
    // The second a period later: not a millisecond before; then the closing.
    clock.advance(0.999);
    await t.drainDueWork();
    expect(notificationsOf(id).filter((n) => n['EventType'] === 'CHARGE')).toHaveLength(1);
    clock.advance(0.001);
    await t.drainDueWork();
    const all = await waitForNotifications(id, 4);
    // The last charge and the closing are one save's two events, delivered each on its own: they may
    // arrive in either order (notifications promise no order; their content says what happened).
    expect(all.map((n) => String(n['EventType'])).sort()).toEqual(['ACTIVATED', 'CHARGE', 'CHARGE', 'CLOSED']);
    const charges = all.filter((n) => n['EventType'] === 'CHARGE');
    expect(new Set(charges.map((n) => n['BillingOperationID'])).size).toBe(2);
    const gap = Date.parse(String(charges[1]?.['PaidUntil'])) - Date.parse(String(charges[0]?.['PaidUntil']));
    expect(gap).toBeGreaterThanOrEqual(1000);
    expect(await statusOf(`<SubscriptionID>${id}</SubscriptionID>`)).toBe('Closed');
    expect((await call('RefundBillingOperation', '<BillingOperationID>not-a-uuid</BillingOperationID>')).doc.StatusName).toBe('WRONG_PARAMS');
  });

  it('ExpectedBillingResult Failed: declines retried at the period, each notified with BillingResult Failed; the subscription stays Active', async () => {
    const id = await create(
      `<Subscriber_MSISDN>${msisdn()}</Subscriber_MSISDN><TestInfo><BillingPeriodSeconds>1</BillingPeriodSeconds><ExpectedBillingResult>Failed</ExpectedBillingResult></TestInfo>`,
    );
    await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`);
    // The first charge a period after the approval, declined; its retry a period later.
    clock.advance(1);
    await t.drainDueWork();
    expect(notificationsOf(id).filter((n) => n['EventType'] === 'CHARGE')).toHaveLength(1);
    clock.advance(1);
    await t.drainDueWork();
    const declines = await eventually(
      async () => notificationsOf(id).filter((n) => n['EventType'] === 'CHARGE'),
      (l) => l.length >= 2,
      8_000,
    );
    expect(declines.slice(0, 2).map((n) => n['BillingResult'])).toEqual(['Failed', 'Failed']);
    expect(await statusOf(`<SubscriptionID>${id}</SubscriptionID>`)).toBe('Active');
    await call('CancelSubscription', `<SubscriptionID>${id}</SubscriptionID>`);
  });

  it('TestInfo values out of range: WRONG_PARAMS naming the element', async () => {
    const cases: [string, string][] = [
      ['<BillingPeriodSeconds>0</BillingPeriodSeconds>', 'BillingPeriodSeconds'],
      ['<BillingPeriodSeconds>86401</BillingPeriodSeconds>', 'BillingPeriodSeconds'],
      ['<MaxIterations>101</MaxIterations>', 'MaxIterations'],
      ['<MaxIterations>0</MaxIterations>', 'MaxIterations'],
      ['<ExpectedBillingResult>Maybe</ExpectedBillingResult>', 'ExpectedBillingResult'],
      ['<BillingAmount>10</BillingAmount>', 'BillingAmount'],
      ['<OperatorID>x</OperatorID>', 'OperatorID'],
    ];
    for (const [element, name] of cases) {
      const a = await call('CreateSubscription', `<Subscriber_MSISDN>${msisdn()}</Subscriber_MSISDN><TestInfo>${element}</TestInfo>`);
      expect([a.doc.StatusName, String(a.doc['StatusDescription'])]).toEqual(['WRONG_PARAMS', expect.stringContaining(name)]);
    }
  });
});

describe('GetSubscriptions', () => {
  it('newest first, filtered by Subscriber_MSISDN or SubscriberID, an empty list valid, at most 50 in the test environment', async () => {
    const number = msisdn();
    const older = await create(`<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`);
    clock.advance(0.005);
    const newer = await create(`<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`);
    const byNumber = await call('GetSubscriptions', `<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`);
    expect(byNumber.doc.StatusName).toBe('REQUEST_ACCEPTED');
    const listed = byNumber.doc['Subscriptions'] as Record<string, string>[];
    expect(listed.map((s) => s['SubscriptionID'])).toEqual([newer, older]);
    expect(listed[0]).toMatchObject({
      SubscriptionProjectID: String(PROJECT),
      SubscriptionStatus: 'Pending',
      Active: 'false',
      Approved: 'false',
      AcceptanceChannel: 'SMS_PIN',
      Subscriber_MSISDN: number,
      TrialExists: 'false',
      Country: 'ru',
    });
    expect(listed[0]?.['CreateTime']).toMatch(/\+00:00$/);
    const none = await call('GetSubscriptions', '<SubscriberID>nobody-at-all</SubscriberID>');
    expect([none.doc.StatusName, none.doc['Subscriptions']]).toEqual(['REQUEST_ACCEPTED', undefined]);
    for (let i = 0; i < 52; i++) await create(`<CustomerType>Card</CustomerType><CustomerId>bulk-${i}</CustomerId>`);
    expect(((await call('GetSubscriptions')).doc['Subscriptions'] as unknown[]).length).toBe(50);
  });
});

/** The element names of `Response`'s children (or of each `Subscriptions` element's), in document order. */
const orderedParser = new XMLParser({ preserveOrder: true, parseTagValue: false });
function childNames(text: string): { response: string[]; entries: string[][] } {
  type Ordered = Record<string, unknown>[];
  const names = (children: Ordered) => children.flatMap((c) => Object.keys(c).filter((k) => k !== '#text' && k !== ':@'));
  const doc = orderedParser.parse(text) as Ordered;
  const response = (doc.find((c) => 'Response' in c)?.['Response'] ?? []) as Ordered;
  const entries = response.filter((c) => 'Subscriptions' in c).map((c) => names(c['Subscriptions'] as Ordered));
  return { response: names(response), entries };
}
/** Whether `names` holds every one of `spec` in the spec's order (Kassa may add elements after them). */
const inSpecOrder = (names: readonly string[], spec: readonly string[]) => names.filter((n) => spec.includes(n));

describe("every answer carries the elements the spec lists for its method, in the spec's order", () => {
  // The spec's element lists, written out from its text.
  const SPEC = {
    CreateSubscription: [
      'StatusID',
      'StatusName',
      'SubscriptionID',
      'SubscriptionStatus',
      'SubscriberAcceptanceRequired',
      'SubscriberAcceptanceChannel',
      'AuthorizeUrl',
      'OperatorID',
      'PaidUntil',
      'TrialExists',
    ],
    GetSubscriptionStatus: ['StatusName', 'SubscriptionStatus', 'Country', 'OperatorID', 'PaidUntil'],
    Subscriptions: [
      'SubscriptionID',
      'SubscriptionProjectID',
      'SubscriptionStatus',
      'Country',
      'OperatorID',
      'PaidUntil',
      'TrialExists',
      'CreateTime',
      'Active',
      'Approved',
      'AcceptanceChannel',
      'Subscriber_MSISDN',
    ],
    RefundBillingOperation: ['StatusName', 'BillingOperationID'],
  } as const;

  it('CreateSubscription (SMS_PIN: no AuthorizeUrl, which is for AUTH_PAGE; AUTH_PAGE: with it), with PaidUntil while nothing is paid', async () => {
    const sms = await call('CreateSubscription', `<Subscriber_MSISDN>${msisdn()}</Subscriber_MSISDN>`);
    expect(inSpecOrder(childNames(sms.text).response, SPEC.CreateSubscription)).toEqual(SPEC.CreateSubscription.filter((n) => n !== 'AuthorizeUrl'));
    expect(sms.text).toContain('<PaidUntil/>');
    const card = await call('CreateSubscription', '<CustomerType>Card</CustomerType><CustomerId>spec-shape</CustomerId>');
    expect(inSpecOrder(childNames(card.text).response, SPEC.CreateSubscription)).toEqual([...SPEC.CreateSubscription]);
  });

  it('GetSubscriptionStatus and every GetSubscriptions entry of a pending subscription: PaidUntil (empty) and the rest, in order', async () => {
    const number = msisdn();
    const id = await create(`<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`);
    const status = await call('GetSubscriptionStatus', `<SubscriptionID>${id}</SubscriptionID>`);
    expect(inSpecOrder(childNames(status.text).response, SPEC.GetSubscriptionStatus)).toEqual([...SPEC.GetSubscriptionStatus]);
    const list = await call('GetSubscriptions', `<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`);
    const { response, entries } = childNames(list.text);
    expect(response.slice(0, 2)).toEqual(['StatusID', 'StatusName']);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry).toEqual([...SPEC.Subscriptions]);
    // A card subscription has no number: its Subscriber_MSISDN is there, empty.
    await create('<CustomerType>Card</CustomerType><CustomerId>spec-shape-list</CustomerId>');
    const all = childNames((await call('GetSubscriptions', '')).text);
    for (const entry of all.entries) expect(entry).toEqual([...SPEC.Subscriptions]);
  });

  it('ApproveSubscription, ResendPinCode and CancelSubscription: StatusName; RefundBillingOperation: StatusName and the BillingOperationID', async () => {
    const id = await create(`<Subscriber_MSISDN>${msisdn()}</Subscriber_MSISDN>`);
    for (const [method, elements] of [
      ['ResendPinCode', `<SubscriptionID>${id}</SubscriptionID>`],
      ['ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`],
      ['CancelSubscription', `<SubscriptionID>${id}</SubscriptionID>`],
    ] as const) {
      const a = await call(method, elements);
      expect(childNames(a.text).response, method).toEqual(['StatusID', 'StatusName']);
    }
    const refund = await call('RefundBillingOperation', '<BillingOperationID>0b5a9c6e-7777-4888-9999-aaaabbbbcccc</BillingOperationID>');
    expect(inSpecOrder(childNames(refund.text).response, SPEC.RefundBillingOperation)).toEqual([...SPEC.RefundBillingOperation]);
  });
});

describe('authentication and hostile documents', () => {
  it('every method is signed: a bad signature changes nothing; Now beyond 20 minutes; a project without a subscription secret', async () => {
    const number = msisdn();
    const bad = await call('CreateSubscription', `<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`, { signature: 'ab'.repeat(32) });
    expect(bad.doc).toMatchObject({ StatusID: '7', StatusName: 'InvalidSignature' });
    expect((await call('GetSubscriptions', `<Subscriber_MSISDN>${number}</Subscriber_MSISDN>`)).doc['Subscriptions']).toBeUndefined();
    const old = compact(new Date(clock.now().getTime() - 21 * 60_000));
    expect((await call('GetSubscriptions', '', { now: old })).doc.StatusName).toBe('InvalidTimestamp');
    expect((await call('GetSubscriptions', '', { now: '20261340250000', signature: sign(PROJECT, '20261340250000') })).doc.StatusName).toBe('InvalidTimestamp');
    expect((await call('GetSubscriptions', '', { projectId: NO_SECRET, signature: 'ab'.repeat(32) })).doc.StatusName).toBe('ProjectNotAvailable');
    for (const method of ['ApproveSubscription', 'ResendPinCode', 'GetSubscriptionStatus', 'CancelSubscription', 'RefundBillingOperation']) {
      expect((await call(method, '<SubscriptionID>x</SubscriptionID>', { signature: 'cd'.repeat(32) })).doc.StatusName).toBe('InvalidSignature');
    }
  });

  it('hostile XML is refused as on the XML 2.9 service, in the Response of the subscription service', async () => {
    const doctype = await call('GetSubscriptions', '', { raw: '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><Request>&x;</Request>' });
    expect([doctype.status, doctype.doc.StatusName]).toEqual([400, 'DoctypeNotAccepted']);
    // Broken documents are parsed only once their signature holds; unauthenticated, they are refused unread.
    const signed = (elements: string) => {
      const now = compact();
      return signSubscriptionRequest(`<Request><SubscriptionProjectID>${PROJECT}</SubscriptionProjectID><Now>${now}</Now><Signature></Signature>${elements}`, SECRET, PROJECT, now, 'v1');
    };
    expect((await call('GetSubscriptions', '', { raw: signed('<a></Request>') })).doc.StatusName).toBe('MalformedXml');
    expect((await call('GetSubscriptions', '', { raw: signed(`${'<a>'.repeat(30)}${'</a>'.repeat(30)}</Request>`) })).doc.StatusName).toBe('NestedTooDeep');
    expect((await call('GetSubscriptions', '', { raw: '<Request><a></Request>' })).doc.StatusName).toBe('InvalidSignature');
    const json = await call('GetSubscriptions', '', { contentType: 'application/json' });
    expect([json.status, json.doc.StatusName]).toEqual([415, 'WrongContentType']);
    const huge = await call('GetSubscriptions', `<Note>${'x'.repeat(70_000)}</Note>`);
    expect([huge.status, huge.doc.StatusName]).toEqual([413, 'DocumentTooLarge']);
    const get = await fetch(`${t.kassa.urls.subs}/Http/Services/CreateSubscription.aspx`);
    expect([get.status, get.headers.get('content-type')]).toEqual([405, 'text/xml; charset=utf-8']);
  });
});
