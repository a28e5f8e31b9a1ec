import { type KassaProcess, startKassaProcess, startReceiver, type HttpReceiver } from '@kassa-payments/devkit';
import { KassaClient, type KassaResponse } from '@kassa-payments/merchant-client';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { MINUTE_MS, SIGN_IN_WINDOW_MS } from './fixed-window.fixture.js';

/**
 * The fixed windows of the limits (the callback rate's minute, the sign-in throttle's quarter hour)
 * forget their counts at the edge. These processes run on real time (no clock can be injected into
 * them): when fewer than `marginMs` are left of the current window, this waits for the next one, so
 * that the counted requests all fall in one.
 */
async function clearOfWindowEdge(windowMs: number, marginMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

// Two API and two worker processes (npm start's entry, as deployed behind a load balancer) on one
// MongoDB and one Redis, the requests alternating between the two APIs: every limit that protects a
// merchant holds as with one API process, since it lives in MongoDB. The one limit that is per
// process by design (the webhook sender's per-endpoint gate) is measured as such (README: limits
// with several processes).
const PARTNER = { login: 'multi', password: 'multi-password-0123' };
const PROJECT = 1;
/** Small, so that the test reaches it: a limit per process would let twice as many through. */
const CALLBACK_RATE = 6;
/** The webhook sender's gate (PER_ENDPOINT_CONCURRENCY of @kassa-payments/adapters-webhooks). */
const PER_ENDPOINT = 8;
/** The number whose carrier lookup waits for the test's word (a request held in flight). */
const HELD_MSISDN = '79001234567';
const database = `kassa_multi_${randomUUID().slice(0, 8)}`;

// A carrier lookup (KASSA_CARRIER_LOOKUP) that asks the test's hold server before it answers for
// HELD_MSISDN: a request presenting that customer stays in flight until the test releases it.
const CARRIER_LOOKUP = `export default ({ env }) => ({
  async lookup(msisdn) {
    if (!/^7[0-9]{10}$/.test(msisdn)) return undefined;
    if (msisdn === env.TEST_HELD_MSISDN) await fetch(env.TEST_HOLD_URL);
    return { country: 'RU', network: { id: 1, name: 'Multi network' }, operator: { id: 1, name: 'Multi' } };
  },
  async countryOfIp() {
    return undefined;
  },
});
`;

let dir: string;
let hooks: HttpReceiver;
/** The slow endpoint: answers each delivery after 400 ms, counting the deliveries in flight. */
let slow: Server;
let slowUrl: string;
let inFlight = 0;
let maxInFlight = 0;
let slowDelivered = 0;
/**
 * Until both workers' gates are full (or every event is made) the slow endpoint answers nobody: how
 * many attempts are in flight at once then depends on the gates, not on how fast events come (on a
 * loaded machine they came slower than 400 ms answers drained them).
 */
let slowOpen = false;
const slowHeld: (() => void)[] = [];
const openSlow = () => {
  slowOpen = true;
  for (const answer of slowHeld.splice(0)) answer();
};
/** The hold server: its requests wait until `release`. */
let hold: Server;
let holdUrl: string;
let heldCount = 0;
let released = false;
const waiting: ServerResponse[] = [];
const release = () => {
  released = true;
  for (const res of waiting.splice(0)) res.writeHead(204).end();
};

const processes: KassaProcess[] = [];
let apis: KassaProcess[] = [];

const listen = async (server: Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const start = async (role: 'api' | 'worker') => {
  const seed = {
    partners: [
      {
        login: PARTNER.login,
        password: PARTNER.password,
        testCallbackAllowed: true,
        projects: [
          {
            id: PROJECT,
            clientIpRequired: false,
            defaultPrice: { amount: '10.00', currency: 'RUB' },
            webhookUrl: `${hooks.url}/hooks`,
            webhookSecret: `whsec_${Buffer.from('multi-webhook-secret-0123456789').toString('base64')}`,
          },
          { id: 2, clientIpRequired: false, webhookUrl: `${slowUrl}/slow`, webhookSecret: `whsec_${Buffer.from('multi-slow-secret-0123456789ab').toString('base64')}` },
        ],
      },
    ],
  };
  const p = await startKassaProcess(
    {
      KASSA_ROLE: role,
      MONGO_URL: inject('mongoUrl'),
      MONGO_DB: database,
      REDIS_URL: inject('redisUrl'),
      KASSA_REDIS_PREFIX: database,
      // What every process of one deployment shares: the keys, and the settings of its limits.
      KASSA_PIN_KEY: 'multi-api-test-pin-key-0123456789abcdef',
      KASSA_TOKEN_SECRET: 'multi-api-test-token-secret-0123456789ab',
      KASSA_CALLBACK_RATE_PER_MINUTE: String(CALLBACK_RATE),
      KASSA_CALLBACK_PRIVATE_NETWORKS: 'allow',
      KASSA_CARRIER_LOOKUP: join(dir, 'carrier-lookup.mjs'),
      TEST_HELD_MSISDN: HELD_MSISDN,
      TEST_HOLD_URL: holdUrl,
    },
    { seed },
  );
  processes.push(p);
  return p;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kassa-multi-'));
  writeFileSync(join(dir, 'carrier-lookup.mjs'), CARRIER_LOOKUP);
  hooks = await startReceiver();
  slow = createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    req.resume();
    const answer = () =>
      setTimeout(() => {
        inFlight -= 1;
        slowDelivered += 1;
        res.writeHead(204).end();
      }, 400);
    if (slowOpen) return void answer();
    slowHeld.push(answer);
    if (inFlight >= 2 * PER_ENDPOINT) openSlow();
  });
  slowUrl = await listen(slow);
  hold = createServer((req, res) => {
    heldCount += 1;
    req.resume();
    if (released) res.writeHead(204).end();
    else waiting.push(res);
  });
  holdUrl = await listen(hold);
  // The APIs first, one at a time (each creates the indexes; the seed is applied once per database).
  apis = [await start('api'), await start('api')];
  await Promise.all([start('worker'), start('worker')]);
}, 60_000);

