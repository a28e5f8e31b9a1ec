import { merchantTool, merchantToolsInstalled, startReceiver, type HttpReceiver, type Received } from '@kassa-payments/devkit';
import { verifyWebhook, type WebhookEndpointWithSecretData } from '@kassa-payments/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, eventually, MERCHANT, OTHER, P, PRODUCTION, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The merchants' own webhook endpoints, end to end: the JSON API on the assembled app, real HTTP
// receivers, each delivery verified with its endpoint's secret (the protocol's helper, and the
// unmodified Python `standardwebhooks` library).
const FAN_OUT = 81;
const LIMITED = 82;
const DISABLING = 83;
const PROJECT_SECRET = `whsec_${Buffer.from('kassa-endpoints-project-secret-2026').toString('base64')}`;
const T0 = '2027-03-01T00:00:00Z';
const HOUR = 3_600_000;
const ip = '203.0.113.7';

let t: TestKassa;
let hooks: HttpReceiver;
/** Answers 500 until `failing.ok` is set: an endpoint that is down. */
let failing: HttpReceiver;
const failingState = { ok: false };

beforeAll(async () => {
  hooks = await startReceiver();
  failing = await startReceiver((_r, res) => void res.writeHead(failingState.ok ? 204 : 500).end(failingState.ok ? undefined : 'down'));
  const project = (id: number) => ({ id, defaultPrice: { amount: '10.00', currency: 'RUB' }, webhookUrl: `${hooks.url}/hooks/${id}`, webhookSecret: PROJECT_SECRET });
  t = await startTestKassa(
    {},
    {
      seed: {
        partners: [
          { login: MERCHANT.login, password: MERCHANT.password, projects: [{ id: P.main }, project(FAN_OUT), { id: LIMITED }, project(DISABLING)] },
          { login: OTHER.login, password: OTHER.password, projects: [{ id: P.other }] },
        ],
      },
    },
  );
});
afterAll(async () => {
  await t.stop();
  await hooks.close();
  await failing.close();
});

const api = () => t.client();
const codeOf = (r: { status: number; ok: boolean; error?: { code: string; message: string } }) => `${r.status} ${r.ok ? 'ok' : r.error?.code}`;
const create = (projectId: number, url: string, eventTypes: string[], description?: string) =>
  api().createWebhookEndpoint(projectId, { url, event_types: eventTypes as never, ...(description === undefined ? {} : { description }) });
const verifiesWith = (secret: string, r: Received) => verifyWebhook(secret, r.headers as Record<string, string>, r.body).ok;
const typeOf = (r: Received) => (JSON.parse(r.body) as { type: string }).type;

/** Each delivery through the Python library, with the secret it must verify with. */
async function pythonVerifies(deliveries: readonly { readonly name: string; readonly secret: string; readonly received: Received }[]): Promise<void> {
  if (!merchantToolsInstalled()) throw new Error('run scripts/ensure-merchant-tools.sh: the Python merchant tools are missing');
  const job = deliveries.map((d) => ({ name: d.name, secret: d.secret, body: d.received.body, headers: d.received.headers, json: true }));
  const python = await merchantTool<{ verified: number; failed: string[] }>('verify-webhooks', { deliveries: job });
  expect(python.failed).toEqual([]);
  expect(python.verified).toBe(deliveries.length);
}

