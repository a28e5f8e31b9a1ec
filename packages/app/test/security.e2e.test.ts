import { startReceiver } from '@kassa-payments/devkit';
import { compactUtc } from '@kassa-payments/domain';
import { signSubscriptionRequest, signXmlRequest } from '@kassa-payments/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, FLAGGED, fresh, MERCHANT, P, PRODUCTION, SEED, startTestKassa, type TestKassa } from './e2e.fixture.js';
import { ManualClock } from '@kassa-payments/adapters-memory';
import { atNextWindow, MINUTE_MS } from './fixed-window.fixture.js';
import { XML_SERVICE_PATH } from '../src/xml-endpoints.js';
import { configSchema } from '../src/config.js';
import { buildContainer } from '../src/container.js';
import { settingsOf } from '../src/settings.js';
import { inProcessJobs } from '../src/in-process-jobs.js';
import { createLogger } from '../src/logger.js';
import { inMemoryStorage } from '../src/storage.js';
import { TOKENS } from '../src/tokens.js';

// The defects an attacker found (issue "Signatures that cover what they sign"), each over real HTTP.
const ip = '203.0.113.7';
const codeOf = (r: { status: number; ok: boolean; error?: { code: string } }) => `${r.status} ${r.ok ? 'ok' : r.error?.code}`;

describe('test_info.callback_url: no way into private networks (SSRF)', () => {
  let t: TestKassa;
  let limited: TestKassa;
  /** The limited Kassa's time: its rate's minutes begin where the test says. */
  const limitedClock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await startTestKassa({ KASSA_CALLBACK_PRIVATE_NETWORKS: 'refuse' });
    limited = await startTestKassa({ KASSA_CALLBACK_PRIVATE_NETWORKS: 'refuse', KASSA_CALLBACK_RATE_PER_MINUTE: '3' }, { clock: limitedClock });
  });
  afterAll(async () => {
    await t.stop();
    await limited.stop();
  });
  const create = (login: { login: string; password: string }, project: number, callbackUrl: string, k = t) => {
    const f = fresh();
    return k
      .client(login)
      .createInvoice(project, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId }, test_info: { callback_url: callbackUrl } });
  };

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::1]/',
    'http://0177.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.8/',
    'http://[fd00::1]/',
  ])('a flagged partner: %s is 400 TEST_CALLBACK_URL_REJECTED, nothing created', async (url) => {
    const r = await create(FLAGGED, P.flagged, url);
    expect(codeOf(r)).toBe('400 TEST_CALLBACK_URL_REJECTED');
  });

  it('a partner without the flag: TEST_CALLBACK_URL_FORBIDDEN first, whatever the target', async () => {
    expect(codeOf(await create(MERCHANT, P.main, 'http://127.0.0.1/'))).toBe('400 TEST_CALLBACK_URL_FORBIDDEN');
    expect(codeOf(await create(MERCHANT, P.main, 'http://93.184.216.34/'))).toBe('400 TEST_CALLBACK_URL_FORBIDDEN');
  });

  it('a public target is accepted, up to the partner rate (3 a minute here; refusals count too): then 429 TEST_CALLBACK_URL_RATE_LIMITED with Retry-After', async () => {
    // All in the minute that begins here: the limited Kassa's clock stands still meanwhile.
    atNextWindow(limitedClock, MINUTE_MS);
    expect(codeOf(await create(FLAGGED, P.flagged, 'http://127.0.0.1/', limited))).toBe('400 TEST_CALLBACK_URL_REJECTED');
    for (let i = 0; i < 2; i++) expect(codeOf(await create(FLAGGED, P.flagged, `http://93.184.216.34/hook-${i}`, limited))).toBe('201 ok');
    const refused = await create(FLAGGED, P.flagged, 'http://93.184.216.34/hook-4', limited);
    expect(codeOf(refused)).toBe('429 TEST_CALLBACK_URL_RATE_LIMITED');
    // When a point comes back: within the minute's window, in whole seconds.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter >= 1 && retryAfter <= 60).toBe(true);
  });
});