afterAll(async () => {
  release();
  await Promise.all(processes.map((p) => p.stop()));
  await hooks?.close();
  for (const server of [slow, hold]) {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  const mongo = new MongoClient(inject('mongoUrl'));
  await mongo.db(database).dropDatabase();
  await mongo.close();
});

/** The API the i-th request goes to: they alternate, as behind a round-robin load balancer. */
const apiUrl = (i: number) => (apis[i % 2] as KassaProcess).urls.api;
const client = (i: number, options: { key?: string } = {}) =>
  new KassaClient({ baseUrl: apiUrl(i), login: PARTNER.login, password: PARTNER.password, retries: 0, ...(options.key ? { headers: { 'Idempotency-Key': options.key } } : {}) });
const dataOf = <T>(r: KassaResponse<T>): T => {
  if (!r.ok) throw new Error(`${r.status} ${r.error.code}: ${r.error.message}`);
  return r.data;
};
const codeOf = (r: KassaResponse<unknown>) => `${r.status} ${r.ok ? 'ok' : r.error.code}`;
let sequence = 0;
const msisdn = () => {
  sequence += 1;
  return `7900${String(5_000_000 + sequence).padStart(7, '0')}`;
};
const orderId = () => `o-${randomUUID().slice(0, 30)}`;
/** `read` until `done` holds of its value (or `ms` pass: the caller's expect then says what it read); a failed read ends the wait. */
const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> => {
  let last: { value: T } | { error: unknown } | undefined;
  await vi
    .waitFor(
      async () => {
        try {
          last = { value: await read() };
        } catch (error) {
          last = { error };
          return;
        }
        if (!done(last.value)) throw new Error('not yet');
      },
      { timeout: ms, interval: 100 },
    )
    .catch(() => undefined);
  if (last === undefined) return read();
  if ('error' in last) throw last.error;
  return last.value;
};

/** A browser for the dashboard: its cookies, and the loopback address its requests come from. */
const sources = new Map<string, Agent>();
const sourceOf = (address: string) => sources.get(address) ?? sources.set(address, new Agent({ localAddress: address })).get(address);
const dashboard = (base: (i: number) => string, address: string) => {
  const cookies = new Map<string, string>();
  let n = 0;
  const request = async (path: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = {};
    if (cookies.size > 0) headers['cookie'] = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await undiciFetch(new URL(path, base(n++)), {
      method: form ? 'POST' : 'GET',
      headers,
      redirect: 'manual',
      dispatcher: sourceOf(address),
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [name, value] = (line.split(';')[0] ?? '').split('=');
      if (name && value) cookies.set(name, value);
    }
    return { status: res.status, html: await res.text() };
  };
  return {
    request,
    async signIn(login: string, password: string) {
      const form = await request('/dashboard/sign-in?lang=en');
      const token = /name="token" value="([^"]+)"/.exec(form.html)?.[1] ?? '';
      return request('/dashboard/sign-in?lang=en', { token, login, password });
    },
  };
};