describe('webhook endpoints: create, list, get, change, delete', () => {
  it('creation answers the secret once; reads never show it; the list pages newest first; PATCH changes what it names', async () => {
    const made: WebhookEndpointWithSecretData[] = [];
    for (const n of [1, 2, 3]) {
      const r = await create(P.main, `https://shop${n}.example/kassa`, n === 3 ? ['*'] : ['payment.updated', 'refund.completed'], `endpoint ${n}`);
      expect(codeOf(r)).toBe('201 ok');
      made.push(dataOf(r));
    }
    const [first, , third] = made as [WebhookEndpointWithSecretData, WebhookEndpointWithSecretData, WebhookEndpointWithSecretData];
    expect(first).toMatchObject({ url: 'https://shop1.example/kassa', event_types: ['payment.updated', 'refund.completed'], description: 'endpoint 1', status: 'enabled', failing_since: null });
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(new Set(made.map((e) => e.secret)).size).toBe(3);
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(third.event_types).toEqual(['*']);

    const got = await api().getWebhookEndpoint(P.main, first.id);
    expect(codeOf(got)).toBe('200 ok');
    expect(JSON.stringify(dataOf(got))).not.toContain(first.secret);
    expect(dataOf(got)).not.toHaveProperty('secret');

    const page1 = dataOf(await api().listWebhookEndpoints(P.main, { limit: 2 }));
    expect(page1.items.map((e) => e.id)).toEqual([third.id, made[1]?.id]);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = dataOf(await api().listWebhookEndpoints(P.main, { limit: 2, cursor: page1.next_cursor as string }));
    expect(page2.items.map((e) => e.id)).toEqual([first.id]);
    expect(page2.next_cursor).toBeNull();
    expect(JSON.stringify([page1, page2])).not.toContain('whsec_');

    const changed = dataOf(await api().updateWebhookEndpoint(P.main, first.id, { description: null, event_types: ['contract.authorized'], status: 'disabled' }));
    expect(changed).toMatchObject({ id: first.id, url: first.url, description: null, event_types: ['contract.authorized'], status: 'disabled' });
    expect(dataOf(await api().updateWebhookEndpoint(P.main, first.id, { status: 'enabled', url: 'https://elsewhere.example/k' }))).toMatchObject({
      status: 'enabled',
      url: 'https://elsewhere.example/k',
    });

    const deleted = await api().deleteWebhookEndpoint(P.main, first.id);
    expect(codeOf(deleted)).toBe('200 ok');
    expect(codeOf(await api().getWebhookEndpoint(P.main, first.id))).toBe('404 NOT_FOUND');
    expect(codeOf(await api().deleteWebhookEndpoint(P.main, first.id))).toBe('404 NOT_FOUND');
  });

  it("unknown ids and another project's endpoint are 404 NOT_FOUND, for every operation", async () => {
    const mine = dataOf(await create(P.main, 'https://mine.example/k', ['*']));
    const other = t.client({ login: OTHER.login, password: OTHER.password });
    expect(codeOf(await other.getWebhookEndpoint(P.other, mine.id))).toBe('404 NOT_FOUND');
    expect(codeOf(await other.updateWebhookEndpoint(P.other, mine.id, { description: 'x' }))).toBe('404 NOT_FOUND');
    expect(codeOf(await other.deleteWebhookEndpoint(P.other, mine.id))).toBe('404 NOT_FOUND');
    expect(codeOf(await other.rotateWebhookEndpointSecret(P.other, mine.id))).toBe('404 NOT_FOUND');
    expect(dataOf(await other.listWebhookEndpoints(P.other)).items).toEqual([]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(codeOf(await api().getWebhookEndpoint(P.main, unknown))).toBe('404 NOT_FOUND');
    expect(codeOf(await api().rotateWebhookEndpointSecret(P.main, unknown))).toBe('404 NOT_FOUND');
    // Still there for its own project.
    expect(codeOf(await api().getWebhookEndpoint(P.main, mine.id))).toBe('200 ok');
  });

  it.each([
    [{ url: 'https://a.example/k', event_types: ['payment.updatd'] }, 'event_types.0'],
    [{ url: 'https://a.example/k', event_types: ['subscription.charged'] }, 'event_types.0'],
    [{ url: 'https://a.example/k', event_types: [] }, 'event_types'],
    [{ url: 'ftp://a.example/k', event_types: ['*'] }, 'url'],
    [{ url: 'not a url', event_types: ['*'] }, 'url'],
    [{ event_types: ['*'] }, 'url'],
    [{ url: 'https://a.example/k', event_types: ['*'], description: 'x'.repeat(1025) }, 'description'],
  ])('a bad creation %j is 400 BAD_REQUEST naming %s', async (body, field) => {
    const r = await api().send<unknown>({ method: 'POST', path: `/api/v3/projects/${P.main}/webhook_endpoints`, operation: 'createWebhookEndpoint', body });
    expect(codeOf(r as never)).toBe('400 BAD_REQUEST');
    expect(r.ok ? '' : r.error.message.startsWith(`${field}:`)).toBe(true);
  });

  it('bad changes, rotations and pages are 400 BAD_REQUEST naming the field', async () => {
    const e = dataOf(await create(P.main, 'https://b.example/k', ['*']));
    const patch = (body: unknown) => api().send<unknown>({ method: 'PATCH', path: `/api/v3/projects/${P.main}/webhook_endpoints/${e.id}`, operation: 'updateWebhookEndpoint', pathId: e.id, body });
    const rotate = (body: unknown) =>
      api().send<unknown>({ method: 'POST', path: `/api/v3/projects/${P.main}/webhook_endpoints/${e.id}/rotate_secret`, operation: 'rotateWebhookEndpointSecret', pathId: e.id, body });
    const message = (r: { ok: boolean; error?: { message: string } }) => (r.ok ? 'ok' : (r.error?.message ?? '').split(':')[0]);
    expect(message(await patch({ status: 'paused' }))).toBe('status');
    expect(message(await patch({ event_types: ['nope'] }))).toBe('event_types.0');
    expect(message(await rotate({ expires_in_hours: 169 }))).toBe('expires_in_hours');
    expect(message(await rotate({ expires_in_hours: -1 }))).toBe('expires_in_hours');
    expect(message(await rotate({ expires_in_hours: 'soon' }))).toBe('expires_in_hours');
    const list = await api().send<unknown>({ method: 'GET', path: `/api/v3/projects/${P.main}/webhook_endpoints?limit=0`, operation: 'listWebhookEndpoints', query: { limit: '0' } });
    expect(codeOf(list as never)).toBe('400 BAD_REQUEST');
    expect(codeOf(dataOf(await api().getWebhookEndpoint(P.main, e.id)) ? { status: 200, ok: true } : { status: 0, ok: false })).toBe('200 ok');
  });

  it('a project holds 16 endpoints at most: 400 WEBHOOK_ENDPOINT_LIMIT_EXCEEDED beyond, also when 20 creations race; deleting one frees its slot', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => create(LIMITED, `https://limit${i}.example/k`, ['*'])));
    expect(results.filter((r) => r.status === 201)).toHaveLength(16);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map(codeOf)).toEqual(Array(4).fill('400 WEBHOOK_ENDPOINT_LIMIT_EXCEEDED'));
    const listed = dataOf(await api().listWebhookEndpoints(LIMITED, { limit: 100 })).items;
    expect(listed).toHaveLength(16);
    expect(codeOf(await create(LIMITED, 'https://one-more.example/k', ['*']))).toBe('400 WEBHOOK_ENDPOINT_LIMIT_EXCEEDED');
    await api().deleteWebhookEndpoint(LIMITED, listed[0]?.id as string);
    expect(codeOf(await create(LIMITED, 'https://one-more.example/k', ['*']))).toBe('201 ok');
  });
});

