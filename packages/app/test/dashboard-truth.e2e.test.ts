import { type HttpReceiver, startReceiver } from '@kassa-payments/devkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, eventually, fresh, MERCHANT, OTHER, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The dashboard tells the truth (issue 42, item 8), over real HTTP on the storage of this run: one
// status word per record on every page, the API's; the money of a chosen period by currency; each
// webhook endpoint's health; the project's settings with no secret; a word over every column.
const MAIN = 80;
const LOCKED = 81;
const MONEY = 82;
const THEIRS = 83;
const SECRET = `whsec_${Buffer.from('dashboard-truth-webhook-secret-1').toString('base64')}`;
const SUBS_SECRET = `whsec_${Buffer.from('dashboard-truth-subs-secret-0001').toString('base64')}`;
const URL_TOKEN = 'url-token-5f1c9a';
const DAY = 86_400_000;
const ip = '203.0.113.7';
const price = { amount: '10.00', currency: 'RUB' };

let t: TestKassa;
let down: HttpReceiver;
beforeAll(async () => {
  down = await startReceiver((_r, res) => void res.writeHead(500).end('down for maintenance'));
  t = await startTestKassa(
    {},
    {
      seed: {
        partners: [
          {
            login: MERCHANT.login,
            password: MERCHANT.password,
            projects: [
              { id: MAIN, defaultPrice: price, webhookSecret: SECRET, subscriptionSecret: SUBS_SECRET },
              {
                id: LOCKED,
                defaultPrice: price,
                clientIpRequired: false,
                ipWhitelist: ['10.9.9.9', '192.0.2.10'],
                paymentMethods: ['sbp', 'tpay_mobile'],
                webhookUrl: `https://user:pass-${URL_TOKEN}@hooks.example/kassa?token=${URL_TOKEN}`,
                webhookSecret: SECRET,
                subscriptionSecret: SUBS_SECRET,
                subscriptionSignature: 'v2',
                minSignatureVersion: 4,
                widgetOrigins: ['https://shop.example'],
              },
              { id: MONEY, defaultPrice: price },
            ],
          },
          { login: OTHER.login, password: OTHER.password, projects: [{ id: THEIRS, defaultPrice: price, webhookSecret: SECRET }] },
        ],
      },
    },
  );
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await down?.close();
});

/** The merchant signed in: a GET of a dashboard page with its session (no redirect followed). */
async function signedIn(): Promise<(path: string) => Promise<{ status: number; html: string }>> {
  const base = t.kassa.urls.api;
  const cookieOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const form = await fetch(`${base}/dashboard/sign-in?lang=en`);
  const token = /name="token" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const body = new URLSearchParams({ token, login: MERCHANT.login, password: MERCHANT.password });
  const headers = { cookie: cookieOf(form).join('; '), 'content-type': 'application/x-www-form-urlencoded' };
  const done = await fetch(`${base}/dashboard/sign-in?lang=en`, { method: 'POST', body, headers, redirect: 'manual' });
  expect(done.status).toBe(303);
  const cookie = cookieOf(done).join('; ');
  return async (path) => {
    const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' });
    return { status: res.status, html: await res.text() };
  };
}

