import { SUBSCRIPTION_SCHEMA_PATH } from '@kassa-payments/adapters-xml';
import { type HttpReceiver, merchantTool, merchantToolsInstalled, startReceiver, type XmlSchemaCheck } from '@kassa-payments/devkit';
import { compactUtc } from '@kassa-payments/domain';
import { signSubscriptionRequest } from '@kassa-payments/protocol';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, MERCHANT, startTestKassa, type TestKassa } from './e2e.fixture.js';
import { expectAllValid, isSubscriptionNotification, recordExchange, subscriptionSchemaCheck, typedRequest } from './subscription-schema.fixture.js';
import { newWebhookSecret } from '../src/seed.js';

// The subscription service's XSD: served on the subscriptions host, true to every method's request
// (each method's own type, and broken requests refused), and checked by two validators merchants
// use: xmllint (libxml2) and Python's xmlschema, on real answers and notifications of every kind.
const PROJECT = 90;
const SECRET = newWebhookSecret();
const SCHEMA_FILE = fileURLToPath(new URL('../../adapters-xml/schema/SubscriptionService.xsd', import.meta.url));
let t: TestKassa;
let receiver: HttpReceiver;
let schema: XmlSchemaCheck;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestKassa(
    {},
    { seed: { partners: [{ login: MERCHANT.login, password: MERCHANT.password, projects: [{ id: PROJECT, subscriptionSecret: SECRET, subscriptionNotificationUrl: `${receiver.url}/subs` }] }] } },
  );
  schema = await subscriptionSchemaCheck(t.kassa.urls.subs);
});
afterAll(async () => {
  if (schema) expectAllValid(schema, receiver.received);
  schema?.close();
  await t?.stop();
  await receiver?.close();
});

const SIGNATURE = 'ab'.repeat(32);
/** An unsigned-looking Request (the XSD checks the signature's form, not its value) with `elements`. */
const request = (elements: string, root = '<Request>') =>
  `<?xml version="1.0" encoding="utf-8"?>${root}<SubscriptionProjectID>${PROJECT}</SubscriptionProjectID><Now>20261126100000</Now><Signature>${SIGNATURE}</Signature>${elements}</Request>`;
const UUID = '0b5a9c6e-7777-4888-9999-aaaabbbbcccc';

/** A valid request of every method, as the method reads it. */
const VALID: Record<string, string> = {
  CreateSubscription: '<Subscriber_MSISDN>79001234567</Subscriber_MSISDN><ClientIP>203.0.113.9</ClientIP><Localization>ru-RU</Localization>',
  ApproveSubscription: `<PinCode>1234</PinCode><SubscriptionID>${UUID}</SubscriptionID>`,
  ResendPinCode: `<SubscriptionID>${UUID}</SubscriptionID>`,
  GetSubscriptionStatus: '<SubscriberID>customer-1</SubscriberID>',
  CancelSubscription: '<Subscriber_MSISDN>79001234567</Subscriber_MSISDN>',
  GetSubscriptions: '',
  RefundBillingOperation: `<BillingOperationID>${UUID}</BillingOperationID>`,
};

/** Signed (version 1) and sent; the answer's text, checked against the served XSD on the way. */
async function call(method: string, elements: string, root = '<Request>'): Promise<string> {
  const now = compactUtc(new Date().toISOString());
  const body = signSubscriptionRequest(
    `<?xml version="1.0" encoding="utf-8"?>${root}<SubscriptionProjectID>${PROJECT}</SubscriptionProjectID><Now>${now}</Now><Signature></Signature>${elements}</Request>`,
    SECRET,
    PROJECT,
    now,
    'v1',
  );
  const path = method === 'GetSubscriptions' ? '/Http/Services/GetSubscriptions' : `/Http/Services/${method}.aspx`;
  const res = await fetch(`${t.kassa.urls.subs}${path}`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body });
  const text = await res.text();
  recordExchange(schema, method, body, text);
  return text;
}
const elementOf = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';