describe('webhook endpoints: fan-out, signatures, rotation', () => {
  let payments: HttpReceiver;
  let contracts: HttpReceiver;
  beforeAll(async () => {
    payments = await startReceiver();
    contracts = await startReceiver();
  });
  afterAll(async () => {
    await payments.close();
    await contracts.close();
  });

  it("each endpoint gets only its types, each delivery signed with its own secret; the project's webhookUrl still gets everything; deliveries name their endpoint", async () => {
    const onPayments = dataOf(await create(FAN_OUT, `${payments.url}/p`, ['payment.updated']));
    const onContracts = dataOf(await create(FAN_OUT, `${contracts.url}/c`, ['contract.authorized', 'contract.closed']));
    const contract = dataOf(await api().createContract(FAN_OUT, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: '79005550001' }, merchant_contract_id: 'fan-out-1' }));
    await api().authorizeContract(FAN_OUT, contract.contract_id, { client_ip: ip, pin_code: '1234' });
    const invoice = dataOf(await api().createInvoice(FAN_OUT, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: '79005550002' }, order: { merchant_order_id: 'fan-out-2' } }));
    await api().authorizeInvoice(FAN_OUT, invoice.invoice_id, { client_ip: ip, pin_code: '1234' });

    const toProject = await eventually(
      async () => hooks.received.filter((r) => r.path === `/hooks/${FAN_OUT}`),
      (r) => r.length >= 2,
      10_000,
    );
    await eventually(
      async () => [...payments.received, ...contracts.received],
      (r) => r.length >= 2,
      10_000,
    );
    // Any stray delivery is made before counting: the drain relays every event and runs every attempt due.
    await t.drainDueWork();
    expect(payments.received.map(typeOf)).toEqual(['payment.updated']);
    expect(contracts.received.map(typeOf)).toEqual(['contract.authorized']);
    expect(toProject.map(typeOf).sort()).toEqual(['contract.authorized', 'payment.updated']);

    const paymentHook = payments.received[0] as Received;
    const contractHook = contracts.received[0] as Received;
    expect(verifiesWith(onPayments.secret, paymentHook)).toBe(true);
    expect(verifiesWith(onContracts.secret, contractHook)).toBe(true);
    // Neither verifies with the other's secret, nor with the project's.
    expect(verifiesWith(onContracts.secret, paymentHook)).toBe(false);
    expect(verifiesWith(PROJECT_SECRET, paymentHook)).toBe(false);
    for (const r of toProject) expect(verifiesWith(PROJECT_SECRET, r)).toBe(true);
    // The same event, the same webhook-id, wherever it goes.
    expect(paymentHook.headers['webhook-id']).toBe(toProject.find((r) => typeOf(r) === 'payment.updated')?.headers['webhook-id']);
    await pythonVerifies([
      { name: 'payments endpoint', secret: onPayments.secret, received: paymentHook },
      { name: 'contracts endpoint', secret: onContracts.secret, received: contractHook },
    ]);

    const byEndpoint = dataOf(await api().listWebhookDeliveries(FAN_OUT, { endpointId: onPayments.id })).items;
    expect(byEndpoint.map((d) => [d.endpoint_id, d.event_type, d.url, d.status])).toEqual([[onPayments.id, 'payment.updated', `${payments.url}/p`, 'succeeded']]);
    expect(byEndpoint[0]?.delivery_id).toBe(`${byEndpoint[0]?.event_id}-endpoint-${onPayments.id}`);
    const all = dataOf(await api().listWebhookDeliveries(FAN_OUT, { limit: 100 })).items;
    expect(all.filter((d) => d.endpoint_id === null).map((d) => d.url)).toEqual(Array(2).fill(`${hooks.url}/hooks/${FAN_OUT}`));
    expect(all.filter((d) => d.endpoint_id !== null)).toHaveLength(2);
  });

  it('after rotate_secret the next delivery carries two v1 signatures: the new secret and the old one each verify it', async () => {
    const endpoint = dataOf(await create(FAN_OUT, `${payments.url}/rotated`, ['contract.authorized']));
    const rotated = await api().rotateWebhookEndpointSecret(FAN_OUT, endpoint.id, { expires_in_hours: 2 });
    expect(codeOf(rotated)).toBe('200 ok');
    const fresh = dataOf(rotated).secret;
    expect(fresh).not.toBe(endpoint.secret);
    expect(dataOf(await api().getWebhookEndpoint(FAN_OUT, endpoint.id))).not.toHaveProperty('secret');
    const contract = dataOf(await api().createContract(FAN_OUT, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: '79005550003' }, merchant_contract_id: 'rotated-1' }));
    await api().authorizeContract(FAN_OUT, contract.contract_id, { client_ip: ip, pin_code: '1234' });
    const [hook] = await eventually(
      async () => payments.received.filter((r) => r.path === '/rotated'),
      (r) => r.length >= 1,
      10_000,
    );
    const signatures = String(hook?.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
    expect(verifiesWith(fresh, hook as Received)).toBe(true);
    expect(verifiesWith(endpoint.secret, hook as Received)).toBe(true);
    await pythonVerifies([
      { name: 'new secret', secret: fresh, received: hook as Received },
      { name: 'old secret', secret: endpoint.secret, received: hook as Received },
    ]);
  });
});

