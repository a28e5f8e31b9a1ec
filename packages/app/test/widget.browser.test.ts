import { type HttpReceiver, launchChromium, type Received, startReceiver, type TestBrowser } from '@kassa-payments/devkit';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import jsQRModule from 'jsqr';
import type { BrowserContext, Frame, FrameLocator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, eventually, MERCHANT, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The widget, the hosted payment page and the redirect route, driven in a real Chromium (Debian's,
// by playwright-core) against Kassa on free ports, a shop site that embeds embed.js, and a real
// webhook receiver: every successful path ends in a verified payment.updated.
const SHOP_PROJECT = 20; // all four methods, a return address at the shop, webhooks
const SBP_ONLY = 21; // the default methods: sbp only
const SECRET = `whsec_${Buffer.from('kassa-widget-webhook-secret-42').toString('base64')}`;
/** Where the screenshots go: kept by the run, never committed (.kassa/ is ignored). */
const SHOTS = fileURLToPath(new URL('../../../.kassa/screenshots/', import.meta.url));
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
// jsqr is a CommonJS bundle whose types declare an ES default export.
const jsQR = (jsQRModule as unknown as { default: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null }).default;
/** The page's globals, as the callbacks of `evaluate` see them (the tests are compiled without the DOM library). */
type PageGlobals = { events: { name: string; e: Record<string, unknown>; at: number }[]; document: { documentElement: { scrollWidth: number; lang: string } } };

let t: TestKassa;
let chrome: TestBrowser;
let hooks: HttpReceiver;
let shop: HttpReceiver;
let desktop: BrowserContext;
let phone: BrowserContext;
let widgetOrigin = '';
const tokensSeen: string[] = [];
/** Every address a page of these tests asked for (no request may leave for a third-party host). */
const requested: string[] = [];

const shopPage = (widget: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><h1>Shop</h1><div id="pay"></div>
<script src="${widget}/Card/Sbp/embed.js"></script>
<script>
window.events = [];
const q = new URLSearchParams(location.search);
const record = (name) => (e) => window.events.push({ name, e, at: Date.now() });
const options = { invoiceId: q.get('invoiceId'), token: q.get('t'), lang: q.get('lang') || 'en', methods: q.get('methods') ? q.get('methods').split(',') : undefined,
  onSuccess: record('success'), onFail: record('fail'), onExpired: record('expired'), onError: record('error') };
window.widget = q.get('mode') === 'open' ? SbpWidget.open(options) : SbpWidget.mount('#pay', options);
</script></body></html>`;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  hooks = await startReceiver();
  shop = await startReceiver((r, res) => {
    if (r.path.startsWith('/shop.html')) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(shopPage(widgetOrigin));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="en"><head><title>Back at the shop</title></head><body><h1>Back at the shop</h1></body></html>');
  });
  const project = (id: number, extra: Record<string, unknown>) => ({ id, defaultPrice: { amount: '10.00', currency: 'RUB' }, webhookUrl: `${hooks.url}/hooks`, webhookSecret: SECRET, ...extra });
  t = await startTestKassa(
    {},
    {
      seed: {
        partners: [
          {
            login: MERCHANT.login,
            password: MERCHANT.password,
            projects: [project(SHOP_PROJECT, { returnUrl: `${shop.url}/return?from=kassa`, paymentMethods: ['sbp', 'sberpay', 'tpay', 'mirpay'] }), project(SBP_ONLY, {})],
          },
        ],
      },
    },
  );
  widgetOrigin = new URL(t.kassa.urls.widget.replace('127.0.0.1', 'localhost')).origin;
  chrome = await launchChromium();
  desktop = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 } });
  phone = await chrome.browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36',
  });
  for (const context of [desktop, phone]) {
    context.on('request', (r) => requested.push(r.url()));
    // A step that cannot happen fails in seconds, naming the step, rather than at the test's timeout.
    context.setDefaultTimeout(8_000);
  }
}, 60_000);

afterAll(async () => {
  await chrome?.close();
  await t?.stop();
  await shop?.close();
  await hooks?.close();
});

let orders = 0;
/** A card invoice (AUTH_PAGE) of `projectId`: its id, page address, token and order id. */
async function cardInvoice(projectId = SHOP_PROJECT) {
  orders += 1;
  const merchantOrderId = `w-${orders}-${Date.now() % 100000}`;
  const created = dataOf(
    await t.client().createInvoice(projectId, {
      client_ip: '203.0.113.7',
      customer: { type: 'undefined_bank_card', source: 'shop', merchant_customer_id: `payer-${merchantOrderId}`, country: 'RU' },
      order: { merchant_order_id: merchantOrderId, price: { amount: '149.90', currency: 'RUB' } },
    }),
  );
  const url = created.authorization.url as string;
  const token = created.authorization.token as string;
  tokensSeen.push(token);
  return { id: created.invoice_id, url, token, merchantOrderId };
}

const paymentUpdated = async (invoiceId: string) => {
  const found = await eventually(
    async () => hooks.received.filter((r: Received) => r.body.includes(invoiceId)),
    (list) => list.length > 0,
    8_000,
  );
  expect(found.length, 'payment.updated delivered').toBeGreaterThan(0);
  const event = new Webhook(SECRET).verify(found[0]?.body ?? '', found[0]?.headers as Record<string, string>) as { type: string; data: { invoice: Record<string, string> } };
  return event;
};

async function payByCard(frame: FrameLocator | Page | Frame, pan: string): Promise<void> {
  // By keyboard: the number, Tab to the expiry, Tab to the code, Enter submits.
  await frame.getByLabel('Card number').focus();
  const keyboard = 'keyboard' in frame ? frame.keyboard : undefined;
  if (keyboard) {
    await keyboard.type(pan);
    await keyboard.press('Tab');
    await keyboard.type('12/30');
    await keyboard.press('Tab');
    await keyboard.type('123');
    await keyboard.press('Enter');
    return;
  }
  await frame.getByLabel('Card number').fill(pan);
  await frame.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await frame.getByLabel('Security code (CVC)').fill('123');
  await frame.getByRole('button', { name: /^Pay/ }).click();
}

const events = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).events);
const waitForEvent = async (page: Page, name: string, ms = 6_000) => {
  await page.waitForFunction((n) => (globalThis as unknown as PageGlobals).events.some((x) => x.name === n), name, { timeout: ms });
  return (await events(page)).find((x) => x.name === name);
};
/** How long a page may take to show what a test waits for. */
const SOON = { timeout: 8_000 };
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });

/** axe-core inside the page (a context that lets the test's script past the page's CSP): no serious or critical violation. */
async function axeProblems(url: string, context: 'desktop' | 'phone' = 'desktop'): Promise<string[]> {
  const checking = await chrome.browser.newContext({ bypassCSP: true, ...(context === 'phone' ? { viewport: { width: 360, height: 740 }, isMobile: true } : {}) });
  try {
    const page = await checking.newPage();
    await page.goto(url);
    await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(
      async () => (await (globalThis as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe.run()).violations,
    );
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes)`);
  } finally {
    await checking.close();
  }
}

