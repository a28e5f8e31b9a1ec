import { request as httpRequest } from 'node:http';
import { type HttpReceiver, linksOffDashboard, type Received, startReceiver } from '@kassa-payments/devkit';
import { verifyWebhook } from '@kassa-payments/protocol';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, eventually, FLAGGED, fresh, MERCHANT, OTHER, P, startTestKassa, type TestKassa } from './e2e.fixture.js';
import { ManualClock } from '@kassa-payments/adapters-memory';
import { atNextWindow, SIGN_IN_WINDOW_MS } from './fixed-window.fixture.js';

// The dashboard over real HTTP (no browser): sessions, CSRF, the throttle, another partner's objects,
// and what the pages never show. The browser suite drives the same pages in Chromium.
let t: TestKassa;
/** Kassa's time: it starts at the real time and moves only when a test moves it (the throttle's windows). */
const clock = new ManualClock(new Date());
beforeAll(async () => {
  t = await startTestKassa({}, { clock });
});
afterAll(async () => {
  await t?.stop();
  await Promise.all([...sources.values()].map((agent) => agent.close()));
});

/** Loopback sources by address: a client bound to 127.0.0.2 is another caller than 127.0.0.1. */
const sources = new Map<string, Agent>();
const sourceOf = (address: string) => sources.get(address) ?? sources.set(address, new Agent({ localAddress: address })).get(address);

/**
 * A browser's cookie jar for one host, enough for these pages (no redirects followed by fetch). A
 * loopback address (127.0.0.2…) is where its requests really come from; another is only named in
 * X-Forwarded-For, which this suite's Kassa does not believe (they then come from 127.0.0.1).
 */
class Visitor {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly base: string,
    private readonly address = '203.0.113.50',
  ) {}

  async request(path: string, init: { method?: string; form?: Record<string, string> | [string, string][]; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address, ...init.headers };
    if (this.cookies.size > 0) headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const dispatcher = this.address.startsWith('127.') ? { dispatcher: sourceOf(this.address) } : {};
    const res = await undiciFetch(new URL(path, this.base), { method: init.method ?? (body ? 'POST' : 'GET'), headers, redirect: 'manual', ...dispatcher, ...(body ? { body } : {}) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name) {
        if (value) this.cookies.set(name, value);
        else this.cookies.delete(name);
      }
    }
    return { status: res.status, location: res.headers.get('location'), html: await res.text(), headers: res.headers };
  }

  async signIn(login: string, password: string) {
    const form = await this.request('/dashboard/sign-in?lang=en');
    const token = /name="token" value="([^"]+)"/.exec(form.html)?.[1] ?? '';
    return this.request('/dashboard/sign-in?lang=en', { form: { token, login, password } });
  }

  /** The CSRF token the page's forms carry. */
  static csrf(html: string): string {
    return /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  }
}

/**
 * A request with its target as written (fetch would resolve `..` and `\\` first), in origin form, or
 * in absolute form (`GET http://evil.example/dashboard/...`), which a server must take too.
 */
function raw(base: string, target: string, headers: Record<string, string> = {}): Promise<{ status: number; html: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: target, headers: { 'x-forwarded-for': '203.0.113.59', ...headers } }, (res) => {
      let html = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        html += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, html }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every address a page links to, sends a form to or reloads a section from, as a browser reads it. */
const addressesOf = (html: string) => [...html.matchAll(/\s(?:href|action|src|data-live)="([^"]*)"/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));