describe('webhook endpoints: auto-disable through a test clock', () => {
  let watcher: HttpReceiver;
  beforeAll(async () => {
    watcher = await startReceiver();
  });
  afterAll(() => watcher.close());

  it('an endpoint failing for more than 120 hours of a test clock ends disabled; webhook_endpoint.disabled is listed and reaches the other endpoint and webhookUrl; its dead deliveries redeliver once it is enabled again', async () => {
    const down = dataOf(await create(DISABLING, `${failing.url}/down`, ['*']));
    const other = dataOf(await create(DISABLING, `${watcher.url}/watch`, ['webhook_endpoint.disabled']));
    const clock = dataOf(await api().createTestClock(DISABLING, { frozen_time: T0, name: 'failing endpoint' }));
    const advance = async (to: number) => {
      const answer = await api().advanceTestClock(DISABLING, clock.test_clock_id, { frozen_time: new Date(Date.parse(T0) + to).toISOString().replace('.000Z', 'Z') }, { wait: true });
      expect(dataOf(answer).status).toBe('ready');
    };
    const attemptsTo = async (endpointId: string) => (await api().listWebhookDeliveries(DISABLING, { endpointId, limit: 100 }).then(dataOf)).items.flatMap((d) => d.attempts);
    // The first test_clock.ready (1 h in) fails at the endpoint: its failing record starts then, in the clock's time.
    await advance(HOUR);
    await eventually(
      () => attemptsTo(down.id),
      (a) => a.length >= 1,
      10_000,
    );
    // The endpoint's own save follows the delivery's (a round trip later on MongoDB): wait for it.
    const failingNow = await eventually(
      async () => dataOf(await api().getWebhookEndpoint(DISABLING, down.id)),
      (e) => e.failing_since !== null,
      10_000,
    );
    expect(failingNow).toMatchObject({ status: 'enabled', failing_since: new Date(Date.parse(T0) + HOUR).toISOString().replace('.000Z', 'Z') });
    // 130 hours on: the retries fail on the way, and the next test_clock.ready's attempt finds it failing for 130 h.
    await advance(131 * HOUR);
    const disabled = await eventually(
      async () => dataOf(await api().getWebhookEndpoint(DISABLING, down.id)),
      (e) => e.status === 'disabled',
      15_000,
    );
    expect(disabled.status).toBe('disabled');
    expect(disabled.disabled_at).not.toBeNull();

    const events = await eventually(
      async () => dataOf(await api().listEvents(DISABLING, { type: 'webhook_endpoint.disabled' })).items,
      (e) => e.length >= 1,
      10_000,
    );
    expect(events.map((e) => e.data)).toEqual([
      { webhook_endpoint: { id: down.id, url: down.url, status: 'disabled', reason: 'failing', failing_since: new Date(Date.parse(T0) + HOUR).toISOString().replace('.000Z', 'Z') } },
    ]);
    const [told] = await eventually(
      async () => watcher.received,
      (r) => r.length >= 1,
      10_000,
    );
    expect(typeOf(told as Received)).toBe('webhook_endpoint.disabled');
    expect(verifiesWith(other.secret, told as Received)).toBe(true);
    expect(told?.headers['webhook-id']).toBe(events[0]?.id);
    const toProject = await eventually(
      async () => hooks.received.filter((r) => r.path === `/hooks/${DISABLING}` && r.body.includes('webhook_endpoint.disabled')),
      (r) => r.length >= 1,
      10_000,
    );
    expect(verifiesWith(PROJECT_SECRET, toProject[0] as Received)).toBe(true);
    // Counted for the operators.
    const metrics = await (await fetch(`${t.kassa.urls.admin}/metrics`)).text();
    expect(metrics).toMatch(/^kassa_webhook_endpoints_disabled_total(\{[^}]*\})? 1$/m);

    // Its deliveries ended dead; none is sent while it is disabled. Enabled again (and up again), a redelivery reaches it.
    const dead = await eventually(
      async () => dataOf(await api().listWebhookDeliveries(DISABLING, { endpointId: down.id, status: 'dead', limit: 100 })).items,
      (d) => d.length >= 1,
      10_000,
    );
    failingState.ok = true;
    // The merchant fixes its URL as it enables it: the redelivery goes to the new one.
    const fixedUrl = `${failing.url}/fixed`;
    expect(dataOf(await api().updateWebhookEndpoint(DISABLING, down.id, { status: 'enabled', url: fixedUrl }))).toMatchObject({
      status: 'enabled',
      url: fixedUrl,
      failing_since: null,
      disabled_at: null,
    });
    const before = failing.received.length;
    const redelivered = await api().redeliverWebhook(DISABLING, dead[0]?.delivery_id as string);
    expect(redelivered.status).toBe(202);
    const delivered = await eventually(
      async () => dataOf(await api().listWebhookDeliveries(DISABLING, { endpointId: down.id, limit: 100 })).items.find((d) => d.delivery_id === dead[0]?.delivery_id),
      (d) => d?.status === 'succeeded',
      10_000,
    );
    expect(delivered).toMatchObject({ status: 'succeeded', url: fixedUrl });
    const arrived = failing.received.slice(before);
    expect(arrived.length).toBeGreaterThanOrEqual(1);
    expect(arrived.map((r) => r.path)).toEqual(arrived.map(() => '/fixed'));
    expect(verifiesWith(down.secret, arrived.at(-1) as Received)).toBe(true);
  }, 60_000);
});