describe('the assembled sender: test callbacks reach public addresses only, unless private networks are allowed', () => {
  it.each([
    ['refuse', 'failure'],
    ['allow', 'success'],
  ] as const)('KASSA_CALLBACK_PRIVATE_NETWORKS=%s: a test callback to a local receiver is a %s; the project webhook is delivered either way', async (setting, expected) => {
    const receiver = await startReceiver();
    try {
      const config = configSchema.parse({ KASSA_CALLBACK_PRIVATE_NETWORKS: setting, KASSA_LOG_LEVEL: 'silent' });
      const logger = createLogger('silent');
      const container = buildContainer({
        settings: settingsOf(config),
        logger,
        storage: inMemoryStorage(),
        jobs: inProcessJobs(logger),
        extensions: {},
        urls: { api: '/', widget: 'http://localhost' },
      });
      const { webhooks } = container.get(TOKENS.Ports);
      const send = (channel: string) => webhooks.send({ channel, url: `${receiver.url}/${channel}`, contentType: 'application/json', body: '{}' }, { webhookId: `evt-${channel}`, secret: null });
      expect((await send('test-callback')).outcome.kind).toBe(expected);
      expect((await send('webhook')).outcome.kind).toBe('success');
      expect(receiver.received.map((r) => r.path)).toEqual(expected === 'success' ? ['/test-callback', '/webhook'] : ['/webhook']);
    } finally {
      await receiver.close();
    }
  });
});