const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replaceAll('&amp;', '&')
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .trim();
/** The status words a piece of a page shows. */
const statuses = (html: string) => [...html.matchAll(/<span class="status">([^<]*)<\/span>/g)].map((m) => m[1]);
/** The table row that holds `needle`. */
const rowWith = (html: string, needle: string) => [...html.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) => m[1] ?? '').find((row) => row.includes(needle)) ?? '';
const cells = (row: string) => [...row.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((m) => text(m[1] ?? ''));
/** The overview's money table: each currency's cells. */
const moneyRows = (html: string) => {
  const table = /<table class="money">(.*?)<\/table>/s.exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) => cells(m[1] ?? '')).filter((row) => row.length > 0);
};
const clockTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function paidInvoice(projectId: number, options: { price?: { amount: string; currency: string }; clock?: string } = {}) {
  const api = t.client();
  const f = fresh();
  const invoice = dataOf(
    await api.createInvoice(projectId, {
      client_ip: ip,
      customer: { type: 'mobile_phone', msisdn: f.msisdn },
      order: { merchant_order_id: f.orderId, ...(options.price ? { price: options.price } : {}) },
      ...(options.clock ? { test_info: { test_clock_id: options.clock } } : {}),
    }),
  );
  dataOf(await api.authorizeInvoice(projectId, invoice.invoice_id, { client_ip: ip, pin_code: '1234' }));
  const paid = dataOf(await api.waitForInvoice(projectId, invoice.invoice_id, (i) => i.payment_status === 'PAID', { timeoutMs: 10_000 }));
  await logged(projectId, 'payment.updated', invoice.invoice_id);
  return { id: invoice.invoice_id, orderId: f.orderId, status: paid.status };
}

/** Waits until the event log (what the overview sums) has the invoice's event: the relay logs it a moment after the change. */
async function logged(projectId: number, type: 'payment.updated' | 'refund.completed', invoiceId: string) {
  const found = await eventually(
    async () => dataOf(await t.client().listEvents(projectId, { type, limit: 100 })).items,
    (items) => items.some((e) => JSON.stringify(e.data).includes(invoiceId)),
    10_000,
  );
  expect(found.some((e) => JSON.stringify(e.data).includes(invoiceId))).toBe(true);
}