describe('webhook endpoints: KASSA_WEBHOOK_PRIVATE_NETWORKS=refuse', () => {
  let strict: TestKassa;
  let receiver: HttpReceiver;
  /** What the test's DNS answers for rebind.example.test: public when the endpoint is made, loopback when Kassa connects. */
  const dns = { answer: ['93.184.216.34'] };
  beforeAll(async () => {
    receiver = await startReceiver();
    strict = await startTestKassa({ KASSA_WEBHOOK_PRIVATE_NETWORKS: 'refuse' }, { resolve: async (host) => (host === 'rebind.example.test' ? dns.answer : []) });
  });
  afterAll(async () => {
    await strict.stop();
    await receiver.close();
  });

  it('a loopback URL, however written, is 400 WEBHOOK_ENDPOINT_URL_REJECTED at creation and change', async () => {
    const merchant = strict.client();
    for (const url of [receiver.url, 'http://localhost:8080/', 'http://[::1]/', 'http://2130706433/', 'http://10.0.0.7/', 'http://unresolvable.example.test/']) {
      const r = await merchant.createWebhookEndpoint(P.main, { url, event_types: ['*'] });
      expect(codeOf(r), url).toBe('400 WEBHOOK_ENDPOINT_URL_REJECTED');
      expect(r.ok ? '' : r.error.message).toBe('url: must be an http(s) URL of a public address');
    }
    const ok = dataOf(await merchant.createWebhookEndpoint(P.main, { url: 'http://93.184.216.34/hooks', event_types: ['*'] }));
    expect(codeOf(await merchant.updateWebhookEndpoint(P.main, ok.id, { url: receiver.url }))).toBe('400 WEBHOOK_ENDPOINT_URL_REJECTED');
    await merchant.deleteWebhookEndpoint(P.main, ok.id);
  });

  it('a name that resolves to a private address when Kassa connects (DNS rebinding): the attempt fails, recorded, and nothing reaches the address', async () => {
    const merchant = strict.client();
    const port = new URL(receiver.url).port;
    const endpoint = dataOf(await merchant.createWebhookEndpoint(P.main, { url: `http://rebind.example.test:${port}/hook`, event_types: ['contract.authorized'] }));
    dns.answer = ['127.0.0.1'];
    const contract = dataOf(await merchant.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: '79005550009' }, merchant_contract_id: 'rebind-1' }));
    await merchant.authorizeContract(P.main, contract.contract_id, { client_ip: ip, pin_code: '1234' });
    const [delivery] = await eventually(
      async () => dataOf(await merchant.listWebhookDeliveries(P.main, { endpointId: endpoint.id })).items,
      (d) => (d[0]?.attempts.length ?? 0) >= 1,
      10_000,
    );
    expect(delivery?.attempts[0]).toMatchObject({ status_code: null, sent: true });
    expect(delivery?.attempts[0]?.error).toContain('rebind.example.test: not a public address (as it resolves now)');
    // Where it resolves is not told: the merchant maps no private name through the delivery log.
    expect(delivery?.attempts[0]?.error).not.toContain('127.0.0.1');
    expect(receiver.received).toEqual([]);
    // The endpoint hears of the attempt just after it is recorded (its own save).
    const failing = await eventually(
      async () => dataOf(await merchant.getWebhookEndpoint(P.main, endpoint.id)).failing_since,
      (since) => since !== null,
      5_000,
    );
    expect(failing).not.toBeNull();
  });
});

