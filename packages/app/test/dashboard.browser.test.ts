import { type HttpReceiver, launchChromium, type TestBrowser } from '@kassa-payments/devkit';
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { startReceiver } from '@kassa-payments/devkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, eventually, fresh, MERCHANT, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The dashboard in Debian's Chromium (playwright-core), on the storage of this run: a developer signs
// in, finds an invoice created over the API, follows it to its event and its dead delivery, resends
// it to a real receiver (verified with standardwebhooks), advances a test clock and watches a
// subscription's charges appear, and resets the sandbox. Every page passes axe-core and asks for
// nothing outside Kassa.
const PROJECT = 70;
const SECRET = `whsec_${Buffer.from('kassa-dashboard-webhook-secret').toString('base64')}`;
const SUBS_SECRET = `whsec_${Buffer.from('kassa-dashboard-subs-secret').toString('base64')}`;
const SHOTS = fileURLToPath(new URL('../../../.kassa/screenshots/', import.meta.url));
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const T0 = '2027-01-01T00:00:00Z';
const DAY = 86_400_000;
const ip = '203.0.113.7';

let t: TestKassa;
let chrome: TestBrowser;
let hooks: HttpReceiver;
let context: BrowserContext;
let receiverUp = false;
const requested: string[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  hooks = await startReceiver((_r, res) => void res.writeHead(receiverUp ? 204 : 500).end(receiverUp ? undefined : 'down'));
  t = await startTestKassa(
    {},
    {
      seed: {
        partners: [
          {
            login: MERCHANT.login,
            password: MERCHANT.password,
            projects: [
              {
                id: PROJECT,
                defaultPrice: { amount: '10.00', currency: 'RUB' },
                webhookUrl: `${hooks.url}/hooks`,
                webhookSecret: SECRET,
                subscriptionSecret: SUBS_SECRET,
                subscriptionNotificationUrl: `${hooks.url}/subs`,
              },
            ],
          },
        ],
      },
    },
  );
  chrome = await launchChromium();
  context = await chrome.browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  context.on('request', (r) => requested.push(r.url()));
  context.setDefaultTimeout(8_000);
}, 60_000);

afterAll(async () => {
  await chrome?.close();
  await t?.stop();
  await hooks?.close();
});

const base = () => t.kassa.urls.api;
async function axeProblems(url: string): Promise<string[]> {
  const checking = await chrome.browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 740 }, isMobile: true, storageState: await context.storageState() });
  try {
    const page = await checking.newPage();
    await page.goto(url);
    await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(
      async () => (await (globalThis as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe.run()).violations,
    );
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${url}: ${v.id} (${v.impact}, ${v.nodes.length} nodes)`);
  } finally {
    await checking.close();
  }
}

async function subscriptionCall(method: string, elements: string) {
  const now = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const signature = createHmac('sha256', SUBS_SECRET).update(`${PROJECT}${now}`).digest('hex');
  const body = `<?xml version="1.0" encoding="utf-8"?><Request><SubscriptionProjectID>${PROJECT}</SubscriptionProjectID><Now>${now}</Now><Signature>${signature}</Signature>${elements}</Request>`;
  const res = await fetch(`${t.kassa.urls.subs}/Http/Services/${method}.aspx`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body });
  return /<SubscriptionID>([^<]+)<\/SubscriptionID>/.exec(await res.text())?.[1] ?? '';
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}dashboard-${name}.png`, fullPage: true });

