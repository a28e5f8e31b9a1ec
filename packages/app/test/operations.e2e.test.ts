import { STORAGE_SCHEMA } from '@kassa-payments/operations';
import { startReceiver, type HttpReceiver, type Received } from '@kassa-payments/devkit';
import { KassaClient } from '@kassa-payments/merchant-client';
import { signXmlRequest } from '@kassa-payments/protocol';
import { buildInfo } from '../src/version.js';
import { XML_SERVICE_PATH } from '../src/xml-endpoints.js';
import { ManualClock } from '@kassa-payments/adapters-memory';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, eventually, fresh, MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The operator's side, over real HTTP on the storage of this run: the admin listener's health,
// readiness and metrics, the admin API (partners, projects, rotation, recovery, audit), and request
// ids from a merchant's call to the webhook it caused.
const TOKEN = 'e2e-admin-token-0123456789-abcdefghij';
const secret = (seed: string) => `whsec_${Buffer.from(seed.padEnd(32, '.')).toString('base64')}`;
const SECRET = secret('operations-webhook-secret');
const ip = '203.0.113.7';

let t: TestKassa;
let hooks: HttpReceiver;
/** Kassa's time, which the tests move (a password's cut-off, a recovery's range): it starts at the real time. */
const clock = new ManualClock(new Date());
/** Paths under /gone answer 410 (the delivery dies at once) until `reviving` turns them to 204. */
let reviving = false;

beforeAll(async () => {
  hooks = await startReceiver((r, res) => void res.writeHead(r.path.startsWith('/gone') && !reviving ? 410 : 204).end());
  const project = { id: P.main, defaultPrice: { amount: '10.00', currency: 'RUB' }, webhookUrl: `${hooks.url}/hooks`, webhookSecret: SECRET };
  t = await startTestKassa({ KASSA_ADMIN_TOKEN: TOKEN }, { clock, seed: { partners: [{ login: MERCHANT.login, password: MERCHANT.password, projects: [project] }] } });
});
afterAll(async () => {
  await t?.stop();
  await hooks?.close();
});

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the admin API's JSON as it comes
  readonly body: any;
}

async function admin(method: string, path: string, body?: unknown, token: string | null = TOKEN): Promise<Answer> {
  const response = await fetch(`${t.kassa.urls.admin}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/** One sample of the metrics, by its name and labels (`role` aside); 0 when absent. */
async function metric(name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = (await admin('GET', '/metrics')).body as string;
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return 0;
}

/** The whole audit log, page after page (newest first). */
async function auditLog(): Promise<{ action: string; target: string; from: string; actor: string; changes: Record<string, unknown> }[]> {
  const all = [];
  let cursor: string | null = null;
  do {
    const { body } = await admin('GET', `/admin/v1/audit?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    all.push(...body.data.items);
    cursor = body.data.next_cursor;
  } while (cursor !== null);
  return all;
}