describe('production: an unknown login is told from a wrong signature by nothing', () => {
  let t: TestKassa;
  const SUBS = 71;
  const SECRET = `whsec_${Buffer.from('security-subs-secret-2026').toString('base64')}`;
  beforeAll(async () => {
    const partners = [...SEED.partners.map((p) => (p.login === MERCHANT.login ? { ...p, projects: [...p.projects, { id: SUBS, subscriptionSecret: SECRET }] } : p))];
    t = await startTestKassa(PRODUCTION, { seed: { partners } });
  });
  afterAll(() => t.stop());
  const strip = (text: string) => text.replace(/"timestamp":"[^"]*"/g, '');

  it('JSON v3: the same status and body', async () => {
    const unknown = await t.client({ login: 'nobody-here' }).getInvoice(P.main, '00000000-0000-4000-8000-000000000001');
    const wrong = await t.client({ password: 'wrong-password' }).getInvoice(P.main, '00000000-0000-4000-8000-000000000001');
    // Every header alike but the request's own id.
    const seen = (r: typeof unknown) => ({ ...r, headers: Object.fromEntries([...r.headers.entries()].filter(([name]) => name !== 'x-request-id' && name !== 'date')) });
    expect(seen(unknown)).toEqual(seen(wrong));
    expect(codeOf(unknown)).toBe('401 AUTH_INVALID_SIGNATURE');
  });

  it('XML 2.9: the same document', async () => {
    const post = async (login: string, password: string) => {
      const now = `${new Date().toISOString().slice(0, 19)}Z`;
      const doc = signXmlRequest(
        `<Request><Header><Authentication><Login>${login}</Login><NowUtc>${now}</NowUtc><Signature></Signature></Authentication></Header><GetInvoiceRequest><ProjectID>${P.main}</ProjectID><InvoiceID>x</InvoiceID></GetInvoiceRequest></Request>`,
        password,
        login,
        now,
      );
      const res = await fetch(`${t.kassa.urls.api}${XML_SERVICE_PATH}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: doc });
      return `${res.status} ${strip(await res.text())}`;
    };
    const unknown = await post('nobody-here', 'x');
    expect(unknown).toBe(await post(MERCHANT.login, 'wrong-password'));
    expect(unknown).toContain('<ResultCode>101</ResultCode>');
  });

  it('the subscription service: an unknown project, a project without the service and a wrong signature answer alike', async () => {
    const post = async (project: number, secret: string) => {
      const now = compactUtc(new Date().toISOString());
      const doc = signSubscriptionRequest(`<Request><SubscriptionProjectID>${project}</SubscriptionProjectID><Now>${now}</Now><Signature></Signature></Request>`, secret, project, now, 'v1');
      const res = await fetch(`${t.kassa.urls.subs}/Http/Services/GetSubscriptions`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: doc });
      return `${res.status} ${await res.text()}`;
    };
    const wrong = await post(SUBS, 'whsec_d3Jvbmc=');
    expect(await post(99_999, 'x')).toBe(wrong);
    expect(await post(P.main, 'x')).toBe(wrong);
    expect(wrong).toContain('<StatusName>InvalidSignature</StatusName>');
    expect(await post(SUBS, SECRET)).toContain('REQUEST_ACCEPTED');
  });
});

describe('project settings and the drift window', () => {
  let t: TestKassa;
  const V4_ONLY = 72;
  const SUBS = 74;
  const SECRET = `whsec_${Buffer.from('security-drift-subs-secret').toString('base64')}`;
  beforeAll(async () => {
    const partners = SEED.partners.map((p) =>
      p.login === MERCHANT.login ? { ...p, projects: [...p.projects, { id: V4_ONLY, minSignatureVersion: 4, clientIpRequired: false }, { id: SUBS, subscriptionSecret: SECRET }] } : p,
    );
    t = await startTestKassa({ KASSA_SIGNATURE_DRIFT_SECONDS: '60' }, { seed: { partners } });
  });
  afterAll(() => t.stop());

  it('minSignatureVersion 4: version 3 (which does not cover the body) is 401; version 4 is served', async () => {
    const id = '00000000-0000-4000-8000-000000000002';
    const v3 = await t.client({ version: 3 }).getInvoice(V4_ONLY, id);
    expect([codeOf(v3), !v3.ok && v3.error.message]).toEqual(['401 AUTH_INVALID_SIGNATURE', expect.stringContaining('does not accept X-Signature-Version 3')]);
    expect(codeOf(await t.client({ version: 4 }).getInvoice(V4_ONLY, id))).toBe('404 INVOICE_NOT_FOUND');
    expect(codeOf(await t.client({ version: 3 }).getInvoice(P.main, id))).toBe('404 INVOICE_NOT_FOUND');
  });

  it('KASSA_SIGNATURE_DRIFT_SECONDS=60: a request signed two minutes ago is refused on JSON v3, XML 2.9 and the subscription service, naming the window', async () => {
    const past = () => new Date(Date.now() - 120_000);
    const json = await t.client({ now: past }).getInvoice(P.main, '00000000-0000-4000-8000-000000000003');
    expect([codeOf(json), !json.ok && json.error.message]).toEqual(['401 AUTH_INVALID_TIMESTAMP', expect.stringContaining('more than 1 minute')]);
    const now = `${past().toISOString().slice(0, 19)}Z`;
    const doc = signXmlRequest(
      `<Request><Header><Authentication><Login>${MERCHANT.login}</Login><NowUtc>${now}</NowUtc><Signature></Signature></Authentication></Header><GetInvoiceRequest><ProjectID>${P.main}</ProjectID><InvoiceID>x</InvoiceID></GetInvoiceRequest></Request>`,
      MERCHANT.password,
      MERCHANT.login,
      now,
    );
    const xml = await (await fetch(`${t.kassa.urls.api}${XML_SERVICE_PATH}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: doc })).text();
    expect(xml).toContain('<ResultCode>102</ResultCode>');
    const subs = async (at: Date) => {
      const compact = compactUtc(at.toISOString());
      const doc = signSubscriptionRequest(`<Request><SubscriptionProjectID>${SUBS}</SubscriptionProjectID><Now>${compact}</Now><Signature></Signature></Request>`, SECRET, SUBS, compact, 'v1');
      return (await fetch(`${t.kassa.urls.subs}/Http/Services/GetSubscriptions`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: doc })).text();
    };
    expect(await subs(past())).toContain('<StatusName>InvalidTimestamp</StatusName>');
    expect(await subs(new Date(Date.now() - 30_000))).toContain('<StatusName>REQUEST_ACCEPTED</StatusName>');
  });
});

