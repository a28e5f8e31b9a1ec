import { type HttpReceiver, type KassaProcess, startKassaProcess, startReceiver } from '@kassa-payments/devkit';
import { KassaClient } from '@kassa-payments/merchant-client';
import { compactUtc } from '@kassa-payments/domain';
import { signSubscriptionRequest, signXmlRequest } from '@kassa-payments/protocol';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { XML_SERVICE_PATH } from '../src/xml-endpoints.js';

// The replays an attacker tried, exactly as described, against Kassa run as its own process (npm
// start's entry): a captured request's signature may authorise that request again, never another.
const SHOP = { login: 'replay-shop', password: 'replay-password-7f3a' };
const SECRET = `whsec_${Buffer.from('replay-subscription-secret-2026').toString('base64')}`;
const V1 = 61;
const V2 = 62;
let kassa: KassaProcess;
let receiver: HttpReceiver;

beforeAll(async () => {
  receiver = await startReceiver();
  const subs = (id: number, signature: 'v1' | 'v2') => ({
    id,
    subscriptionSecret: SECRET,
    subscriptionSignature: signature,
    subscriptionNotificationUrl: `${receiver.url}/subs/${id}`,
    clientIpRequired: false,
  });
  kassa = await startKassaProcess(
    {},
    {
      seed: {
        partners: [{ login: SHOP.login, password: SHOP.password, projects: [{ id: 60, defaultPrice: { amount: '10.00', currency: 'RUB' }, clientIpRequired: false }, subs(V1, 'v1'), subs(V2, 'v2')] }],
      },
    },
  );
}, 60_000);
afterAll(async () => {
  await kassa?.stop();
  await receiver?.close();
});

const parser = new XMLParser({ parseTagValue: false });
const nowUtc = () => `${new Date().toISOString().slice(0, 19)}Z`;
const header = (now: string, signature = '') => `<Header><Authentication><Login>${SHOP.login}</Login><NowUtc>${now}</NowUtc><Signature>${signature}</Signature></Authentication></Header>`;
const operation = (name: string, body: string) => `<${name}Request><ProjectID>60</ProjectID>${body}</${name}Request>`;