describe('the dashboard tells the truth', () => {
  it('one invoice reads the same status word, the API’s, on the list, its page and the overview (and its filter); a contract as well', async () => {
    const get = await signedIn();
    const paid = await paidInvoice(MAIN);
    expect(paid.status).toBe('Processed');
    const f = fresh();
    const waiting = dataOf(await t.client().createInvoice(MAIN, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } }));
    expect(waiting.status).toBe('Created');

    const list = (await get(`/dashboard/projects/${MAIN}/invoices?lang=en`)).html;
    expect(statuses(rowWith(list, paid.orderId))).toEqual(['Processed']);
    expect(cells(rowWith(list, paid.orderId))).toContain('PAID');
    expect(statuses(rowWith(list, f.orderId))).toEqual(['Created']);
    expect(cells(rowWith(list, f.orderId))).toContain('NOT_PAID');
    const page = (await get(`/dashboard/projects/${MAIN}/invoices/${paid.id}?lang=en`)).html;
    expect(statuses(page)).toEqual(['Processed']);
    expect(statuses((await get(`/dashboard/projects/${MAIN}/invoices/${waiting.invoice_id}?lang=en`)).html)).toEqual(['Created']);
    // The overview's paid tile names the same word, and its link filters the list by it.
    const overview = (await get(`/dashboard/projects/${MAIN}?lang=en`)).html;
    expect(statuses(overview)).toContain('Processed');
    expect(overview).toContain(`href="/dashboard/projects/${MAIN}/invoices?state=Processed&amp;lang=en"`);
    const filtered = (await get(`/dashboard/projects/${MAIN}/invoices?state=Processed&lang=en`)).html;
    expect(filtered).toContain(paid.orderId);
    expect(filtered).not.toContain(f.orderId);
    expect(filtered).toContain('<option value="Processed" selected>Processed</option>');
    // The domain's own words are nowhere on these pages.
    for (const html of [list, page, overview, filtered]) for (const word of ['processed', 'created', 'authorized']) expect(html).not.toMatch(new RegExp(`>${word}<`));

    const c = fresh();
    const contract = dataOf(await t.client().createContract(MAIN, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: c.msisdn }, merchant_contract_id: c.mcid }));
    const contracts = (await get(`/dashboard/projects/${MAIN}/contracts?lang=en`)).html;
    expect(statuses(rowWith(contracts, c.mcid))).toEqual(['awaiting PIN']);
    dataOf(await t.client().authorizeContract(MAIN, contract.contract_id, { client_ip: ip, pin_code: '1234' }));
    expect(statuses((await get(`/dashboard/projects/${MAIN}/contracts/${contract.contract_id}?lang=en`)).html)).toEqual(['active']);
    expect(statuses(rowWith((await get(`/dashboard/projects/${MAIN}/contracts?lang=en`)).html, c.mcid))).toEqual(['active']);
  }, 30_000);

  it('the overview sums the money of the chosen period by currency (paid and refunded); an older payment is outside the shorter period; a bad period is a 400 that says so', async () => {
    const get = await signedIn();
    const refundedOne = await paidInvoice(MONEY);
    dataOf(await t.client().refundInvoice(MONEY, refundedOne.id, { client_ip: ip }));
    await t.client().waitForInvoice(MONEY, refundedOne.id, (i) => i.refund_status === 'completed', { timeoutMs: 10_000 });
    await logged(MONEY, 'refund.completed', refundedOne.id);
    await paidInvoice(MONEY, { price: { amount: '7.50', currency: 'USD' } });
    // Three days ago: an invoice on a test clock standing then (its events occur in the clock's time).
    const clock = dataOf(await t.client().createTestClock(MONEY, { frozen_time: clockTime(Date.now() - 3 * DAY), name: 'three days ago' }));
    await paidInvoice(MONEY, { price: { amount: '25.00', currency: 'RUB' }, clock: clock.test_clock_id });

    const day = await get(`/dashboard/projects/${MONEY}?period=24h&lang=en`);
    expect(day.status).toBe(200);
    expect(moneyRows(day.html)).toEqual([
      ['10.00 RUB', '1', '10.00 RUB', '1'],
      ['7.50 USD', '1', '0.00 USD', '0'],
    ]);
    expect(day.html).toContain('Money on invoices: last 24 hours');
    // Without a period: the day's, marked as the one chosen.
    const plain = await get(`/dashboard/projects/${MONEY}?lang=en`);
    expect(moneyRows(plain.html)).toEqual(moneyRows(day.html));
    expect(plain.html).toMatch(/<a href="[^"]*period=24h[^"]*" aria-current="page">last 24 hours<\/a>/);
    expect(moneyRows((await get(`/dashboard/projects/${MONEY}?period=1h&lang=en`)).html)).toEqual(moneyRows(day.html));
    const week = await get(`/dashboard/projects/${MONEY}?period=7d&lang=en`);
    expect(moneyRows(week.html)).toEqual([
      ['35.00 RUB', '2', '10.00 RUB', '1'],
      ['7.50 USD', '1', '0.00 USD', '0'],
    ]);
    expect(week.html).toMatch(/<strong>3<\/strong> <span class="status">Processed<\/span>/);
    expect(day.html).toMatch(/<strong>2<\/strong> <span class="status">Processed<\/span>/);

    for (const bad of ['2h', '7D', '%3Cscript%3E', '1h&period=7d']) {
      const answer = await get(`/dashboard/projects/${MONEY}?period=${bad}&lang=en`);
      expect(answer.status, bad).toBe(400);
      expect(answer.html, bad).toContain('The period (period) is one of 1h, 24h, 7d and 30d. Below: the last 24 hours.');
      expect(moneyRows(answer.html), bad).toEqual(moneyRows(day.html));
    }
    // A project with no money in the period says so.
    expect((await get(`/dashboard/projects/${LOCKED}?period=30d&lang=en`)).html).toContain('No money moved in the period.');
  }, 60_000);

  it("each webhook endpoint shows its health: its last attempt and result, since when it fails; disabled, and why (Kassa's limit, or the merchant)", async () => {
    const get = await signedIn();
    const api = t.client();
    const endpoint = dataOf(await api.createWebhookEndpoint(MAIN, { url: `${down.url}/down`, event_types: ['payment.updated'] }));
    const listed = () => get(`/dashboard/projects/${MAIN}/webhook-endpoints?lang=en`);
    const row = async () => cells(rowWith((await listed()).html, `/webhook-endpoints/${endpoint.id}`));
    expect(await row()).toEqual([`${down.url}/down`, 'payment.updated', '—', 'enabled', 'none yet', '—', expect.any(String)]);

    // A payment on a test clock: its delivery fails (500) at the clock's time, in real time.
    const clock = dataOf(await api.createTestClock(MAIN, { frozen_time: clockTime(Date.now()), name: 'failing endpoint' }));
    await paidInvoice(MAIN, { clock: clock.test_clock_id });
    await eventually(
      async () => dataOf(await api.listWebhookDeliveries(MAIN, { endpointId: endpoint.id })).items,
      (items) => (items[0]?.attempts.length ?? 0) >= 1,
      10_000,
    );
    const failing = dataOf(await api.getWebhookEndpoint(MAIN, endpoint.id));
    expect(failing.status).toBe('enabled');
    expect(failing.failing_since).not.toBeNull();
    const [attempt] = dataOf(await api.listWebhookDeliveries(MAIN, { endpointId: endpoint.id })).items[0]?.attempts ?? [];
    expect(attempt?.status_code).toBe(500);
    expect(await row()).toEqual([`${down.url}/down`, 'payment.updated', '—', 'enabled', `${attempt?.at}: 500`, failing.failing_since, expect.any(String)]);
    const page = (await get(`/dashboard/projects/${MAIN}/webhook-endpoints/${endpoint.id}?lang=en`)).html;
    expect(page).toContain(`<span class="failing-since">${failing.failing_since}</span>`);
    expect(page).toContain(`<span class="last-attempt">${attempt?.at}: 500</span>`);

    // Six days on, a payment's delivery fails again: past the 120 hours, Kassa disables the endpoint.
    expect(dataOf(await api.advanceTestClock(MAIN, clock.test_clock_id, { frozen_time: clockTime(Date.parse(clock.frozen_time) + 6 * DAY) }, { wait: true })).status).toBe('ready');
    await paidInvoice(MAIN, { clock: clock.test_clock_id });
    const disabled = await eventually(
      async () => dataOf(await api.getWebhookEndpoint(MAIN, endpoint.id)),
      (e) => e.status === 'disabled',
      10_000,
    );
    const why = `Kassa disabled it at ${disabled.disabled_at}: its deliveries had failed since ${disabled.failing_since}, with no success, for longer than the operator’s limit.`;
    const disabledRow = await row();
    expect(disabledRow.slice(3, 6)).toEqual([`disabled ${why}`, expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: /), disabled.failing_since]);
    const disabledPage = (await get(`/dashboard/projects/${MAIN}/webhook-endpoints/${endpoint.id}?lang=en`)).html;
    expect(statuses(disabledPage.slice(0, disabledPage.indexOf('</dl>')))).toEqual(['disabled']);
    expect(text(disabledPage)).toContain(why);

    // One the merchant disabled: disabled by the merchant, nothing failing.
    const paused = dataOf(await api.createWebhookEndpoint(MAIN, { url: `${down.url}/paused`, event_types: ['refund.completed'] }));
    dataOf(await api.updateWebhookEndpoint(MAIN, paused.id, { status: 'disabled' }));
    expect(cells(rowWith((await listed()).html, `/webhook-endpoints/${paused.id}`)).slice(3, 6)).toEqual(['disabled Disabled by you (through the API or this dashboard).', 'none yet', '—']);
    await api.deleteWebhookEndpoint(MAIN, paused.id);
  }, 90_000);

  it("the settings page shows the project's fields and its endpoints, is in the navigation, and shows no secret, not even a part of one", async () => {
    const get = await signedIn();
    const endpoint = dataOf(await t.client().createWebhookEndpoint(MAIN, { url: `${down.url}/settings?key=${URL_TOKEN}`, event_types: ['*'] }));
    const overview = (await get(`/dashboard/projects/${LOCKED}?lang=en`)).html;
    expect(overview).toContain(`<a href="/dashboard/projects/${LOCKED}/settings?lang=en">Project settings</a>`);
    const locked = await get(`/dashboard/projects/${LOCKED}/settings?lang=en`);
    expect(locked.status).toBe(200);
    const facts = text(locked.html);
    for (const fact of [
      `Project id${LOCKED}`,
      'Payment methods (widget and payment page)cardsbptpay',
      'client_ipoptional',
      'IP whitelist10.9.9.9192.0.2.10',
      'JSON v3 signatureversion 4 or later',
      'Default price10.00 RUB',
      'The project’s webhook URLhttps://hooks.example/kassa (shown without the parts a token may be in)',
      'The project’s webhook secretset (never shown here)',
      'Subscription service secretset (never shown here)',
      'Subscription service signaturev2',
      'Sites that may frame the widgethttps://shop.example',
      'Rotating secrets',
      `POST /admin/v1/projects/${LOCKED}/secrets/webhook/rotate`,
    ])
      expect(facts).toContain(fact);
    const main = await get(`/dashboard/projects/${MAIN}/settings?lang=en`);
    expect(text(main.html)).toContain('IP whitelistany address (no whitelist)');
    expect(text(main.html)).toContain('client_iprequired in every request');
    expect(main.html).toContain(`/webhook-endpoints/${endpoint.id}`);
    // No secret: neither whole nor any 8 characters of one; no token of a URL; no password.
    const windows = (secret: string) => Array.from({ length: secret.length - 7 }, (_, i) => secret.slice(i, i + 8));
    for (const html of [locked.html, main.html]) {
      for (const secret of [SECRET, SUBS_SECRET, endpoint.secret]) for (const part of windows(secret.slice('whsec_'.length))) expect(html).not.toContain(part);
      expect(html).not.toContain('whsec_');
      expect(html).not.toContain(URL_TOKEN);
      expect(html).not.toContain(MERCHANT.password);
    }
    // Another partner's project has no settings page for this one.
    expect((await get(`/dashboard/projects/${THEIRS}/settings?lang=en`)).status).toBe(404);
    await t.client().deleteWebhookEndpoint(MAIN, endpoint.id);
  }, 30_000);

  it('every column of every page is headed with a word', async () => {
    const get = await signedIn();
    const endpoint = dataOf(await t.client().createWebhookEndpoint(MAIN, { url: `${down.url}/columns`, event_types: ['payment.updated'] }));
    const paid = await paidInvoice(MAIN);
    // The payment's delivery to it (its attempts' table on the invoice's, the deliveries' and the endpoint's pages).
    await eventually(
      async () => dataOf(await t.client().listWebhookDeliveries(MAIN, { endpointId: endpoint.id })).items,
      (items) => items.length > 0,
      10_000,
    );
    const pages = [
      '',
      '?period=30d',
      '/invoices',
      `/invoices/${paid.id}`,
      '/contracts',
      '/subscriptions',
      '/events',
      '/deliveries',
      '/webhook-endpoints',
      `/webhook-endpoints/${endpoint.id}`,
      '/requests',
      '/settings',
      '/sandbox',
    ];
    const heads: string[] = [];
    for (const path of pages) {
      const page = await get(`/dashboard/projects/${MAIN}${path}${path.includes('?') ? '&' : '?'}lang=en`);
      expect(page.status, path).toBe(200);
      for (const [, head] of page.html.matchAll(/<th[^>]*>(.*?)<\/th>/gs)) {
        expect(text(head ?? ''), `${path}: <th>${head}</th>`).toMatch(/\p{L}{2,}/u);
        heads.push(text(head ?? ''));
      }
    }
    // Not vacuous: the attempts' tables and the money's are among them.
    expect(heads).toEqual(expect.arrayContaining(['Latency, ms', 'Answer (first bytes)', 'Payments', 'Refunds', 'Last attempt', 'Failing since']));
    await t.client().deleteWebhookEndpoint(MAIN, endpoint.id);
  }, 30_000);
});
