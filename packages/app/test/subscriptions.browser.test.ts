import { type HttpReceiver, launchChromium, startReceiver, type TestBrowser, type XmlSchemaCheck } from '@kassa-payments/devkit';
import { XMLParser } from 'fast-xml-parser';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@kassa-payments/protocol';
import { signSubscriptionRequest } from '@kassa-payments/protocol';
import { compactUtc } from '@kassa-payments/domain';
import { eventually, MERCHANT, startTestKassa, type TestKassa } from './e2e.fixture.js';
import { expectAllValid, recordExchange, subscriptionSchemaCheck } from './subscription-schema.fixture.js';

// Subscriptions activated in a real Chromium: AUTH_PAGE by paying on the hosted page (card, and the
// QR of `?useSbpQr=True`), and WAP through the operator-gateway imitation for both operator
// behaviours; each activation notified, signed, and visible through GetSubscriptionStatus. Every
// answer and notification validates against the served XSD.
const PROJECT = 50;
const SECRET = `whsec_${Buffer.from('subscription-secret-for-the-browser-test').toString('base64')}`;
let t: TestKassa;
let chrome: TestBrowser;
let context: BrowserContext;
let shop: HttpReceiver;
let hooks: HttpReceiver;
let schema: XmlSchemaCheck;

beforeAll(async () => {
  hooks = await startReceiver();
  shop = await startReceiver((_r, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Back at the shop</h1></body></html>'),
  );
  t = await startTestKassa(
    {},
    {
      seed: {
        partners: [
          {
            login: MERCHANT.login,
            password: MERCHANT.password,
            projects: [{ id: PROJECT, subscriptionSecret: SECRET, subscriptionNotificationUrl: `${hooks.url}/subs`, returnUrl: `${shop.url}/back`, paymentMethods: ['sbp'] }],
          },
        ],
      },
    },
  );
  schema = await subscriptionSchemaCheck(t.kassa.urls.subs);
  chrome = await launchChromium();
  context = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(8_000);
}, 60_000);
afterAll(async () => {
  if (schema) expectAllValid(schema, hooks.received);
  schema?.close();
  await chrome?.close();
  await t?.stop();
  await shop?.close();
  await hooks?.close();
});

const parser = new XMLParser({ parseTagValue: false });
async function call(method: string, elements: string): Promise<Record<string, string>> {
  const now = compactUtc(new Date().toISOString());
  const body = signSubscriptionRequest(`<Request><SubscriptionProjectID>${PROJECT}</SubscriptionProjectID><Now>${now}</Now><Signature></Signature>${elements}</Request>`, SECRET, PROJECT, now, 'v1');
  const res = await fetch(`${t.kassa.urls.subs}/Http/Services/${method}.aspx`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body });
  const text = await res.text();
  recordExchange(schema, method, body, text);
  return (parser.parse(text) as { Response: Record<string, string> }).Response;
}
const create = async (elements: string) => {
  const r = await call('CreateSubscription', elements);
  expect(r['StatusName']).toBe('REQUEST_ACCEPTED');
  return { id: r['SubscriptionID'] as string, url: r['AuthorizeUrl'] as string };
};
const status = async (id: string) => call('GetSubscriptionStatus', `<SubscriptionID>${id}</SubscriptionID>`);
const activated = async (id: string) => {
  const found = await eventually(
    async () => hooks.received.filter((r) => r.body.includes(id) && r.body.includes('ACTIVATED')),
    (l) => l.length > 0,
    8_000,
  );
  expect(found.length, 'the ACTIVATED notification').toBe(1);
  expect(verifyWebhook(SECRET, found[0]?.headers ?? {}, found[0]?.body ?? '')).toMatchObject({ ok: true });
  return (parser.parse(found[0]?.body ?? '') as { SubscriptionStatusNotification: Record<string, string> }).SubscriptionStatusNotification;
};
const backParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe('AUTH_PAGE activation on the hosted payment page', { timeout: 30_000 }, () => {
  it('by card: a declined card first, then the success card; Active, ACTIVATED, and back at the shop', async () => {
    const { id, url } = await create('<CustomerType>Card</CustomerType><CustomerId>browser-1</CustomerId><TestInfo><BillingAmount>99.00</BillingAmount></TestInfo>');
    const page = await context.newPage();
    await page.goto(`${url}&lang=en`);
    expect(await page.getByText('99.00 RUB').count()).toBeGreaterThan(0);
    const pay = async (pan: string) => {
      await page.getByLabel('Card number').fill(pan);
      await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
      await page.getByLabel('Security code (CVC)').fill('123');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL(`${shop.url}/back**`);
    };
    await pay('4000000000000002');
    expect(backParams(page)).toEqual({ subscriptionId: id, success: 'false' });
    expect((await status(id))['SubscriptionStatus']).toBe('Pending');
    await page.goto(`${url}&lang=en`);
    await pay('4111111111111111');
    expect(backParams(page)).toEqual({ subscriptionId: id, success: 'true' });
    expect((await status(id))['SubscriptionStatus']).toBe('Active');
    expect(await activated(id)).toMatchObject({ EventType: 'ACTIVATED', SubscriptionStatus: 'Active' });
    await page.close();
  });

  it('by the fast-payment QR (?useSbpQr=True): the QR screen, the simulated payment, Active', async () => {
    const { id, url } = await create('<CustomerType>Card</CustomerType><CustomerId>browser-2</CustomerId>');
    const page = await context.newPage();
    await page.goto(`${url}&useSbpQr=True&lang=en`);
    expect(await page.locator('img.qr').count()).toBe(1);
    await page.getByRole('button', { name: 'Simulate the payment' }).click();
    await page.waitForURL(`${shop.url}/back**`);
    expect(backParams(page)).toEqual({ subscriptionId: id, success: 'true' });
    expect((await status(id))['SubscriptionStatus']).toBe('Active');
    await activated(id);
    await page.close();
  });
});