async function postXml(document: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${kassa.urls.api}${XML_SERVICE_PATH}`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body: document });
  return (parser.parse(await res.text()) as { Response: Record<string, unknown> }).Response;
}
const signedXml = (now: string, op: string) => signXmlRequest(`<?xml version="1.0" encoding="utf-8"?><Request>${header(now)}${op}</Request>`, SHOP.password, SHOP.login, now);
const captured = (document: string) => /<Header>.*<\/Header>/.exec(document)?.[0] ?? '';

describe('XML 2.9: a captured request authorises itself only', () => {
  it("a GetInvoice's Header on a CancelInvoice, and on a RefundInvoice: ResultCode 101, the invoice unchanged", async () => {
    const client = new KassaClient({ baseUrl: kassa.urls.api, login: SHOP.login, password: SHOP.password, signatureVersion: 4 });
    const created = await client.createInvoice(60, { customer: { type: 'mobile_phone', msisdn: '79000000601' }, order: { merchant_order_id: 'replay-1' } });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const invoiceId = created.data.invoice_id;
    const get = signedXml(nowUtc(), operation('GetInvoice', `<InvoiceID>${invoiceId}</InvoiceID>`));
    expect((await postXml(get))['ResultCode']).toBe('0');
    // The attacker keeps the Header and changes the operation.
    for (const op of ['CancelInvoice', 'RefundInvoice']) {
      const replay = `<?xml version="1.0" encoding="utf-8"?><Request>${captured(get)}${operation(op, `<InvoiceID>${invoiceId}</InvoiceID>`)}</Request>`;
      expect(await postXml(replay)).toMatchObject({ ResultCode: '101' });
    }
    const after = await client.getInvoice(60, invoiceId);
    expect(after.ok && after.data.status).toBe('Created');
    // The same document again is the same request (what the drift window admits): still answered.
    expect((await postXml(get))['ResultCode']).toBe('0');
  });

  it('an unauthenticated body never reaches the parser: a broken document with a wrong signature is refused as unauthenticated, not as malformed', async () => {
    const broken = `<?xml version="1.0" encoding="utf-8"?><Request>${header(nowUtc(), 'ab'.repeat(32))}<GetInvoiceRequest>${'<x/>'.repeat(9_000)}<unclosed>`;
    expect(await postXml(broken)).toMatchObject({ ResultCode: '101' });
    // Signed, the same broken document is parsed and refused as not well-formed.
    const now = nowUtc();
    const signed = signXmlRequest(`<?xml version="1.0" encoding="utf-8"?><Request>${header(now)}<GetInvoiceRequest>${'<x/>'.repeat(10)}<unclosed>`, SHOP.password, SHOP.login, now);
    expect(await postXml(signed)).toMatchObject({ ResultCode: '12' });
    expect(kassa.alive()).toBe(true);
  });
});

const compact = () => compactUtc(new Date().toISOString());
const subscriptionDocument = (project: number, now: string, elements: string, signature = '') =>
  `<?xml version="1.0" encoding="utf-8"?><Request><SubscriptionProjectID>${project}</SubscriptionProjectID><Now>${now}</Now><Signature>${signature}</Signature>${elements}</Request>`;
async function postSubs(method: string, document: string): Promise<Record<string, unknown>> {
  const path = method === 'GetSubscriptions' ? '/Http/Services/GetSubscriptions' : `/Http/Services/${method}.aspx`;
  const res = await fetch(`${kassa.urls.subs}${path}`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body: document });
  return (parser.parse(await res.text()) as { Response: Record<string, unknown> }).Response;
}
/** A CreateSubscription signed as `version`; the three values an eavesdropper keeps, and the subscription's id. */
async function createCaptured(project: number, version: 'v1' | 'v2', msisdn: string) {
  const now = compact();
  const document = signSubscriptionRequest(subscriptionDocument(project, now, `<Subscriber_MSISDN>${msisdn}</Subscriber_MSISDN>`), SECRET, project, now, version);
  const answer = await postSubs('CreateSubscription', document);
  expect(answer['StatusName']).toBe('REQUEST_ACCEPTED');
  const signature = /<Signature>([^<]+)</.exec(document)?.[1] ?? '';
  return { now, signature, subscriptionId: String(answer['SubscriptionID']) };
}
const statusOf = async (project: number, subscriptionId: string, version: 'v1' | 'v2') => {
  const now = compact();
  const answer = await postSubs(
    'GetSubscriptionStatus',
    signSubscriptionRequest(subscriptionDocument(project, now, `<SubscriptionID>${subscriptionId}</SubscriptionID>`), SECRET, project, now, version),
  );
  return answer['SubscriptionStatus'];
};

describe('the subscription service: a captured request, or a received notification, is no credential under v2', () => {
  it("v2: a CreateSubscription's SubscriptionProjectID, Now and Signature replayed on GetSubscriptions and CancelSubscription are refused", async () => {
    const c = await createCaptured(V2, 'v2', '79000000621');
    expect(await postSubs('GetSubscriptions', subscriptionDocument(V2, c.now, '', c.signature))).toMatchObject({ StatusName: 'InvalidSignature' });
    expect(await postSubs('CancelSubscription', subscriptionDocument(V2, c.now, `<SubscriptionID>${c.subscriptionId}</SubscriptionID>`, c.signature))).toMatchObject({
      StatusName: 'InvalidSignature',
    });
    expect(await statusOf(V2, c.subscriptionId, 'v2')).toBe('Pending');
  });

  it("v1 (the spec's formula, the default) still accepts them: what the README's Security section warns of", async () => {
    const c = await createCaptured(V1, 'v1', '79000000611');
    const listed = await postSubs('GetSubscriptions', subscriptionDocument(V1, c.now, '', c.signature));
    expect(listed['StatusName']).toBe('REQUEST_ACCEPTED');
  });

  it("a notification's Now and Signature authorise no request, on a v1 or a v2 project", async () => {
    for (const [project, version, msisdn] of [
      [V1, 'v1', '79000000612'],
      [V2, 'v2', '79000000622'],
    ] as const) {
      const c = await createCaptured(project, version, msisdn);
      const now = compact();
      const approve = signSubscriptionRequest(subscriptionDocument(project, now, `<SubscriptionID>${c.subscriptionId}</SubscriptionID><PinCode>1234</PinCode>`), SECRET, project, now, version);
      expect((await postSubs('ApproveSubscription', approve))['StatusName']).toBe('REQUEST_ACCEPTED');
      // The ACTIVATED notification, delivered by Kassa's process when its relay and job have run.
      const notification = await vi.waitFor(
        () => {
          const found = receiver.received.find((r) => r.path === `/subs/${project}` && r.body.includes(c.subscriptionId))?.body;
          if (found === undefined) throw new Error(`no notification of ${c.subscriptionId} yet`);
          return found;
        },
        { timeout: 10_000, interval: 20 },
      );
      const n = (parser.parse(notification) as { SubscriptionStatusNotification: Record<string, string> }).SubscriptionStatusNotification;
      expect(n['EventType']).toBe('ACTIVATED');
      const cancel = await postSubs('CancelSubscription', subscriptionDocument(project, String(n['Now']), `<SubscriptionID>${c.subscriptionId}</SubscriptionID>`, String(n['Signature'])));
      expect(cancel).toMatchObject({ StatusName: 'InvalidSignature' });
      const list = await postSubs('GetSubscriptions', subscriptionDocument(project, String(n['Now']), '', String(n['Signature'])));
      expect(list).toMatchObject({ StatusName: 'InvalidSignature' });
      expect(await statusOf(project, c.subscriptionId, version)).toBe('Active');
    }
  });
});