describe('framing: only the widget is framed, and only by its project', () => {
  let t: TestKassa;
  let production: TestKassa;
  const SHOP = 73;
  beforeAll(async () => {
    const partners = SEED.partners.map((p) =>
      p.login === MERCHANT.login
        ? {
            ...p,
            projects: [...p.projects, { id: SHOP, clientIpRequired: false, defaultPrice: { amount: '10.00', currency: 'RUB' }, widgetOrigins: ['https://shop.example', 'https://m.shop.example'] }],
          }
        : p,
    );
    t = await startTestKassa({}, { seed: { partners } });
    production = await startTestKassa(PRODUCTION);
  });
  afterAll(async () => {
    await t.stop();
    await production.stop();
  });
  const cardInvoice = async (k: TestKassa, project: number) => {
    const f = fresh();
    const i = dataOf(
      await k
        .client()
        .createInvoice(project, { client_ip: ip, customer: { type: 'undefined_bank_card', source: 'shop', country: 'RU', merchant_customer_id: f.mcid }, order: { merchant_order_id: f.orderId } }),
    );
    return { url: i.authorization.url ?? '', token: i.authorization.token ?? '', id: i.invoice_id };
  };
  const framing = async (url: string, init?: RequestInit) => {
    const res = await fetch(url, { redirect: 'manual', ...init });
    const policy = res.headers.get('content-security-policy') ?? '';
    return { ancestors: /frame-ancestors ([^;]*)/.exec(policy)?.[1], xfo: res.headers.get('x-frame-options'), status: res.status };
  };

  it('the hosted payment page and its card form: never framed', async () => {
    const { url, token, id } = await cardInvoice(t, SHOP);
    expect(await framing(url)).toMatchObject({ ancestors: "'none'", xfo: 'DENY' });
    const form = new URLSearchParams({ invoiceId: id, t: token, lang: 'en', card_number: '1234', card_expiry: '12/30', card_security_code: '739' });
    expect(await framing(`${new URL(url).origin}/Card/Sbp/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form })).toMatchObject({
      status: 400,
      ancestors: "'none'",
      xfo: 'DENY',
    });
  });

  it("the widget's frame (embedded): the project's widgetOrigins; any origin only in the test environment; none by default in production", async () => {
    const shop = await cardInvoice(t, SHOP);
    expect(await framing(`${shop.url}&embedded=1`)).toMatchObject({ ancestors: 'https://shop.example https://m.shop.example', xfo: null });
    const demo = await cardInvoice(t, P.main);
    expect(await framing(`${demo.url}&embedded=1`)).toMatchObject({ ancestors: '*' });
    const prod = await cardInvoice(production, P.main);
    expect(await framing(`${prod.url}&embedded=1`)).toMatchObject({ ancestors: "'none'", xfo: 'DENY' });
  });

  it('the seed refuses widgetOrigins * in production, naming the field', async () => {
    const seed = { partners: [{ login: 'x', password: 'seed-password-1', projects: [{ id: 1, widgetOrigins: ['*'] }] }] };
    await expect(startTestKassa(PRODUCTION, { seed })).rejects.toThrow(/widgetOrigins: \* is allowed only in the test environment/);
    const bad = { partners: [{ login: 'x', password: 'seed-password-1', projects: [{ id: 1, widgetOrigins: ['https://shop.example/path'] }] }] };
    await expect(startTestKassa({}, { seed: bad })).rejects.toThrow(/widgetOrigins/);
  });
});

describe('the subscriptions host answers in its XML everywhere', () => {
  let t: TestKassa;
  beforeAll(async () => {
    t = await startTestKassa();
  });
  afterAll(() => t.stop());

  it('an unknown method, an unknown path and a malformed path: an XML Response, never the JSON envelope', async () => {
    for (const path of ['/Http/Services/NoSuchMethod.aspx', '/nothing/here', '/Http/Services/%E0%A4%A.aspx']) {
      const res = await fetch(`${t.kassa.urls.subs}${path}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<Request/>' });
      const text = await res.text();
      expect(res.headers.get('content-type'), path).toBe('text/xml; charset=utf-8');
      expect(text).toMatch(/^<\?xml[^>]*\?><Response><StatusID>\d+<\/StatusID><StatusName>/);
      expect([res.status, text.includes('<StatusName>MethodNotFound</StatusName>')]).toEqual([404, true]);
    }
    expect((await fetch(`${t.kassa.urls.subs}/health`)).status).toBe(200);
  });
});