const inSeconds = (s: number) => new Date(clock.now().getTime() + s * 1000).toISOString();
let projects = 900;
/** A partner and a project of its own, created through the admin API. */
async function onboard(extra: Record<string, unknown> = {}) {
  projects += 1;
  const login = `shop-${projects}-${Date.now() % 100_000}`;
  const password = `pw-${login}-0123456789`;
  expect((await admin('POST', '/admin/v1/partners', { login, password })).status).toBe(201);
  const created = await admin('POST', '/admin/v1/projects', { partnerLogin: login, id: projects, defaultPrice: { amount: '10.00', currency: 'RUB' }, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { login, password, projectId: projects, client: (p = password) => new KassaClient({ baseUrl: t.kassa.urls.api, login, password: p, now: () => clock.now() }) };
}

/** A contract authorized with the sandbox PIN: one contract.authorized event, one delivery per endpoint. */
async function authorizedContract(client: KassaClient, projectId: number) {
  const f = fresh();
  const contract = dataOf(await client.createContract(projectId, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
  expect((await client.authorizeContract(projectId, contract.contract_id, { client_ip: ip, pin_code: '1234' })).ok).toBe(true);
  return contract.contract_id;
}

const deliveredFor = (id: string, path: string, count = 1) =>
  eventually(
    async () => hooks.received.filter((r: Received) => r.path.startsWith(path) && r.body.includes(id)),
    (l) => l.length >= count,
    5_000,
  );

describe('the admin listener', () => {
  it('serves health, readiness and metrics; the admin API needs the bearer token; every answer has a request id', async () => {
    expect((await admin('GET', '/health', undefined, null)).body).toEqual({ status: 'ok', host: 'admin', version: buildInfo().version, commit: buildInfo().commit });
    const ready = await admin('GET', '/ready', undefined, null);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ ready: true, draining: false, checks: { storage: 'ok' } });
    const metrics = await admin('GET', '/metrics', undefined, null);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(metrics.body).toContain('# TYPE kassa_http_requests_total counter');
    expect(metrics.body).toContain('process_cpu_seconds_total');
    // The build, as Prometheus's build_info idiom has it: the package's version, a commit of 12 hex digits here (a checkout).
    expect(buildInfo().commit).toMatch(/^[0-9a-f]{12}$/);
    expect(metrics.body).toContain(`kassa_build_info{version="${buildInfo().version}",commit="${buildInfo().commit}",storage_schema="${STORAGE_SCHEMA}",role="all"} 1`);
    const anonymous = await admin('GET', '/admin/v1/partners', undefined, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, error: { code: 'ADMIN_UNAUTHORIZED', message: 'Authorization: Bearer <KASSA_ADMIN_TOKEN> is required' } });
    expect((await admin('GET', '/admin/v1/partners', undefined, `${TOKEN}x`)).status).toBe(401);
    // An unknown admin path tells a stranger nothing either.
    expect((await admin('GET', '/admin/v1/nothing-here', undefined, null)).status).toBe(401);
    const partners = await admin('GET', '/admin/v1/partners?limit=100');
    expect(partners.body.data.items).toContainEqual({ login: MERCHANT.login, password: '[set]', test_callback_allowed: false, previous_password: null });
    expect(partners.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await admin('GET', '/admin/v1/openapi.json', undefined, null)).body).toMatchObject({ openapi: '3.1.0', info: { title: 'Kassa admin API' } });
  });

  it('metric values move as the flows run: a created invoice counts once, by route template; a dead delivery shows in the gauge', async () => {
    const route = { host: 'api', route: '/api/v3/projects/:projectId/invoices', method: 'POST', status: '201' };
    const [created, requests] = [await metric('kassa_invoices_total', { outcome: 'created' }), await metric('kassa_http_requests_total', route)];
    const f = fresh();
    const invoice = dataOf(await t.client().createInvoice(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } }));
    expect(await metric('kassa_invoices_total', { outcome: 'created' })).toBe(created + 1);
    expect(await metric('kassa_http_requests_total', route)).toBe(requests + 1);
    expect(await metric('kassa_http_request_duration_seconds_count', route)).toBeGreaterThanOrEqual(requests + 1);
    // Bounded labels: the raw path (with its ids) is never one.
    expect((await admin('GET', '/metrics')).body).not.toContain(invoice.invoice_id);

    const dead = await metric('kassa_webhook_deliveries', { state: 'dead' });
    const gone = await metric('kassa_webhook_attempts_total', { outcome: 'gone' });
    const shop = await onboard({ webhookUrl: `${hooks.url}/gone/metrics`, webhookSecret: SECRET });
    await authorizedContract(shop.client(), shop.projectId);
    await eventually(
      () => metric('kassa_webhook_deliveries', { state: 'dead' }),
      (n) => n === dead + 1,
      5_000,
    );
    expect(await metric('kassa_webhook_attempts_total', { outcome: 'gone' })).toBe(gone + 1);
    expect(await metric('kassa_contracts_total', { outcome: 'authorized' })).toBeGreaterThan(0);
  });

  it('XML operations count by service, operation and ResultCode; an operation the service does not have counts as none (the label stays bounded)', async () => {
    const xml = async (operation: string) => {
      const now = `${new Date().toISOString().slice(0, 19)}Z`;
      const doc = signXmlRequest(
        `<Request><Header><Authentication><Login>${MERCHANT.login}</Login><NowUtc>${now}</NowUtc><Signature></Signature></Authentication></Header>${operation}</Request>`,
        MERCHANT.password,
        MERCHANT.login,
        now,
      );
      return (await fetch(`${t.kassa.urls.api}${XML_SERVICE_PATH}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: doc })).text();
    };
    const notFound = { service: 'invoices', operation: 'GetInvoice', result: '201' };
    const before = await metric('kassa_xml_operations_total', notFound);
    const answer = await xml(`<GetInvoiceRequest><ProjectID>${P.main}</ProjectID><InvoiceID>00000000-0000-4000-8000-000000000009</InvoiceID></GetInvoiceRequest>`);
    expect(answer).toContain('<ResultCode>201</ResultCode>');
    expect(await metric('kassa_xml_operations_total', notFound)).toBe(before + 1);
    const none = { service: 'invoices', operation: 'none', result: '404' };
    const noneBefore = await metric('kassa_xml_operations_total', none);
    expect(await xml('<NoSuchThingRequest/>')).toContain('<ResultCode>404</ResultCode>');
    expect(await metric('kassa_xml_operations_total', none)).toBe(noneBefore + 1);
  });

  it('a project created through the admin API serves a signed request within a second, with no restart', async () => {
    const shop = await onboard();
    const f = fresh();
    const answer = await eventually(
      () => shop.client().createInvoice(shop.projectId, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } }),
      (r) => r.ok,
      1_000,
    );
    expect(answer.ok).toBe(true);
    // Created from now on, a project takes signature version 5 only (3 and 4 let a captured signature act elsewhere).
    const v4 = new KassaClient({ baseUrl: t.kassa.urls.api, login: shop.login, password: shop.password, signatureVersion: 4 });
    expect((await v4.getInvoice(shop.projectId, answer.ok ? answer.data.invoice_id : '')).status).toBe(401);
    expect((await admin('GET', `/admin/v1/projects/${shop.projectId}`)).body).toMatchObject({ data: { min_signature_version: 5 } });
    // Refused as the seed file is: a message naming the field.
    const bad = await admin('POST', '/admin/v1/projects', { partnerLogin: shop.login, id: 999_001, webhookUrl: 'https://shop.example/hooks' });
    expect(bad).toMatchObject({ status: 400, body: { success: false, error: { code: 'BAD_REQUEST', message: 'webhook_secret: webhookSecret is required with webhookUrl' } } });
    expect((await admin('PATCH', `/admin/v1/projects/${shop.projectId}`, { ipWhitelist: ['not-an-ip'] })).body.error.message).toMatch(/^ipWhitelist\.0: /);
    expect((await admin('POST', '/admin/v1/projects', { partnerLogin: shop.login, id: shop.projectId })).status).toBe(409);
    expect((await admin('POST', '/admin/v1/partners', { login: shop.login, password: 'another-password-0123' })).status).toBe(409);
    // A change applies without a restart too: the project switched off refuses the partner's next request.
    expect((await admin('PATCH', `/admin/v1/projects/${shop.projectId}`, { active: false })).body.data).toMatchObject({ id: shop.projectId, active: false });
    const off = await eventually(
      () => shop.client().getInvoice(shop.projectId, dataOf(answer).invoice_id),
      (r) => !r.ok,
      7_000,
    );
    expect(off.status).toBe(403);
  });

  it('a rotated password: both verify until the cut-off, only the new one after it', async () => {
    const shop = await onboard();
    // A cut-off a few seconds ahead by Kassa's clock, which stands still until the test moves it.
    const cutOff = inSeconds(4);
    const rotated = await admin('POST', `/admin/v1/partners/${shop.login}/password/rotate`, { password: `${shop.password}-new`, previousValidUntil: cutOff });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data).toMatchObject({ password: '[set]', previous_password: { value: '[set]' } });
    const get = (password: string) => shop.client(password).findInvoiceByOrderId(shop.projectId, 'no-such-order');
    expect((await get(`${shop.password}-new`)).status).toBe(404);
    expect((await get(shop.password)).status).toBe(404);
    // A millisecond before the cut-off the old one still verifies; at the cut-off it no longer does.
    clock.set(new Date(Date.parse(cutOff) - 1));
    expect((await get(shop.password)).status).toBe(404);
    clock.set(cutOff);
    expect((await get(shop.password)).status).toBe(401);
    expect((await get(`${shop.password}-new`)).status).toBe(404);
  });

  it('a webhook sent during the overlap verifies with either secret, by the unmodified standardwebhooks library', async () => {
    const OLD = secret('rotation-old-secret');
    const NEW = secret('rotation-new-secret');
    const shop = await onboard({ webhookUrl: `${hooks.url}/rotation`, webhookSecret: OLD });
    expect((await admin('POST', `/admin/v1/projects/${shop.projectId}/secrets/webhook/rotate`, { secret: NEW, previousValidUntil: inSeconds(600) })).status).toBe(200);
    const contractId = await authorizedContract(shop.client(), shop.projectId);
    const [hook] = await deliveredFor(contractId, '/rotation');
    const headers = hook?.headers as Record<string, string>;
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const key of [OLD, NEW]) expect(new Webhook(key).verify(hook?.body ?? '', headers)).toMatchObject({ type: 'contract.authorized' });
    // A secret that is neither does not verify.
    expect(() => new Webhook(secret('a-third-secret')).verify(hook?.body ?? '', headers)).toThrow();
  });

  it('bulk recovery redelivers exactly the dead deliveries of the project and range asked for', async () => {
    const shop = await onboard({ webhookUrl: `${hooks.url}/gone/recovery`, webhookSecret: SECRET });
    const other = await onboard({ webhookUrl: `${hooks.url}/gone/recovery-other`, webhookSecret: SECRET });
    const dead = async (projectId: number, count: number) =>
      eventually(
        async () => (await admin('GET', `/admin/v1/deliveries?state=dead&project_id=${projectId}&limit=100`)).body.data.items as { delivery_id: string }[],
        (l) => l.length >= count,
        5_000,
      );
    const first = await authorizedContract(shop.client(), shop.projectId);
    const before = (await dead(shop.projectId, 1)).map((d) => d.delivery_id);
    // The range begins after the first's delivery was made, by Kassa's clock.
    clock.advance(1);
    const from = clock.now().toISOString();
    const second = await authorizedContract(shop.client(), shop.projectId);
    const third = await authorizedContract(shop.client(), shop.projectId);
    const elsewhere = await authorizedContract(other.client(), other.projectId);
    const inRange = (await dead(shop.projectId, 3)).map((d) => d.delivery_id).filter((id) => !before.includes(id));
    const otherDead = (await dead(other.projectId, 1)).map((d) => d.delivery_id);
    reviving = true;
    try {
      const recovered = await admin('POST', '/admin/v1/deliveries/recover', { projectId: shop.projectId, from, until: inSeconds(60) });
      expect(recovered.status).toBe(200);
      expect(recovered.body.data.recovered).toBe(2);
      expect([...recovered.body.data.delivery_ids].sort()).toEqual([...inRange].sort());
      for (const id of [second, third]) expect((await deliveredFor(id, '/gone/recovery', 2)).length).toBe(2);
      // The first (before the range) and the other project's stay dead.
      const still = (await admin('GET', '/admin/v1/deliveries?state=dead&limit=100')).body.data.items.map((d: { delivery_id: string }) => d.delivery_id);
      expect(still).toEqual(expect.arrayContaining([...before, ...otherDead]));
      for (const id of inRange) expect(still).not.toContain(id);
      expect(hooks.received.filter((r) => r.body.includes(first)).length).toBe(1);
      expect(hooks.received.filter((r) => r.body.includes(elsewhere)).length).toBe(1);
    } finally {
      reviving = false;
    }
  });

  it('every admin change is in the audit log, from where, with its secrets masked', async () => {
    const shop = await onboard({ webhookUrl: `${hooks.url}/audited?key=url-token-s3cr3t`, webhookSecret: secret('audited-secret') });
    await admin('POST', `/admin/v1/partners/${shop.login}/password/rotate`, { password: 'rotated-password-0123456789', previousValidUntil: inSeconds(60) });
    const entries = await auditLog();
    const body = { entries };
    const mine = (entries as { action: string; target: string; from: string; actor: string; changes: Record<string, unknown> }[]).filter(
      (e) => e.target === `partner:${shop.login}` || e.target === `project:${shop.projectId}`,
    );
    expect(mine.map((e) => e.action).sort()).toEqual(['partner.created', 'project.created', 'secret.rotated']);
    for (const e of mine) expect(e).toMatchObject({ actor: 'admin-token', from: expect.stringMatching(/127\.0\.0\.1/) });
    expect(mine.find((e) => e.action === 'partner.created')?.changes).toMatchObject({ login: shop.login, password: '[set]' });
    expect(mine.find((e) => e.action === 'project.created')?.changes).toMatchObject({ webhook_secret: '[set]', webhook_url: `${hooks.url}/audited` });
    const text = JSON.stringify(body);
    // Nor a URL's query, where a merchant may keep a token.
    for (const plain of [shop.password, 'rotated-password-0123456789', secret('audited-secret'), 'url-token-s3cr3t']) expect(text).not.toContain(plain);
    // The seed file's import is audited too, as its own actor.
    expect(body.entries.some((e: { actor: string; target: string }) => e.actor === 'seed-file' && e.target === `partner:${MERCHANT.login}`)).toBe(true);
    // The admin API's answers never show a secret either.
    expect(JSON.stringify((await admin('GET', `/admin/v1/projects/${shop.projectId}`)).body)).not.toContain('whsec_');
  });

  it('the admin request log keeps a URL without its query, as the audit log does: a token a merchant put in a URL is in no log line', async () => {
    const token = `log-token-${Date.now()}`;
    const shop = await onboard({ webhookUrl: `${hooks.url}/logged?key=${token}`, webhookSecret: secret('logged-secret'), returnUrl: `https://shop.example/back#${token}` });
    expect((await admin('PATCH', `/admin/v1/projects/${shop.projectId}`, { subscriptionNotificationUrl: `https://shop.example/subs?key=${token}` })).status).toBe(200);
    // Basic auth in the URL: its user and password are no one's business in a log either.
    expect((await admin('PATCH', `/admin/v1/projects/${shop.projectId}`, { returnUrl: `https://user:${token}@shop.example/back` })).status).toBe(200);
    // A refused body is logged too (a 400), its URLs as well without their query.
    expect((await admin('POST', '/admin/v1/projects', { partnerLogin: shop.login, id: shop.projectId + 50_000, webhookUrl: `https://shop.example/refused?key=${token}` })).status).toBe(400);
    const logged = t.logs.filter((l) => l.includes('"host":"admin"') && l.includes('"path":"/admin/v1/projects'));
    for (const url of [`${hooks.url}/logged`, 'https://shop.example/back', 'https://shop.example/subs', 'https://shop.example/refused']) expect(logged.join('\n')).toContain(`"${url}"`);
    expect(t.logs.filter((l) => l.includes(token))).toEqual([]);
  });

  it('a partner password has at least 12 characters wherever it is set (create, change, rotate): 400 naming the field, and nothing changed', async () => {
    const shop = await onboard();
    const weak = { status: 400, body: { success: false, error: { code: 'BAD_REQUEST', message: 'password: must be at least 12 characters' } } };
    for (const password of ['a', 'elevenchars', '']) {
      expect(await admin('POST', '/admin/v1/partners', { login: `weak-${shop.login}`, password }), password).toMatchObject(weak);
      expect(await admin('PATCH', `/admin/v1/partners/${shop.login}`, { password }), password).toMatchObject(weak);
      expect(await admin('POST', `/admin/v1/partners/${shop.login}/password/rotate`, { password, previousValidUntil: inSeconds(60) }), password).toMatchObject(weak);
    }
    expect((await admin('GET', `/admin/v1/partners/weak-${shop.login}`)).status).toBe(404);
    expect((await shop.client().findInvoiceByOrderId(shop.projectId, 'none')).status).toBe(404);
    // Twelve are enough.
    expect((await admin('POST', '/admin/v1/partners', { login: `strong-${shop.login}`, password: 'twelve-chars' })).status).toBe(201);
  });

  it('a login has no control character, space or markup character: 400 with a clear message, and no partner', async () => {
    const message = 'login: must be 1 to 128 of the letters a-z and A-Z, digits and . _ - @ +, beginning with a letter or digit (no space, control or markup character)';
    for (const login of [
      'two\nlines',
      'tab\there',
      'with space',
      '<b>shop</b>',
      'a"b',
      "a'b",
      'a&b',
      'a>b',
      'nul\u0000',
      'bidi\u202eevil',
      'del\u007f',
      '-looks-like-an-option',
      'кириллица',
      '',
      'x'.repeat(129),
    ]) {
      const refused = await admin('POST', '/admin/v1/partners', { login, password: 'a-strong-enough-password' });
      expect(refused, JSON.stringify(login)).toMatchObject({ status: 400, body: { success: false, error: { code: 'BAD_REQUEST', message } } });
    }
    expect((await admin('GET', '/admin/v1/partners?limit=100')).body.data.items.map((p: { login: string }) => p.login).filter((l: string) => !/^[A-Za-z0-9][\w.@+-]*$/.test(l))).toEqual([]);
    expect((await admin('POST', '/admin/v1/partners', { login: `Shop.name_1@example+x-${Date.now()}`, password: 'a-strong-enough-password' })).status).toBe(201);
  });
});

describe('request ids', () => {
  it('a request id sent in comes back, is in the log line, and is in the event of the webhook it caused', async () => {
    const id = `shop-req-${Date.now()}`;
    const client = t.client().withOptions({ headers: { 'X-Request-Id': id } });
    const f = fresh();
    const created = await client.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid });
    expect(created.headers.get('x-request-id')).toBe(id);
    const contractId = dataOf(created).contract_id;
    await client.authorizeContract(P.main, contractId, { client_ip: ip, pin_code: '1234' });
    const [hook] = await deliveredFor(contractId, '/hooks');
    const eventId = hook?.headers['webhook-id'];
    const events = dataOf(await t.client().listEvents(P.main, { type: 'contract.authorized' })).events;
    expect(events.find((e) => e.id === eventId)).toMatchObject({ request_id: id });
    await eventually(
      async () => t.logs.filter((l) => l.includes(`"requestId":"${id}"`) && l.includes('"msg":"request"')),
      (l) => l.length >= 2,
      2_000,
    );
  });

  it("a job a request caused carries its id: the charge after an authorization records payment.updated with the authorizing call's id", async () => {
    const id = `shop-pay-${Date.now()}`;
    const f = fresh();
    const invoice = dataOf(await t.client().createInvoice(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } }));
    await t
      .client()
      .withOptions({ headers: { 'X-Request-Id': id } })
      .authorizeInvoice(P.main, invoice.invoice_id, { client_ip: ip, pin_code: '1234' });
    const [hook] = await deliveredFor(invoice.invoice_id, '/hooks');
    const events = dataOf(await t.client().listEvents(P.main, { type: 'payment.updated' })).events;
    expect(events.find((e) => e.id === hook?.headers['webhook-id'])).toMatchObject({ type: 'payment.updated', request_id: id });
  });

  it("a test clock's advance runs as a job of the call that asked for it: test_clock.ready, and what fell due on the way, carry that call's id", async () => {
    const id = `shop-clock-${Date.now()}`;
    const clock = dataOf(await t.client().createTestClock(P.main, { frozen_time: '2027-01-01T00:00:00Z', name: 'request ids' }));
    const f = fresh();
    const on = { test_info: { test_clock_id: clock.test_clock_id } };
    const contract = dataOf(await t.client().createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid, ...on }));
    await t.client().authorizeContract(P.main, contract.contract_id, { client_ip: ip, pin_code: '1234' });
    // A year and a day: the contract expires on the way, in a piece of work the advance runs.
    await t
      .client()
      .withOptions({ headers: { 'X-Request-Id': id } })
      .advanceTestClock(P.main, clock.test_clock_id, { frozen_time: '2028-01-02T00:00:00Z' }, { wait: true });
    const ofClock = async (type: 'test_clock.ready' | 'contract.closed', needle: string) =>
      eventually(
        async () => dataOf(await t.client().listEvents(P.main, { type })).events.filter((e) => JSON.stringify(e.data).includes(needle)),
        (found) => found.length > 0,
        10_000,
      );
    expect((await ofClock('test_clock.ready', clock.test_clock_id))[0]).toMatchObject({ type: 'test_clock.ready', request_id: id });
    expect((await ofClock('contract.closed', contract.contract_id))[0]).toMatchObject({ type: 'contract.closed', request_id: id });
    // A year of a clock on MongoDB, waited for: longer than a request's test.
  }, 30_000);

  it('an ill-formed request id is replaced with a new one; every listener answers with one, errors included', async () => {
    const bad = await fetch(`${t.kassa.urls.api}/health`, { headers: { 'x-request-id': 'x'.repeat(129) } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    for (const base of [t.kassa.urls.api, t.kassa.urls.pci, t.kassa.urls.widget, t.kassa.urls.subs, t.kassa.urls.admin]) {
      const answer = await fetch(`${base}/no-such-path`, { headers: { 'x-request-id': 'ops-1' } });
      expect(answer.headers.get('x-request-id'), base).toBe('ops-1');
    }
  });
});