describe('WAP activation through the operator-gateway imitation', { timeout: 30_000 }, () => {
  it('default operators: ReturnUrl and ext_lp_template honoured; approved, then alreadyexist for the same subscriber, then cancelled', async () => {
    const first = await create('<ClientIP>203.0.113.50</ClientIP>');
    const page = await context.newPage();
    await page.goto(`${first.url}&ReturnUrl=/wap/done&ext_lp_template=promo-7&lang=en`);
    expect(await page.locator('.template').textContent()).toBe('promo-7');
    const number = ((await page.locator('.msisdn').textContent()) ?? '').replace('+', '');
    expect(number).toMatch(/^7900[0-9]{7}$/);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${shop.url}/back/wap/done**`);
    expect(backParams(page)).toEqual({ subscriptionid: first.id, msisdn: number, action: 'approved' });
    expect(await status(first.id)).toMatchObject({ SubscriptionStatus: 'Active' });
    expect(await activated(first.id)).toMatchObject({ Subscriber_MSISDN: number });

    const second = await create('<ClientIP>203.0.113.50</ClientIP>');
    await page.goto(`${second.url}&lang=en`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${shop.url}/back**`);
    expect(backParams(page)).toMatchObject({ subscriptionid: second.id, action: 'alreadyexist' });
    expect((await status(second.id))['SubscriptionStatus']).toBe('Pending');
    await page.goto(`${second.url}&lang=en`);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(`${shop.url}/back**`);
    expect(backParams(page)).toMatchObject({ subscriptionid: second.id, action: 'cancelled' });
    expect((await status(second.id))['SubscriptionStatus']).toBe('Cancelled');
    await page.close();
  });

  it('the alternate operator (OperatorID 20): SubscriptionID and operation_status (noauth when declined, ok when subscribed); its CancelUrl page', async () => {
    const declined = await create('<ClientIP>203.0.113.51</ClientIP><TestInfo><OperatorID>20</OperatorID></TestInfo>');
    const page = await context.newPage();
    await page.goto(`${declined.url}&lang=en`);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(`${shop.url}/back**`);
    expect(backParams(page)).toEqual({ SubscriptionID: declined.id, operation_status: 'noauth' });

    const subscribed = await create('<ClientIP>203.0.113.51</ClientIP><TestInfo><OperatorID>20</OperatorID></TestInfo>');
    await page.goto(`${subscribed.url}&lang=en`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${shop.url}/back**`);
    expect(backParams(page)).toEqual({ SubscriptionID: subscribed.id, operation_status: 'ok' });
    const cancelled = await call('CancelSubscription', `<SubscriptionID>${subscribed.id}</SubscriptionID>`);
    await page.goto(`${cancelled['CancelUrl']}&lang=en`);
    expect(await page.getByText('The subscription is cancelled.').count()).toBe(1);
    await page.close();
  });
});