describe('GET {subs_base_url}/Http/Services/SubscriptionService.xsd', () => {
  it('serves the XSD as application/xml, the file the package ships, for GET and HEAD', async () => {
    const res = await fetch(`${t.kassa.urls.subs}${SUBSCRIPTION_SCHEMA_PATH}`);
    expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([200, 'application/xml; charset=utf-8', 'public, max-age=3600']);
    expect(await res.text()).toBe(readFileSync(SCHEMA_FILE, 'utf8'));
    const head = await fetch(`${t.kassa.urls.subs}${SUBSCRIPTION_SCHEMA_PATH}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it("refuses other methods 405 with Allow, in the service's own Response; the host's other answers are as before", async () => {
    const posted = await fetch(`${t.kassa.urls.subs}${SUBSCRIPTION_SCHEMA_PATH}`, { method: 'POST', body: 'x' });
    const text = await posted.text();
    expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    expect([elementOf(text, 'StatusID'), elementOf(text, 'StatusName')]).toEqual(['26', 'MethodNotAllowed']);
    expect(schema.problems(text)).toBe('');
    // A path that is no method: 404 MethodNotFound; a method's path asked with GET: 405 MethodNotAllowed; both valid answers.
    const missing = await fetch(`${t.kassa.urls.subs}/Http/Services/SubscriptionService.xsdx`);
    const missingText = await missing.text();
    expect([missing.status, elementOf(missingText, 'StatusName'), schema.problems(missingText)]).toEqual([404, 'MethodNotFound', '']);
    const got = await fetch(`${t.kassa.urls.subs}/Http/Services/CreateSubscription.aspx`);
    const gotText = await got.text();
    expect([got.status, elementOf(gotText, 'StatusName'), schema.problems(gotText)]).toEqual([405, 'MethodNotAllowed', '']);
  });

  it('tells a document that breaks it: the check can fail', () => {
    expect(schema.problems('<Response><StatusID>zero</StatusID><StatusName>REQUEST_ACCEPTED</StatusName></Response>')).toContain('zero');
    expect(schema.problems('<Response><StatusID>0</StatusID><StatusName>NO_SUCH_NAME</StatusName></Response>')).not.toBe('');
    expect(schema.problems('<Response><StatusID>0</StatusID><StatusName>REQUEST_ACCEPTED</StatusName><SubscriptionStatus>Gone</SubscriptionStatus></Response>')).not.toBe('');
    expect(schema.problems('<SubscriptionStatusNotification><EventType>ACTIVATED</EventType></SubscriptionStatusNotification>')).not.toBe('');
  });
});

describe("the XSD is true to every method's request", () => {
  it("a valid request of each method validates against the Request and against its method's own type", () => {
    for (const [method, elements] of Object.entries(VALID)) {
      expect(schema.problems(request(elements)), `${method} as any Request`).toBe('');
      expect(schema.problems(typedRequest(request(elements), method)), `${method}Request`).toBe('');
    }
    const testInfo =
      '<TestInfo><BillingPeriodSeconds>86400</BillingPeriodSeconds><MaxIterations>100</MaxIterations><OperatorID>20</OperatorID><ExpectedBillingResult>Failed</ExpectedBillingResult><BillingAmount>12.50</BillingAmount><TestClockID>0b5a9c6e-7777-4888-9999-aaaabbbbcccc</TestClockID></TestInfo>';
    expect(schema.problems(typedRequest(request(`<CustomerType>Card</CustomerType><CustomerId>c-1</CustomerId>${testInfo}`), 'CreateSubscription'))).toBe('');
    expect(schema.problems(typedRequest(request('<MSISDN>79001234567</MSISDN>'), 'CreateSubscription')), 'the legacy MSISDN').toBe('');
  });

  it('broken requests do not validate', () => {
    const broken: [string, string, string][] = [
      ['ApproveSubscription', `<SubscriptionID>${UUID}</SubscriptionID>`, 'no PinCode'],
      ['ResendPinCode', '', 'no SubscriptionID'],
      ['RefundBillingOperation', '<BillingOperationID>not-a-uuid</BillingOperationID>', 'an operation id that is no UUID'],
      ['GetSubscriptions', `<SubscriptionID>${UUID}</SubscriptionID>`, 'a filter by SubscriptionID'],
      ['CreateSubscription', '<CustomerType>Bank</CustomerType>', 'a CustomerType other than Card'],
      ['CreateSubscription', '<TestInfo><BillingPeriodSeconds>0</BillingPeriodSeconds></TestInfo>', 'a period below 1 second'],
      ['CreateSubscription', '<TestInfo><MaxIterations>101</MaxIterations></TestInfo>', 'over 100 iterations'],
      ['CreateSubscription', '<TestInfo><BillingAmount>10</BillingAmount></TestInfo>', 'an amount without its two fraction digits'],
      ['CreateSubscription', '<Subscriber_MSISDN>+79001234567</Subscriber_MSISDN>', 'a number with a plus'],
      ['CancelSubscription', `<SubscriptionID>${UUID}</SubscriptionID><SubscriptionID>${UUID}</SubscriptionID>`, 'an element twice'],
      ['GetSubscriptionStatus', '<Unknown>1</Unknown>', 'an element no method reads'],
    ];
    for (const [method, elements, why] of broken) expect(schema.problems(typedRequest(request(elements), method)), why).not.toBe('');
    // The signed three are required and have their forms, whatever the method.
    expect(schema.problems(request('').replace(/<Now>[^<]*<\/Now>/, '<Now>2026-11-26T10:00:00Z</Now>')), 'Now as yyyyMMddHHmmss').not.toBe('');
    expect(schema.problems(request('').replace(/<Signature>[^<]*<\/Signature>/, '')), 'no Signature').not.toBe('');
  });

  it('the service carries out a request that names its type on the root (the attributes are ignored)', async () => {
    const root = `<Request xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="CreateSubscriptionRequest">`;
    const created = await call('CreateSubscription', '<Subscriber_MSISDN>79557000001</Subscriber_MSISDN>', root);
    expect(elementOf(created, 'StatusName')).toBe('REQUEST_ACCEPTED');
    const id = elementOf(created, 'SubscriptionID');
    const status = await call('GetSubscriptionStatus', `<SubscriptionID>${id}</SubscriptionID>`, root.replace('CreateSubscriptionRequest', 'GetSubscriptionStatusRequest'));
    expect(elementOf(status, 'SubscriptionStatus')).toBe('Pending');
  });
});

describe('xmlschema (Python), as merchants in other languages validate', () => {
  it('are installed', () => expect(merchantToolsInstalled(), 'run scripts/ensure-merchant-tools.sh').toBe(true));

  it('validates real answers of every method and notifications of every EventType, and refuses broken documents', async () => {
    const answers: Record<string, string> = {};
    // SMS_PIN: a wrong PIN, the right one, again (already approved), a resend refused; one charge, then Closed; its refund.
    const charged = await call(
      'CreateSubscription',
      '<Subscriber_MSISDN>79557000002</Subscriber_MSISDN><TestInfo><BillingPeriodSeconds>1</BillingPeriodSeconds><MaxIterations>1</MaxIterations></TestInfo>',
    );
    answers['CreateSubscription'] = charged;
    const id = elementOf(charged, 'SubscriptionID');
    answers['ApproveSubscription wrong PIN'] = await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>0000</PinCode>`);
    answers['ApproveSubscription'] = await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`);
    answers['ApproveSubscription again'] = await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`);
    answers['ResendPinCode refused'] = await call('ResendPinCode', `<SubscriptionID>${id}</SubscriptionID>`);
    const notes = (subscriptionId: string) => receiver.received.filter((r) => isSubscriptionNotification(r) && r.body.includes(subscriptionId)).map((r) => r.body);
    await eventually(
      async () => notes(id),
      (l) => l.some((n) => n.includes('<EventType>CLOSED</EventType>')),
      8_000,
    );
    const charge = notes(id).find((n) => n.includes('<EventType>CHARGE</EventType>')) ?? '';
    answers['RefundBillingOperation'] = await call('RefundBillingOperation', `<BillingOperationID>${elementOf(charge, 'BillingOperationID')}</BillingOperationID>`);
    answers['GetSubscriptionStatus'] = await call('GetSubscriptionStatus', `<SubscriptionID>${id}</SubscriptionID>`);
    // A pending one: resent, then failed by three wrong PINs (APPROVING_FAILED).
    const failing = elementOf(await call('CreateSubscription', '<Subscriber_MSISDN>79557000003</Subscriber_MSISDN>'), 'SubscriptionID');
    answers['ResendPinCode'] = await call('ResendPinCode', `<SubscriptionID>${failing}</SubscriptionID>`);
    for (const pin of ['1', '2', '3']) answers[`ApproveSubscription ${pin}`] = await call('ApproveSubscription', `<SubscriptionID>${failing}</SubscriptionID><PinCode>${pin}</PinCode>`);
    // AUTH_PAGE (AuthorizeUrl), cancelled by subscriber id; OperatorID 20 answers a CancelUrl.
    answers['CreateSubscription AUTH_PAGE'] = await call('CreateSubscription', '<CustomerType>Card</CustomerType><CustomerId>schema-customer</CustomerId>');
    answers['CancelSubscription'] = await call('CancelSubscription', '<SubscriberID>schema-customer</SubscriberID>');
    const alternate = elementOf(await call('CreateSubscription', '<Subscriber_MSISDN>79557000004</Subscriber_MSISDN><TestInfo><OperatorID>20</OperatorID></TestInfo>'), 'SubscriptionID');
    answers['CancelSubscription CancelUrl'] = await call('CancelSubscription', `<SubscriptionID>${alternate}</SubscriptionID>`);
    answers['GetSubscriptions'] = await call('GetSubscriptions', '');
    answers['GetSubscriptions empty'] = await call('GetSubscriptions', '<SubscriberID>nobody</SubscriberID>');
    answers['RefundBillingOperation unknown'] = await call('RefundBillingOperation', `<BillingOperationID>${UUID}</BillingOperationID>`);
    answers['XSD POST'] = await (await fetch(`${t.kassa.urls.subs}${SUBSCRIPTION_SCHEMA_PATH}`, { method: 'POST', body: 'x' })).text();
    expect(answers['CancelSubscription CancelUrl']).toContain('<CancelUrl>');
    expect(answers['CreateSubscription AUTH_PAGE']).toContain('<AuthorizeUrl>');
    expect(answers['RefundBillingOperation']).toContain('<StatusID>0</StatusID>');

    const delivered = await eventually(
      async () => receiver.received.filter(isSubscriptionNotification).map((r) => r.body),
      (l) => ['ACTIVATED', 'CHARGE', 'CLOSED', 'APPROVING_FAILED', 'CANCELLED'].every((e) => l.some((n) => n.includes(`<EventType>${e}</EventType>`))),
      8_000,
    );
    const notifications = Object.fromEntries(delivered.map((n, i) => [`notification ${i} ${elementOf(n, 'EventType')}`, n]));
    const requests = Object.fromEntries(Object.entries(VALID).map(([method, elements]) => [`${method} request`, typedRequest(request(elements), method)]));
    const broken = {
      'bad StatusName': '<Response><StatusID>0</StatusID><StatusName>OK</StatusName></Response>',
      'notification without Now': (delivered[0] ?? '').replace(/<Now>[^<]*<\/Now>/, ''),
      'Approve without PinCode': typedRequest(request(`<SubscriptionID>${UUID}</SubscriptionID>`), 'ApproveSubscription'),
    };
    const documents = Object.entries({ ...answers, ...notifications, ...requests, ...broken }).map(([name, xml]) => ({ name, xml }));
    const result = await merchantTool<{ results: { name: string; valid: boolean; errors: string[] }[] }>('validate-xml', { schema: SCHEMA_FILE, documents });
    const verdicts = Object.fromEntries(result.results.map((r) => [r.name, r.valid ? 'valid' : r.errors.join('; ')]));
    const expected = Object.fromEntries(documents.map((d) => [d.name, d.name in broken ? expect.not.stringMatching(/^valid$/) : 'valid']));
    expect(verdicts).toEqual(expected);
    expect(new Set(delivered.map((n) => elementOf(n, 'EventType')))).toEqual(new Set(['ACTIVATED', 'CHARGE', 'CLOSED', 'APPROVING_FAILED', 'CANCELLED']));
  }, 30_000);
});