describe('metrics behind the token', () => {
  it('KASSA_ADMIN_METRICS_AUTH=token: /metrics needs the token from loopback too', async () => {
    const k = await startTestKassa({ KASSA_ADMIN_METRICS_AUTH: 'token', KASSA_ADMIN_TOKEN: TOKEN });
    try {
      expect((await fetch(`${k.kassa.urls.admin}/metrics`)).status).toBe(401);
      // A header's claim to be local changes nothing.
      expect((await fetch(`${k.kassa.urls.admin}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(401);
      expect((await fetch(`${k.kassa.urls.admin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    } finally {
      await k.stop();
    }
    // A second Kassa's start and stop (with a drain) on a loaded machine: more than the default 5 s.
  }, 20_000);
});

describe('draining', () => {
  it('/ready turns false as soon as a stop begins, while the public listeners still answer; /health stays alive', async () => {
    const k = await startTestKassa({ KASSA_DRAIN_SECONDS: '2' });
    const stopping = k.stop();
    try {
      const ready = await fetch(`${k.kassa.urls.admin}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ready: false, draining: true });
      expect((await fetch(`${k.kassa.urls.admin}/health`)).status).toBe(200);
      expect((await fetch(`${k.kassa.urls.api}/health`)).status).toBe(200);
    } finally {
      await stopping;
    }
    // A second Kassa's start and stop (with a drain) on a loaded machine: more than the default 5 s.
  }, 20_000);
});