describe('webhook endpoints: private networks where others reach Kassa', () => {
  let receiver: HttpReceiver;
  beforeAll(async () => {
    // What a service of the private network would answer: never the merchant's to read.
    receiver = await startReceiver((_request, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('internal: db-password=hunter2'));
  });
  afterAll(() => receiver.close());

  it('production on loopback, no proxy, the variable unset: a loopback endpoint is refused', async () => {
    const production = await startTestKassa(PRODUCTION);
    try {
      const r = await production.client().createWebhookEndpoint(P.main, { url: `${receiver.url}/hooks`, event_types: ['*'] });
      expect(codeOf(r)).toBe('400 WEBHOOK_ENDPOINT_URL_REJECTED');
    } finally {
      await production.stop();
    }
  });

  it('the networks the operator lists are reached, others not; what a private target answers is not shown back, its status is', async () => {
    const listed = await startTestKassa({ KASSA_TRUST_PROXY: 'loopback', KASSA_WEBHOOK_PRIVATE_NETWORKS: '10.0.0.0/8, 127.0.0.0/8' });
    const elsewhere = await startTestKassa({ KASSA_TRUST_PROXY: 'loopback', KASSA_WEBHOOK_PRIVATE_NETWORKS: '10.0.0.0/8' });
    try {
      expect(codeOf(await elsewhere.client().createWebhookEndpoint(P.main, { url: `${receiver.url}/hooks`, event_types: ['*'] }))).toBe('400 WEBHOOK_ENDPOINT_URL_REJECTED');
      const merchant = listed.client();
      const endpoint = dataOf(await merchant.createWebhookEndpoint(P.main, { url: `${receiver.url}/hooks`, event_types: ['contract.authorized'] }));
      const contract = dataOf(await merchant.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: '79005550019' }, merchant_contract_id: 'private-1' }));
      await merchant.authorizeContract(P.main, contract.contract_id, { client_ip: ip, pin_code: '1234' });
      const [delivery] = await eventually(
        async () => dataOf(await merchant.listWebhookDeliveries(P.main, { endpointId: endpoint.id })).items,
        (d) => (d[0]?.attempts.length ?? 0) >= 1,
        10_000,
      );
      expect(receiver.received.map((r) => r.path)).toEqual(['/hooks']);
      expect(delivery?.attempts[0]).toMatchObject({ status_code: 200, response: '', error: null });
      expect(JSON.stringify(delivery)).not.toContain('hunter2');
    } finally {
      await listed.stop();
      await elsewhere.stop();
    }
  });
});