// Each step below waits at most 8 s for the page; with three test files at once on two cores (one of
// them this Chromium) a test's steps have added up past 30 s, in two full runs of five.
describe('the widget on a shop page (embed.js)', { timeout: 60_000 }, () => {
  it('mount, then pay by the success card: onSuccess within one polling period, payment.updated delivered and verified', async () => {
    const invoice = await cardInvoice();
    const page = await desktop.newPage();
    await page.goto(`${shop.url}/shop.html?invoiceId=${invoice.id}&t=${invoice.token}&lang=en`);
    const frame = page.frameLocator('iframe');
    await expect.poll(() => frame.getByLabel('Card number').count(), SOON).toBe(1);
    await shot(page, 'widget-mounted-desktop');
    const submitted = Date.now();
    await payByCard(frame, '4111 1111 1111 1111');
    const success = await waitForEvent(page, 'success');
    expect(success?.e).toMatchObject({ invoiceId: invoice.id, paymentStatus: 'PAID' });
    expect((success?.at ?? 0) - submitted).toBeLessThan(5_000);
    await expect.poll(() => frame.getByText('Payment received').count(), SOON).toBe(1);
    await shot(page, 'widget-paid-desktop');
    const event = await paymentUpdated(invoice.id);
    expect(event).toMatchObject({ type: 'payment.updated', data: { invoice: { invoice_id: invoice.id, status: 'Processed', payment_status: 'PAID' } } });
    await page.close();
  });

  it('open as a modal dialog: pay, onSuccess, Escape closes it', async () => {
    const invoice = await cardInvoice();
    const page = await desktop.newPage();
    await page.goto(`${shop.url}/shop.html?invoiceId=${invoice.id}&t=${invoice.token}&lang=en&mode=open`);
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await expect.poll(() => dialog.isVisible(), SOON).toBe(true);
    const frame = page.frameLocator('[role=dialog] iframe');
    await expect.poll(() => frame.getByLabel('Card number').count(), SOON).toBe(1);
    await shot(page, 'widget-modal-desktop');
    await payByCard(frame, '4111111111111111');
    expect((await waitForEvent(page, 'success'))?.e).toMatchObject({ invoiceId: invoice.id });
    // Escape goes down inside the payment frame, which closes the dialog and so removes that frame; the
    // key comes up only once it is gone. A press whose key-up raced the removal was routed to the
    // removed frame, and Chromium never acknowledged it (the test hung there in 3 of 5 runs).
    await page.keyboard.down('Escape');
    await expect.poll(() => page.getByRole('dialog').count(), SOON).toBe(0);
    await page.keyboard.up('Escape');
    await paymentUpdated(invoice.id);
    await page.close();
  });

  it('methods with an unavailable code: onError method_unavailable, the full available set shown, payment continues', async () => {
    const invoice = await cardInvoice(SBP_ONLY);
    const page = await desktop.newPage();
    await page.goto(`${shop.url}/shop.html?invoiceId=${invoice.id}&t=${invoice.token}&lang=en&methods=tpay`);
    const error = await waitForEvent(page, 'error');
    expect(error?.e).toMatchObject({ code: 'method_unavailable' });
    expect(String(error?.e['message'])).toContain('tpay');
    const frame = page.frameLocator('iframe');
    await expect.poll(() => frame.getByLabel('Card number').count(), SOON).toBe(1);
    expect(await frame.getByRole('link', { name: 'Fast payment system (QR)' }).count()).toBe(1);
    expect(await frame.getByRole('link', { name: 'T-Pay' }).count()).toBe(0);
    await payByCard(frame, '4111111111111111');
    await waitForEvent(page, 'success');
    await page.close();
  });

  it('an invalid token: the invalid-link screen (401) and onError invalid_token', async () => {
    const invoice = await cardInvoice();
    const page = await desktop.newPage();
    const answered = page.waitForResponse((r) => r.url().includes('/Card/Sbp/widget.html'));
    await page.goto(`${shop.url}/shop.html?invoiceId=${invoice.id}&t=${invoice.token.slice(0, -4)}AAAA&lang=en`);
    expect((await answered).status()).toBe(401);
    expect(await page.frameLocator('iframe').getByText('This payment link is invalid or has expired.').count()).toBe(1);
    expect((await waitForEvent(page, 'error'))?.e).toMatchObject({ code: 'invalid_token' });
    await shot(page, 'widget-invalid-link-desktop');
    await page.close();
  });

  it('a reload of the shop page reopens the QR payment already started', async () => {
    const invoice = await cardInvoice();
    const page = await desktop.newPage();
    await page.goto(`${shop.url}/shop.html?invoiceId=${invoice.id}&t=${invoice.token}&lang=en`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('link', { name: 'Fast payment system (QR)' }).click();
    await expect.poll(() => frame.locator('img.qr').count(), SOON).toBe(1);
    await page.reload();
    await expect.poll(() => page.frameLocator('iframe').locator('img.qr').count(), SOON).toBe(1);
    await page.close();
  });

  it('the decline card: onFail with result code 210, and the payer may pay again', async () => {
    const invoice = await cardInvoice();
    const page = await desktop.newPage();
    await page.goto(`${shop.url}/shop.html?invoiceId=${invoice.id}&t=${invoice.token}&lang=en`);
    const frame = page.frameLocator('iframe');
    await expect.poll(() => frame.getByLabel('Card number').count(), SOON).toBe(1);
    await payByCard(frame, '4000 0000 0000 0002');
    expect((await waitForEvent(page, 'fail'))?.e).toMatchObject({ invoiceId: invoice.id, resultCode: 210 });
    await expect.poll(() => frame.getByRole('alert').textContent(), SOON).toContain('declined');
    await shot(page, 'widget-declined-desktop');
    await payByCard(frame, '4111 1111 1111 1111');
    await waitForEvent(page, 'success');
    await page.close();
  });
});

describe('the hosted payment page at authorization.url', { timeout: 60_000 }, () => {
  it('by card: back at the shop with invoiceId, merchantOrderId and success=true; payment.updated verified', async () => {
    const invoice = await cardInvoice();
    const page = await desktop.newPage();
    await page.goto(`${invoice.url}&lang=en`);
    await shot(page, 'page-card-desktop');
    await payByCard(page, '4111 1111 1111 1111');
    await page.waitForURL(`${shop.url}/return**`);
    const back = new URL(page.url());
    expect([back.searchParams.get('invoiceId'), back.searchParams.get('merchantOrderId'), back.searchParams.get('success'), back.searchParams.get('from')]).toEqual([
      invoice.id,
      invoice.merchantOrderId,
      'true',
      'kassa',
    ]);
    expect((await paymentUpdated(invoice.id)).data.invoice).toMatchObject({ status: 'Processed', payment_status: 'PAID' });
    await page.close();
  });

  it('a declined card goes back to the shop with success=false', async () => {
    const invoice = await cardInvoice();
    const page = await desktop.newPage();
    await page.goto(`${invoice.url}&lang=en`);
    await payByCard(page, '4000000000000069');
    await page.waitForURL(`${shop.url}/return**`);
    expect(new URL(page.url()).searchParams.get('success')).toBe('false');
    const status = dataOf(await t.client().getInvoice(SHOP_PROJECT, invoice.id));
    expect(status.transactions.at(-1)).toMatchObject({ status: 'FAILED', result_code: 211 });
    await page.close();
  });

  it('by QR: a real QR image that decodes to the bank link; the bank-app imitation confirms; the page returns to the shop', async () => {
    const invoice = await cardInvoice();
    const page = await desktop.newPage();
    await page.goto(`${invoice.url}&useSbp=true&lang=en`);
    const qr = page.locator('img.qr');
    await expect.poll(() => qr.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0)).toBe(true);
    await shot(page, 'page-qr-desktop');
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toMatch(new RegExp(`^${widgetOrigin}/Card/Sbp/bank\\.html\\?invoiceId=${invoice.id}&t=[^&]+&method=sbp$`));
    // The payer's phone opens what the QR says.
    const bank = await phone.newPage();
    await bank.goto(decoded?.data ?? '');
    await shot(bank, 'bank-app-phone');
    await bank.getByRole('button', { name: 'Confirm the payment' }).click();
    await page.waitForURL(`${shop.url}/return**`, { timeout: 8_000 });
    expect(new URL(page.url()).searchParams.get('success')).toBe('true');
    expect((await paymentUpdated(invoice.id)).type).toBe('payment.updated');
    await Promise.all([page.close(), bank.close()]);
  });

  it('by wallet on a phone: the bank list, the bank app confirms, back at the shop; the page fits 360 pixels', async () => {
    const invoice = await cardInvoice();
    const page = await phone.newPage();
    await page.goto(`${invoice.url}&payType=tpay&deviceType=Mobile&lang=en`);
    expect(await page.getByRole('heading', { name: 'Choose your bank app' }).count()).toBe(1);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'page-wallet-phone');
    await page.getByRole('link', { name: 'T-Pay' }).first().click();
    await page.getByRole('button', { name: 'Confirm the payment' }).click();
    await page.waitForURL(`${shop.url}/return**`);
    expect(new URL(page.url()).searchParams.get('success')).toBe('true');
    expect((await paymentUpdated(invoice.id)).data.invoice).toMatchObject({ payment_status: 'PAID' });
    await page.close();
  });

  it('the card form on a phone fits 360 pixels; its Russian texts', async () => {
    const invoice = await cardInvoice();
    const page = await phone.newPage();
    await page.goto(`${invoice.url}&lang=ru`);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.lang)).toBe('ru');
    expect(await page.getByLabel('Номер карты').count()).toBe(1);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'page-card-phone');
    await page.close();
  });

  it('every screen passes axe-core with no serious or critical violation', async () => {
    const invoice = await cardInvoice();
    const screens = [`${invoice.url}&lang=en`, `${invoice.url}&useSbp=true`, `${invoice.url}&payType=sberpay&deviceType=Desktop&lang=en`, `${invoice.url}&t=bad`];
    const problems: string[] = [];
    for (const url of screens) problems.push(...(await axeProblems(url)).map((p) => `${url.slice(-40)}: ${p}`));
    problems.push(...(await axeProblems(`${invoice.url}&payType=tpay&deviceType=Mobile`, 'phone')));
    expect(problems).toEqual([]);
  });
});

describe('the test run as a whole', () => {
  it('no page asked a third-party host for anything; no widget token, card number or security code reached a log line', () => {
    const origins = new Set(requested.map((u) => new URL(u).origin));
    origins.delete(widgetOrigin);
    origins.delete(new URL(shop.url).origin);
    expect([...origins]).toEqual([]);
    const logs = t.logs.join('\n');
    expect(tokensSeen.length).toBeGreaterThan(5);
    for (const token of tokensSeen) expect(logs).not.toContain(token.split('.')[2]);
    for (const pan of ['4111111111111111', '4111 1111 1111 1111', '4000000000000002', '4000 0000 0000 0002', '4000000000000069']) expect(logs).not.toContain(pan);
    expect(logs).not.toMatch(/card_security_code|card_number/);
  });
});