describe('two API and two worker processes on one MongoDB and one Redis', () => {
  it("the dashboard's sign-in throttle counts the guesses made through both APIs together", { timeout: 60_000 }, async () => {
    // Twelve wrong passwords from one address, alternating between the APIs (each request of a
    // sign-in, the form and the post, goes to the other API): five are checked, the rest refused.
    // All of them in one window of the throttle (fixed quarter hours: its edge forgets the count).
    await clearOfWindowEdge(SIGN_IN_WINDOW_MS, 30_000);
    const guesser = dashboard(apiUrl, '127.0.0.2');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await guesser.signIn(PARTNER.login, `guess-${i}`)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    // Even the right password, from that address, on either API.
    expect((await dashboard(apiUrl, '127.0.0.2').signIn(PARTNER.login, PARTNER.password)).status).toBe(429);
    expect((await dashboard((i) => apiUrl(i + 1), '127.0.0.2').signIn(PARTNER.login, PARTNER.password)).status).toBe(429);
    // Another address signs in: the throttle is per login and address.
    expect((await dashboard(apiUrl, '127.0.0.3').signIn(PARTNER.login, PARTNER.password)).status).toBe(303);
  });

  it('test_info.callback_url: the partner rate (KASSA_CALLBACK_RATE_PER_MINUTE) counts the invoices of both APIs together', { timeout: 60_000 }, async () => {
    // The allowance is per fixed minute: the ten requests (well under a second) are sent within one;
    // half a minute is room enough for them on a loaded machine.
    await clearOfWindowEdge(MINUTE_MS, 30_000);
    const answers: string[] = [];
    for (let i = 0; i < CALLBACK_RATE + 4; i++) {
      const r = await client(i).createInvoice(PROJECT, {
        customer: { type: 'mobile_phone', msisdn: msisdn() },
        order: { merchant_order_id: orderId() },
        test_info: { callback_url: `${hooks.url}/callback` },
      });
      answers.push(codeOf(r));
      if (!r.ok && r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(answers.filter((a) => a === '201 ok')).toHaveLength(CALLBACK_RATE);
    expect(answers.slice(CALLBACK_RATE)).toEqual(Array(4).fill('429 TEST_CALLBACK_URL_RATE_LIMITED'));
  });

  it('Idempotency-Key: a retry on the other API while the first request is in flight is 409 with Retry-After, then the replay', async () => {
    const key = randomUUID();
    const body = { customer: { type: 'mobile_phone' as const, msisdn: HELD_MSISDN }, order: { merchant_order_id: orderId() } };
    // The first request, on API 0, waits in the carrier lookup (the hold server) with its key claimed.
    const first = client(0, { key }).createInvoice(PROJECT, body);
    await eventually(
      async () => heldCount,
      (n) => n > 0,
    );
    expect(heldCount).toBeGreaterThan(0);
    const retry = await client(1, { key }).createInvoice(PROJECT, body);
    expect([codeOf(retry), retry.headers.get('retry-after')]).toEqual(['409 IDEMPOTENCY_KEY_IN_USE', '1']);
    // Another request under the key, on either API, is still 422.
    const other = await client(1, { key }).createInvoice(PROJECT, { ...body, order: { merchant_order_id: orderId() } });
    expect(codeOf(other)).toBe('422 IDEMPOTENCY_KEY_MISMATCH');
    release();
    const created = await first;
    expect([codeOf(created), created.headers.get('idempotent-replayed')]).toEqual(['201 ok', null]);
    // The retry once the first has answered: the first answer, replayed by the other API.
    const replayed = await client(1, { key }).createInvoice(PROJECT, body);
    expect([codeOf(replayed), replayed.headers.get('idempotent-replayed')]).toEqual(['201 ok', 'true']);
    expect(dataOf(replayed).invoice_id).toBe(dataOf(created).invoice_id);
  });

  it('a version 4 signature read on one API does not cancel on the other: the first uses live in MongoDB', async () => {
    const created = dataOf(await client(0).createInvoice(PROJECT, { customer: { type: 'mobile_phone', msisdn: msisdn() }, order: { merchant_order_id: orderId() } }));
    const at = new Date();
    const v4 = new KassaClient({ baseUrl: apiUrl(0), login: PARTNER.login, password: PARTNER.password, signatureVersion: 4, now: () => at });
    const captured = v4.signedHeaders({ operation: 'getInvoice', pathId: created.invoice_id });
    const path = `/api/v3/projects/${PROJECT}/invoices/${created.invoice_id}`;
    expect((await fetch(`${apiUrl(0)}${path}`, { headers: captured })).status).toBe(200);
    const cancel = await fetch(`${apiUrl(1)}${path}/cancel`, { method: 'POST', headers: { ...captured, 'content-type': 'application/json' }, body: '{}' });
    expect([cancel.status, ((await cancel.json()) as { error: { code: string } }).error.code]).toEqual([401, 'AUTH_INVALID_SIGNATURE']);
    expect(dataOf(await client(1).getInvoice(PROJECT, created.invoice_id)).status).toBe('Created');
  });

  it('test clocks: of two advances of one clock sent to both APIs at once, one starts; the advance runs once (one test_clock.ready)', async () => {
    const T0 = '2027-01-01T00:00:00Z';
    const DAY = 86_400_000;
    const clocks: string[] = [];
    for (let i = 0; i < 4; i++) {
      const clock = dataOf(await client(i).createTestClock(PROJECT, { frozen_time: T0, name: `race-${i}` }));
      clocks.push(clock.test_clock_id);
      // Something to run: a contract on the clock, which expires on the way.
      dataOf(
        await client(i + 1).createContract(PROJECT, {
          customer: { type: 'mobile_phone', msisdn: msisdn() },
          merchant_contract_id: `mc-${randomUUID()}`,
          test_info: { test_clock_id: clock.test_clock_id },
        }),
      );
    }
    const target = new Date(Date.parse(T0) + 2 * DAY).toISOString().replace('.000Z', 'Z');
    for (const id of clocks) {
      const pair = await Promise.all([client(0).advanceTestClock(PROJECT, id, { frozen_time: target }), client(1).advanceTestClock(PROJECT, id, { frozen_time: target })]);
      const codes = pair.map(codeOf).sort();
      // One starts it; the other finds it advancing (409), or, had the first already ended, the clock at the target (400).
      expect(codes.filter((c) => c === '202 ok')).toHaveLength(1);
      expect(['400 TEST_CLOCK_TIME_INVALID', '409 TEST_CLOCK_ADVANCING']).toContain(codes.find((c) => c !== '202 ok'));
    }
    for (const [i, id] of clocks.entries()) {
      const ready = await eventually(
        async () => dataOf(await client(i).getTestClock(PROJECT, id)),
        (c) => c.status === 'ready',
      );
      expect([ready.status, ready.frozen_time]).toEqual(['ready', target]);
    }
    // Each clock's advance ran once: one test_clock.ready event each, and the contract closed on the way once.
    const webhooks = () =>
      hooks.received.filter((r) => r.path === '/hooks').map((r) => ({ id: String(r.headers['webhook-id']), ...(JSON.parse(r.body) as { type: string; data: Record<string, unknown> }) }));
    const readyOf = (id: string) =>
      new Set(
        webhooks()
          .filter((w) => w.type === 'test_clock.ready' && JSON.stringify(w.data).includes(id))
          .map((w) => w.id),
      );
    // Every test_clock.ready the clocks recorded (it rides in the clock's own write, once per advance
    // that ended) has been delivered: a second advance would show as a second one.
    const recorded = async () => {
      const ready = dataOf(await client(0).listEvents(PROJECT, { type: 'test_clock.ready', limit: 100 })).items;
      return clocks.map((id) => new Set(ready.filter((e) => JSON.stringify(e.data).includes(id)).map((e) => e.id)));
    };
    const stored = await eventually(recorded, (sets) => sets.every((s, i) => s.size > 0 && [...s].every((e) => readyOf(clocks[i] ?? '').has(e))));
    expect(stored.map((s) => s.size)).toEqual([1, 1, 1, 1]);
    expect(clocks.map((id) => readyOf(id).size)).toEqual([1, 1, 1, 1]);
  }, 60_000);

  it('the requests page shows the calls made through both APIs, whichever API serves the page', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(dataOf(await client(i).createInvoice(PROJECT, { customer: { type: 'mobile_phone', msisdn: msisdn() }, order: { merchant_order_id: orderId() } })).invoice_id);
    for (const first of [0, 1]) {
      const visitor = dashboard((i) => apiUrl(i + first), '127.0.0.4');
      expect((await visitor.signIn(PARTNER.login, PARTNER.password)).status).toBe(303);
      const page = await eventually(
        () => visitor.request(`/dashboard/projects/${PROJECT}/requests?lang=en`),
        (p) => ids.every((id) => p.html.includes(id)),
      );
      expect(page.status).toBe(200);
      expect(ids.filter((id) => !page.html.includes(id))).toEqual([]);
    }
  });

  it('the per-endpoint delivery gate is per worker process: two workers have at most twice its attempts in flight at one slow endpoint', async () => {
    // 60 events for the slow endpoint (contract.authorized each), made through both APIs.
    const EVENTS = 60;
    await Promise.all(
      Array.from({ length: 6 }, async (_, lane) => {
        for (let i = lane; i < EVENTS; i += 6) {
          const c = dataOf(await client(i).createContract(2, { customer: { type: 'mobile_phone', msisdn: msisdn() }, merchant_contract_id: `mc-${randomUUID()}` }));
          dataOf(await client(i + 1).authorizeContract(2, c.contract_id, { pin_code: '1234' }));
        }
      }),
    );
    openSlow();
    await eventually(
      async () => slowDelivered,
      (n) => n >= EVENTS,
      60_000,
    );
    expect(slowDelivered).toBeGreaterThanOrEqual(EVENTS);
    // Never more than one gate per worker; more than one gate's worth: each worker has its own.
    expect(maxInFlight).toBeLessThanOrEqual(2 * PER_ENDPOINT);
    expect(maxInFlight).toBeGreaterThan(PER_ENDPOINT);
  }, 90_000);

  it('no process wrote to stderr or died', () => {
    for (const p of processes) expect([p.alive(), p.stderr()]).toEqual([true, '']);
  });
});