describe('the dashboard', () => {
  it('signs a partner in with a session cookie (HttpOnly, SameSite=Strict), shows its own project, and signs it out', async () => {
    const v = new Visitor(t.kassa.urls.api);
    expect((await v.request('/dashboard/')).location).toContain('/dashboard/sign-in');
    const signedIn = await v.signIn(MERCHANT.login, MERCHANT.password);
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('kassa_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/dashboard/);
    const overview = await v.request(`/dashboard/projects/${P.main}?lang=en`);
    expect(overview.status).toBe(200);
    expect(overview.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(overview.html).toContain('Money on invoices: last 24 hours');
    // Another partner's project is not found, as a project that does not exist.
    expect((await v.request(`/dashboard/projects/${P.other}`)).status).toBe(404);
    const out = await v.request('/dashboard/sign-out', { form: { csrf: Visitor.csrf(overview.html) } });
    expect(out.location).toContain('/dashboard/sign-in');
    expect((await v.request(`/dashboard/projects/${P.main}`)).location).toContain('/dashboard/sign-in');
  });

  it('finds an invoice by its merchant order id, shows its timeline with masked data, and 404s for another partner', async () => {
    const api = t.client();
    const f = fresh();
    const invoice = dataOf(await api.createInvoice(P.main, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } }));
    await api.authorizeInvoice(P.main, invoice.invoice_id, { client_ip: '203.0.113.7', pin_code: '1234' });
    const v = new Visitor(t.kassa.urls.api, '203.0.113.51');
    await v.signIn(MERCHANT.login, MERCHANT.password);
    const found = await v.request(`/dashboard/projects/${P.main}/invoices?order=${encodeURIComponent(f.orderId)}&lang=en`);
    expect(found.html).toContain(`/invoices/${invoice.invoice_id}`);
    const detail = await v.request(`/dashboard/projects/${P.main}/invoices/${invoice.invoice_id}?lang=en`);
    expect(detail.status).toBe(200);
    expect(detail.html).not.toContain(f.msisdn);
    expect(detail.html).not.toContain(MERCHANT.password);
    const other = new Visitor(t.kassa.urls.api, '203.0.113.52');
    await other.signIn(OTHER.login, OTHER.password);
    expect((await other.request(`/dashboard/projects/${P.main}/invoices/${invoice.invoice_id}`)).status).toBe(404);
    expect((await other.request(`/dashboard/projects/${P.other}/invoices/${invoice.invoice_id}`)).status).toBe(404);
  });

  it('lists contracts (masked numbers, by merchant_contract_id) and shows one with its timeline; another partner gets 404', async () => {
    const api = t.client();
    const f = fresh();
    const contract = dataOf(await api.createContract(P.main, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
    await api.authorizeContract(P.main, contract.contract_id, { client_ip: '203.0.113.7', pin_code: '1234' });
    const v = new Visitor(t.kassa.urls.api, '203.0.113.59');
    await v.signIn(MERCHANT.login, MERCHANT.password);
    const list = await v.request(`/dashboard/projects/${P.main}/contracts?mcid=${encodeURIComponent(f.mcid)}&lang=en`);
    expect(list.html).toContain(`/contracts/${contract.contract_id}`);
    expect(list.html).not.toContain(f.msisdn);
    const detail = await v.request(`/dashboard/projects/${P.main}/contracts/${contract.contract_id}?lang=en`);
    expect(detail.status).toBe(200);
    expect(detail.html).toContain('active');
    expect((await v.request(`/dashboard/projects/${P.main}/subscriptions?lang=en`)).status).toBe(200);
    const other = new Visitor(t.kassa.urls.api, '203.0.113.60');
    await other.signIn(FLAGGED.login, FLAGGED.password);
    expect((await other.request(`/dashboard/projects/${P.flagged}/contracts/${contract.contract_id}`)).status).toBe(404);
  });

  it('refuses a form without the session CSRF token (403), a wrong password (401), and throttles sign-ins per login (429)', async () => {
    const v = new Visitor(t.kassa.urls.api, '203.0.113.53');
    await v.signIn(MERCHANT.login, MERCHANT.password);
    const refused = await v.request(`/dashboard/projects/${P.main}/sandbox/reset`, { form: { csrf: 'forged' } });
    expect(refused.status).toBe(403);
    const noToken = await new Visitor(t.kassa.urls.api, '203.0.113.54').request('/dashboard/sign-in', { form: { login: MERCHANT.login, password: MERCHANT.password } });
    expect(noToken.status).toBe(403);
    atNextWindow(clock, SIGN_IN_WINDOW_MS);
    const guesser = new Visitor(t.kassa.urls.api, '203.0.113.55');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await guesser.signIn(OTHER.login, 'wrong-password')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password too is refused while this login is throttled at this address (the suite's requests all come from one).
    expect((await new Visitor(t.kassa.urls.api, '203.0.113.56').signIn(OTHER.login, OTHER.password)).status).toBe(429);
  });

  it('60 wrong passwords from one address (no GET: its own form token) leave the login open to the others; 20 addresses × 5 still close it', async () => {
    // The client picks its own double-submit token, as an attacker would.
    const token = 'a'.repeat(43);
    // All in one window of the throttle, which begins here: Kassa's clock stands still while they run.
    atNextWindow(clock, SIGN_IN_WINDOW_MS);
    const guess = (address: string, password: string, login = FLAGGED.login) =>
      new Visitor(t.kassa.urls.api, address).request('/dashboard/sign-in?lang=en', { form: { token, login, password }, headers: { cookie: `kassa_sign_in=${token}` } });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await guess('127.0.0.2', `guess-${i}`)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
    expect((await new Visitor(t.kassa.urls.api, '127.0.0.3').signIn(FLAGGED.login, FLAGGED.password)).status).toBe(303);
    // A botnet: 20 addresses × 5 guesses at one login (one no other test signs in with). At most 50
    // are checked, the rest refused, and so is the next address, until the window ends.
    const botnet: number[] = [];
    for (let a = 10; a < 30; a++) for (let i = 0; i < 5; i++) botnet.push((await guess(`127.0.1.${a}`, `guess-${i}`, 'botnet-target')).status);
    expect(botnet.filter((s) => s === 401)).toHaveLength(50);
    expect(botnet.filter((s) => s === 429)).toHaveLength(50);
    expect((await guess('127.0.1.30', 'the-right-one', 'botnet-target')).status).toBe(429);
    // 160 sign-ins from nine addresses: seconds on a busy 2-core machine.
  }, 30_000);

  it("the requests page lists the project's signed calls by route template, with masked bodies: no PIN, token, card data or password", async () => {
    const api = t.client();
    const f = fresh();
    const card = dataOf(
      await api.createInvoice(P.main, {
        client_ip: '203.0.113.7',
        customer: { type: 'undefined_bank_card', source: 'shop', merchant_customer_id: f.mcid, country: 'RU' },
        order: { merchant_order_id: f.orderId },
      }),
    );
    const token = String(card.authorization.token);
    const phone = dataOf(await api.createInvoice(P.main, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: fresh().orderId } }));
    await api.authorizeInvoice(P.main, phone.invoice_id, { client_ip: '203.0.113.7', pin_code: '1234' });
    const v = new Visitor(t.kassa.urls.api, '203.0.113.57');
    await v.signIn(MERCHANT.login, MERCHANT.password);
    const page = await v.request(`/dashboard/projects/${P.main}/requests?lang=en`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('/api/v3/projects/:projectId/invoices/:invoiceId/authorize');
    expect(page.html).toContain(card.invoice_id);
    for (const secret of [token, token.split('.')[2] ?? token, MERCHANT.password, f.msisdn, '&quot;pin_code&quot;:&quot;1234&quot;']) expect(page.html).not.toContain(secret);
    // Another partner's calls are not there, nor is this project's page theirs.
    // (Another partner than the throttled one of the test before.)
    const other = new Visitor(t.kassa.urls.api, '203.0.113.58');
    expect((await other.signIn(FLAGGED.login, FLAGGED.password)).status).toBe(303);
    expect((await other.request(`/dashboard/projects/${P.main}/requests`)).status).toBe(404);
    // Nor in the log: the sign-in forms' passwords, the widget token.
    const log = t.logs.join('');
    for (const secret of [MERCHANT.password, FLAGGED.password, token.split('.')[2] ?? token]) expect(log).not.toContain(secret);
  });

  it('keeps every link of a page on /dashboard/, whatever path was asked (//other.host, .., a backslash, an absolute-form target)', async () => {
    const base = t.kassa.urls.api;
    const v = new Visitor(base, '203.0.113.60');
    await v.signIn(MERCHANT.login, MERCHANT.password);
    const cookie = [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
    const targets = [
      '/dashboard//evil.example/x',
      '/dashboard//evil.example/x?lang=ru',
      '/dashboard/..//evil.example/x',
      '/dashboard/%2e%2e//evil.example/x?a=1',
      '/dashboard/\\evil.example/x',
      '/dashboard/./\\/evil.example',
      'http://evil.example/dashboard/sign-in',
      `http://evil.example/dashboard/projects/${P.main}/events?lang=en`,
      `http://evil.example/dashboard/projects/${P.main}/deliveries`,
      `http://evil.example/dashboard/projects/${P.main}/requests`,
      `http://evil.example/dashboard/projects/${P.main}/sandbox`,
      `http://evil.example/dashboard/projects/${P.main}/webhook-endpoints/new`,
      `http://evil.example/dashboard/projects/${P.main}/settings`,
      `http://evil.example/dashboard/projects/${P.main}?period=7d`,
      `http://evil.example/dashboard/projects/${P.main}?period=//evil.example`,
      `/dashboard/projects/${P.main}//evil.example/x`,
    ];
    const elsewhere: Record<string, string[]> = {};
    for (const target of targets) {
      const page = await raw(base, target, { cookie });
      expect(page.status, target).toBeLessThan(500);
      expect(addressesOf(page.html).length, target).toBeGreaterThan(0);
      const away = linksOffDashboard(page.html);
      if (away.length > 0) elsewhere[target] = away;
    }
    expect(elsewhere).toEqual({});
    // The 404 page's language link is that page in the other language, on the dashboard.
    expect(addressesOf((await raw(base, '/dashboard//evil.example/x', { cookie: '', 'accept-language': 'ru' })).html)).toContain('/dashboard//evil.example/x?lang=en');
  });
});

describe('the dashboard: webhook endpoints', () => {
  let receiver: HttpReceiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  const pages = `/dashboard/projects/${P.main}/webhook-endpoints`;
  /** The secret a page shows, if any. */
  const secretOn = (html: string) => /whsec_[A-Za-z0-9+/=]+/.exec(html)?.[0];
  const endpointIdOn = (html: string) => /webhook-endpoints\/([0-9a-f-]{36})/.exec(html)?.[1] ?? '';
  const signedIn = async (address: string, who = MERCHANT) => {
    const v = new Visitor(t.kassa.urls.api, address);
    expect((await v.signIn(who.login, who.password)).status).toBe(303);
    return v;
  };
  /** An invoice paid over the JSON API: a payment.updated event for the project's endpoints. */
  const payment = async () => {
    const f = fresh();
    const invoice = dataOf(await t.client().createInvoice(P.main, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } }));
    await t.client().authorizeInvoice(P.main, invoice.invoice_id, { client_ip: '203.0.113.7', pin_code: '1234' });
    return invoice.invoice_id;
  };
  const deliveredTo = (path: string, invoiceId: string) =>
    eventually(
      async () => receiver.received.filter((r) => r.path === path && r.body.includes(invoiceId)),
      (found) => found.length >= 1,
      10_000,
    );

  it('creates an endpoint through the form: its secret once (201, no-store, no Location), never on the list, its page or the log; disable, enable, rotate (a new secret); its deliveries after a payment; delete', async () => {
    const v = await signedIn('203.0.113.61');
    const form = await v.request(`${pages}/new?lang=en`);
    expect(form.status).toBe(200);
    expect(form.html).toContain('value="payment.updated"');
    const csrf = Visitor.csrf(form.html);
    const url = `${receiver.url}/dash`;
    const created = await v.request(`${pages}?lang=en`, {
      form: [
        ['csrf', csrf],
        ['url', url],
        ['event_types', 'payment.updated'],
        ['event_types', 'refund.completed'],
        ['description', '<b>"orders"</b>'],
      ],
    });
    expect(created.status).toBe(201);
    expect(created.location).toBeNull();
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.html).toContain('it is not shown again');
    const secret = secretOn(created.html) as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = endpointIdOn(created.html);
    expect(dataOf(await t.client().getWebhookEndpoint(P.main, id))).toMatchObject({ url, event_types: ['payment.updated', 'refund.completed'], description: '<b>"orders"</b>', status: 'enabled' });

    // The list and the endpoint's page: escaped, and no secret.
    const list = await v.request(`${pages}?lang=en`);
    expect(list.html).toContain(`/webhook-endpoints/${id}`);
    expect(list.html).toContain('&lt;b');
    expect(list.html).not.toContain('<b>"orders"</b>');
    const page = await v.request(`${pages}/${id}?lang=en`);
    expect(page.status).toBe(200);
    for (const html of [list.html, page.html]) expect(secretOn(html)).toBeUndefined();

    // A payment: delivered to the endpoint, signed with the shown secret, and listed on its page.
    const invoiceId = await payment();
    const [hook] = await deliveredTo('/dash', invoiceId);
    // Signed at Kassa's time, which the throttle's tests moved: verified at that time.
    expect(verifyWebhook(secret, (hook as Received).headers as Record<string, string>, (hook as Received).body, clock.now()).ok).toBe(true);
    const withDelivery = await eventually(
      () => v.request(`${pages}/${id}?lang=en`),
      (p) => p.html.includes(`-endpoint-${id}`),
      5_000,
    );
    expect(withDelivery.html).toContain('payment.updated');
    expect(withDelivery.html).toContain('/resend');
    const fragment = await v.request(`${pages}/${id}?lang=en`, { headers: { 'x-dashboard-fragment': '1' } });
    expect(fragment.html).toContain(`-endpoint-${id}`);
    expect(fragment.html).not.toContain('<html');

    // Disable, enable: each says so and the API agrees.
    const disabled = await v.request(`${pages}/${id}/status?lang=en`, { form: { csrf, status: 'disabled' } });
    expect([disabled.status, disabled.location]).toEqual([303, `${pages}/${id}?notice=disabled&lang=en`]);
    expect(dataOf(await t.client().getWebhookEndpoint(P.main, id)).status).toBe('disabled');
    const disabledPage = await v.request(disabled.location as string);
    expect(disabledPage.html).toContain('The endpoint is disabled');
    expect(disabledPage.html).toContain('>Enable<');
    expect((await v.request(`${pages}/${id}/status?lang=en`, { form: { csrf, status: 'enabled' } })).status).toBe(303);
    expect(dataOf(await t.client().getWebhookEndpoint(P.main, id)).status).toBe('enabled');

    // Rotation: a new secret, shown once, with the old one's end; the next delivery verifies with it.
    const rotated = await v.request(`${pages}/${id}/rotate-secret?lang=en`, { form: { csrf, expires_in_hours: '2' } });
    expect([rotated.status, rotated.location, rotated.headers.get('cache-control')]).toEqual([200, null, 'no-store']);
    const fresh2 = secretOn(rotated.html) as string;
    expect(fresh2).toMatch(/^whsec_/);
    expect(fresh2).not.toBe(secret);
    expect(rotated.html).toContain('The old secret signs deliveries beside the new one until');
    const next = await payment();
    const [hook2] = await deliveredTo('/dash', next);
    expect(verifyWebhook(fresh2, (hook2 as Received).headers as Record<string, string>, (hook2 as Received).body, clock.now()).ok).toBe(true);

    // Neither secret on any later page, nor in the log.
    for (const path of [pages, `${pages}/${id}`, `/dashboard/projects/${P.main}/deliveries`, `/dashboard/projects/${P.main}/requests`]) {
      const later = await v.request(`${path}?lang=en`);
      expect(later.html, path).not.toContain(secret);
      expect(later.html, path).not.toContain(fresh2);
    }
    const log = t.logs.join('');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(fresh2);

    // Delete: refused without its confirmation, done with it.
    const unconfirmed = await v.request(`${pages}/${id}/delete?lang=en`, { form: { csrf } });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.html).toContain('Tick the confirmation');
    expect((await t.client().getWebhookEndpoint(P.main, id)).status).toBe(200);
    const deleted = await v.request(`${pages}/${id}/delete?lang=en`, { form: { csrf, confirm: 'yes' } });
    expect([deleted.status, deleted.location]).toEqual([303, `${pages}?notice=deleted&lang=en`]);
    expect((await t.client().getWebhookEndpoint(P.main, id)).status).toBe(404);
    expect((await v.request(`${pages}/${id}?lang=en`)).status).toBe(404);
  });

  it('bad input is a notice on the page (400), the form kept: a long or non-http url, an unknown type, none, hours outside 0-168, a bad status', async () => {
    const v = await signedIn('203.0.113.62');
    const csrf = Visitor.csrf((await v.request(`${pages}/new?lang=en`)).html);
    const create = (fields: [string, string][]) => v.request(`${pages}?lang=en`, { form: [['csrf', csrf], ...fields] });
    const cases: [[string, string][], string][] = [
      [
        [
          ['url', `https://a.example/${'x'.repeat(2100)}`],
          ['event_types', '*'],
        ],
        'URL: an http(s) URL of at most 2048 characters',
      ],
      [
        [
          ['url', 'ftp://a.example/k'],
          ['event_types', '*'],
        ],
        'URL: an http(s) URL',
      ],
      [
        [
          ['url', 'https://a.example/k'],
          ['event_types', 'payment.updatd'],
        ],
        'Event types: tick at least one',
      ],
      [
        [
          ['url', 'https://a.example/k'],
          ['event_types', 'subscription.charged'],
        ],
        'Event types: tick at least one',
      ],
      [[['url', 'https://a.example/k']], 'Event types: tick at least one'],
      [
        [
          ['url', 'https://a.example/k'],
          ['event_types', '*'],
          ['description', 'd'.repeat(1025)],
        ],
        'Description: at most 1024 characters',
      ],
    ];
    const before = dataOf(await t.client().listWebhookEndpoints(P.main, { limit: 100 })).items.length;
    for (const [fields, notice] of cases) {
      const answer = await create(fields);
      expect(answer.status, notice).toBe(400);
      expect(answer.html, notice).toContain(notice);
      expect(secretOn(answer.html)).toBeUndefined();
    }
    // The form comes back as it was sent, escaped.
    const kept = await create([
      ['url', 'https://a.example/"><script>x</script>'],
      ['event_types', 'nope'],
    ]);
    expect(kept.html).toContain('value="https://a.example/&quot;');
    expect(kept.html).not.toContain('<script>x');
    expect(dataOf(await t.client().listWebhookEndpoints(P.main, { limit: 100 })).items).toHaveLength(before);

    const made = await create([
      ['url', 'https://bad-input.example/k'],
      ['event_types', '*'],
    ]);
    const id = endpointIdOn(made.html);
    for (const hours of ['169', '-1', 'soon', '1.5', '99999999']) {
      const answer = await v.request(`${pages}/${id}/rotate-secret?lang=en`, { form: { csrf, expires_in_hours: hours } });
      expect(answer.status, hours).toBe(400);
      expect(answer.html, hours).toContain("The old secret's time: a whole number of hours, 0 to 168");
      expect(secretOn(answer.html), hours).toBeUndefined();
    }
    expect(secretOn((await v.request(`${pages}/${id}/rotate-secret?lang=en`, { form: { csrf, expires_in_hours: '0' } })).html)).toMatch(/^whsec_/);
    const badStatus = await v.request(`${pages}/${id}/status?lang=en`, { form: { csrf, status: 'paused' } });
    expect([badStatus.status, badStatus.html.includes('Status: enabled or disabled')]).toEqual([400, true]);
    const badSettings = await v.request(`${pages}/${id}/settings?lang=en`, {
      form: [
        ['csrf', csrf],
        ['url', 'https://b.example/k'],
      ],
    });
    expect([badSettings.status, badSettings.html.includes('Event types: tick at least one')]).toEqual([400, true]);
    const saved = await v.request(`${pages}/${id}/settings?lang=en`, {
      form: [
        ['csrf', csrf],
        ['url', 'https://b.example/k'],
        ['event_types', 'contract.closed'],
        ['description', ''],
      ],
    });
    expect(saved.location).toBe(`${pages}/${id}?notice=saved&lang=en`);
    expect(dataOf(await t.client().getWebhookEndpoint(P.main, id))).toMatchObject({ url: 'https://b.example/k', event_types: ['contract.closed'], description: null });
    await t.client().deleteWebhookEndpoint(P.main, id);
  });

  it('refuses a POST without the CSRF token (403), an inactive project (403), another project or partner (404); the 16th endpoint is the last, the 17th a notice', async () => {
    const v = await signedIn('203.0.113.63');
    const csrf = Visitor.csrf((await v.request(`${pages}/new?lang=en`)).html);
    const mine = dataOf(await t.client().createWebhookEndpoint(P.main, { url: 'https://mine.example/k', event_types: ['*'] }));
    const count = async () => dataOf(await t.client().listWebhookEndpoints(P.main, { limit: 100 })).items.length;
    const before = await count();
    expect((await v.request(pages, { form: { url: 'https://a.example/k', event_types: '*' } })).status).toBe(403);
    expect((await v.request(pages, { form: { csrf: 'forged', url: 'https://a.example/k', event_types: '*' } })).status).toBe(403);
    expect(await count()).toBe(before);
    const noToken = await v.request(`${pages}/${mine.id}/rotate-secret`, { form: { expires_in_hours: '1' } });
    expect(noToken.status).toBe(403);
    expect(secretOn(noToken.html)).toBeUndefined();
    expect((await v.request(`${pages}/${mine.id}/delete`, { form: { confirm: 'yes' } })).status).toBe(403);
    expect((await t.client().getWebhookEndpoint(P.main, mine.id)).status).toBe(200);
    expect((await v.request(`/dashboard/projects/${P.inactive}/webhook-endpoints`, { form: { csrf, url: 'https://a.example/k', event_types: '*' } })).status).toBe(403);

    // Another project of the same partner: its pages know no such endpoint.
    const elsewhere = `/dashboard/projects/${P.noIp}/webhook-endpoints/${mine.id}`;
    expect((await v.request(elsewhere)).status).toBe(404);
    for (const [action, form] of [
      ['/rotate-secret', { csrf, expires_in_hours: '1' }],
      ['/status', { csrf, status: 'disabled' }],
      ['/settings', { csrf, url: 'https://x.example/k', event_types: '*' }],
      ['/delete', { csrf, confirm: 'yes' }],
    ] as const) {
      const answer = await v.request(`${elsewhere}${action}`, { form });
      expect(answer.status, action).toBe(404);
      expect(secretOn(answer.html), action).toBeUndefined();
    }
    // Another partner (not OTHER, whom the throttle test above locked out), in its own project or this one.
    const other = await signedIn('203.0.113.64', FLAGGED);
    const otherCsrf = Visitor.csrf((await other.request(`/dashboard/projects/${P.flagged}/webhook-endpoints?lang=en`)).html);
    expect((await other.request(`/dashboard/projects/${P.flagged}/webhook-endpoints/${mine.id}`)).status).toBe(404);
    expect((await other.request(`/dashboard/projects/${P.flagged}/webhook-endpoints/${mine.id}/status`, { form: { csrf: otherCsrf, status: 'disabled' } })).status).toBe(404);
    expect((await other.request(`${pages}/${mine.id}`)).status).toBe(404);
    expect(dataOf(await t.client().getWebhookEndpoint(P.main, mine.id)).status).toBe('enabled');
    await t.client().deleteWebhookEndpoint(P.main, mine.id);

    // The limit, in a project of its own: 16 made over the API, the 17th refused on the form.
    const full = `/dashboard/projects/${P.noPrice}/webhook-endpoints`;
    for (let i = 0; i < 16; i++) dataOf(await t.client().createWebhookEndpoint(P.noPrice, { url: `https://limit${i}.example/k`, event_types: ['*'] }));
    const refused = await v.request(`${full}?lang=en`, { form: { csrf, url: 'https://seventeen.example/k', event_types: '*' } });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('The project has 16 endpoints, the most it may: delete one first.');
    const listed = await v.request(`${full}?lang=en`);
    expect(listed.html).toContain("16 of the project's 16 endpoints.");
    expect(listed.html).not.toContain(`${full}/new`);
  });

  it('a refused address is a notice, on creation and in the settings (KASSA_WEBHOOK_PRIVATE_NETWORKS=refuse)', async () => {
    const strict = await startTestKassa({ KASSA_WEBHOOK_PRIVATE_NETWORKS: 'refuse' });
    try {
      const v = new Visitor(strict.kassa.urls.api, '203.0.113.65');
      expect((await v.signIn(MERCHANT.login, MERCHANT.password)).status).toBe(303);
      const csrf = Visitor.csrf((await v.request(`${pages}/new?lang=en`)).html);
      const refused = await v.request(`${pages}?lang=en`, { form: { csrf, url: 'http://127.0.0.1:9/k', event_types: '*' } });
      expect(refused.status).toBe(400);
      expect(refused.html).toContain('The URL was refused: it must be an http(s) URL of a public address.');
      // A public address literal is admitted (no lookup); changing it to a private one is refused.
      const made = await v.request(`${pages}?lang=en`, { form: { csrf, url: 'https://8.8.8.8/k', event_types: '*' } });
      expect(made.status).toBe(201);
      const id = endpointIdOn(made.html);
      const changed = await v.request(`${pages}/${id}/settings?lang=en`, { form: { csrf, url: 'http://10.0.0.1/k', event_types: '*' } });
      expect(changed.status).toBe(400);
      expect(changed.html).toContain('The URL was refused');
      expect(changed.html).toContain('value="http://10.0.0.1/k"');
      expect(dataOf(await strict.client().getWebhookEndpoint(P.main, id)).url).toBe('https://8.8.8.8/k');
    } finally {
      await strict.stop();
    }
  });
});