describe('the dashboard in Chromium', { timeout: 90_000 }, () => {
  it('sign in, find an invoice, follow it to its dead delivery, resend it; advance a clock and watch charges appear; reset; axe-core and no third-party request on every page', async () => {
    const api = t.client();
    const clock = dataOf(await api.createTestClock(PROJECT, { frozen_time: T0, name: 'renewals' }));
    const f = fresh();
    const invoice = dataOf(
      await api.createInvoice(PROJECT, {
        client_ip: ip,
        customer: { type: 'mobile_phone', msisdn: f.msisdn },
        order: { merchant_order_id: f.orderId },
        test_info: { test_clock_id: clock.test_clock_id },
      }),
    );
    await api.authorizeInvoice(PROJECT, invoice.invoice_id, { client_ip: ip, pin_code: '1234' });
    const subscriptionId = await subscriptionCall(
      'CreateSubscription',
      `<Subscriber_MSISDN>${fresh().msisdn}</Subscriber_MSISDN><TestInfo><MaxIterations>100</MaxIterations><TestClockID>${clock.test_clock_id}</TestClockID></TestInfo>`,
    );
    await subscriptionCall('ApproveSubscription', `<SubscriptionID>${subscriptionId}</SubscriptionID><PinCode>1234</PinCode>`);

    const page = await context.newPage();
    // A wrong password first: refused, and said so.
    await page.goto(`${base()}/dashboard/?lang=en`);
    await page.getByLabel('Login').fill(MERCHANT.login);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Wrong login or password');
    await shot(page, 'sign-in');
    await page.getByLabel('Login').fill(MERCHANT.login);
    await page.getByLabel('Password').fill(MERCHANT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /Overview/ }).waitFor();

    // The invoice, by its merchant order id.
    // The section's link by its exact name (the overview's tiles speak of invoices too).
    await page.getByRole('link', { name: 'Invoices', exact: true }).click();
    await page.getByLabel('merchant_order_id').fill(f.orderId);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('link', { name: f.orderId }).click();
    await page.getByRole('heading', { name: 'payment.updated' }).waitFor();
    expect(await page.content()).not.toContain(f.msisdn);

    // Its webhook fails: the clock's advance walks the whole schedule, and it ends dead.
    await page.getByRole('link', { name: 'Sandbox' }).click();
    await page
      .getByLabel('Clock time')
      .last()
      .fill(new Date(Date.parse(T0) + 100 * DAY).toISOString().replace('.000Z', 'Z'));
    await page.getByRole('button', { name: 'Advance' }).click();
    await shot(page, 'sandbox');
    await expect.poll(async () => (await api.getTestClock(PROJECT, clock.test_clock_id)).ok && dataOf(await api.getTestClock(PROJECT, clock.test_clock_id)).status, { timeout: 30_000 }).toBe('ready');
    // The sandbox's live section shows it ready without a reload.
    await expect.poll(() => page.locator('.clock .state').first().textContent(), { timeout: 10_000 }).toBe('ready');

    // The subscription's charges, in the events.
    await page.goto(`${base()}/dashboard/projects/${PROJECT}/events?type=subscription.charged&lang=en`);
    await expect.poll(() => page.locator('details.event').count()).toBe(3);
    await shot(page, 'events');
    // And on the subscription's own page: its charges, each at its time.
    await page.getByRole('link', { name: 'Subscriptions' }).click();
    await page.getByRole('link', { name: subscriptionId }).click();
    await expect.poll(() => page.locator('table').first().locator('tbody tr').count()).toBe(3);
    await shot(page, 'subscription');

    // Back to the invoice: its delivery is dead after ten attempts; the receiver is back; resend.
    await page.goto(`${base()}/dashboard/projects/${PROJECT}/invoices/${invoice.invoice_id}?lang=en`);
    await expect.poll(() => page.locator('article.delivery strong').first().textContent()).toBe('dead');
    await shot(page, 'invoice');
    receiverUp = true;
    const before = hooks.received.length;
    await page.locator('article.delivery').getByRole('button', { name: 'Resend' }).first().click();
    await page.getByRole('heading', { name: 'Webhook deliveries' }).waitFor();
    const resent = await eventually(
      // This invoice's delivery: another (a late first attempt of another event) may arrive too.
      async () => hooks.received.slice(before).filter((r) => r.path === '/hooks' && r.body.includes(invoice.invoice_id)),
      (found) => found.length >= 1,
      10_000,
    );
    const verified = new Webhook(SECRET).verify(resent[0]?.body ?? '', resent[0]?.headers as Record<string, string>) as { type: string; data: { invoice: { invoice_id: string } } };
    expect([verified.type, verified.data.invoice.invoice_id]).toEqual(['payment.updated', invoice.invoice_id]);
    await shot(page, 'deliveries');

    // A card invoice: simulate a decline from its page; the attempt is in its timeline, and it may be paid after.
    const card = dataOf(
      await api.createInvoice(PROJECT, {
        client_ip: ip,
        customer: { type: 'undefined_bank_card', source: 'shop', merchant_customer_id: fresh().mcid, country: 'RU' },
        order: { merchant_order_id: fresh().orderId },
      }),
    );
    await page.goto(`${base()}/dashboard/projects/${PROJECT}/invoices/${card.invoice_id}?lang=en`);
    await page.getByRole('button', { name: 'Decline (210)' }).click();
    // The attempt's event reaches the log by the relay, a moment later: the page is read again until it shows.
    await expect
      .poll(async () => {
        await page.reload();
        return page
          .locator('section.event pre')
          .first()
          .textContent({ timeout: 500 })
          .catch(() => '');
      })
      .toContain('"result_code": 210');
    expect(dataOf(await api.getInvoice(PROJECT, card.invoice_id)).payment_status).toBe('NOT_PAID');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(async () => dataOf(await api.getInvoice(PROJECT, card.invoice_id)).payment_status).toBe('PAID');
    await shot(page, 'simulate');
    await page.goto(`${base()}/dashboard/projects/${PROJECT}/requests?lang=en`);
    await shot(page, 'requests');
    // The overview of the day: the card payment's money (the clock's invoice is in 2027, outside it); from the navigation, the settings.
    await expect
      .poll(async () => {
        await page.goto(`${base()}/dashboard/projects/${PROJECT}?period=24h&lang=en`);
        return page
          .locator('table.money td.amount')
          .first()
          .textContent({ timeout: 500 })
          .catch(() => '');
      })
      .toBe('10.00 RUB');
    await shot(page, 'overview');
    await page.getByRole('link', { name: 'Project settings' }).click();
    await page.getByRole('heading', { name: /Rotating secrets/ }).waitFor();
    await shot(page, 'settings');

    // A webhook endpoint made through its form: the secret on the page that follows, once.
    await page.getByRole('link', { name: 'Webhook endpoints' }).click();
    await page.getByRole('link', { name: 'New endpoint' }).click();
    await page.getByLabel('URL').fill(`${hooks.url}/endpoint`);
    await page.getByLabel('payment.updated').check();
    await page.getByRole('button', { name: 'Create the endpoint' }).click();
    const endpointSecret = (await page.locator('pre.secret').textContent()) ?? '';
    expect(endpointSecret).toMatch(/^whsec_/);
    await shot(page, 'endpoint-secret');
    const endpoint = dataOf(await api.listWebhookEndpoints(PROJECT)).items[0] as { id: string; url: string };
    expect(endpoint.url).toBe(`${hooks.url}/endpoint`);

    // Every page: axe-core, and nothing but Kassa asked for.
    const pages = [
      '',
      '/invoices',
      `/invoices/${invoice.invoice_id}`,
      `/invoices/${card.invoice_id}`,
      '/contracts',
      '/subscriptions',
      `/subscriptions/${subscriptionId}`,
      '/events',
      '/deliveries',
      '/requests',
      '/webhook-endpoints',
      '/webhook-endpoints/new',
      `/webhook-endpoints/${endpoint.id}`,
      '/sandbox',
      '/settings',
      '?period=30d',
    ].map((p) => `${base()}/dashboard/projects/${PROJECT}${p}${p.includes('?') ? '&' : '?'}lang=en`);
    const problems: string[] = [...(await axeProblems(`${base()}/dashboard/sign-in?lang=en`))];
    for (const url of pages) problems.push(...(await axeProblems(url)));
    expect(problems).toEqual([]);
    const origin = new URL(base()).origin;
    expect(requested.filter((u) => new URL(u).origin !== origin)).toEqual([]);
    for (const url of pages) {
      await page.goto(url);
      const html = await page.content();
      for (const secret of [MERCHANT.password, SECRET, SUBS_SECRET, endpointSecret]) expect(html).not.toContain(secret);
    }

    // The reset empties the project's sandbox.
    await page.goto(`${base()}/dashboard/projects/${PROJECT}/sandbox?lang=en`);
    await page.getByRole('button', { name: "Erase the project's sandbox data" }).click();
    await page.getByRole('status').waitFor();
    expect((await api.getInvoice(PROJECT, invoice.invoice_id)).status).toBe(404);
  });
});
