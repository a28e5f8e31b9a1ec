import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { merchantTool, type HttpReceiver, type KassaProcess, type Received, startKassaProcess, startReceiver } from '@kassa-payments/devkit';
import { KassaClient } from '@kassa-payments/merchant-client';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dataOf, eventually, fresh, MERCHANT, OTHER } from './e2e.fixture.js';
import { newWebhookSecret } from '../src/seed.js';

// `kassa listen` as a developer runs it: the built CLI as its own process, forwarding to a real HTTP
// receiver that checks every request with the printed secret (the npm and the Python Standard
// Webhooks packages), while Kassa, its own process on MongoDB, is stopped and started again.
const BIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const PROJECT = 41;
const OTHERS = 42;
const ENDPOINT_SECRET = newWebhookSecret();

let receiver: HttpReceiver;
let kassa: KassaProcess;
const db = `kassa_listen_${randomUUID().slice(0, 8)}`;
/** When the receiver answered each request (ms since the epoch), by its place in `receiver.received`. */
const answeredAt: number[] = [];
const children: ChildProcess[] = [];

const seed = (receiverUrl: string) => ({
  partners: [
    {
      login: MERCHANT.login,
      password: MERCHANT.password,
      projects: [{ id: PROJECT, clientIpRequired: false, defaultPrice: { amount: '10.00', currency: 'RUB' }, webhookUrl: `${receiverUrl}/endpoint`, webhookSecret: ENDPOINT_SECRET }],
    },
    { login: OTHER.login, password: OTHER.password, projects: [{ id: OTHERS, clientIpRequired: false, defaultPrice: { amount: '10.00', currency: 'RUB' } }] },
  ],
});

/** Kassa on MongoDB (the test run's server, a database of this file's), on the ports given (0: free ones). */
const startKassa = (ports: Record<string, string> = {}) =>
  startKassaProcess({ MONGO_URL: inject('mongoUrl'), MONGO_DB: db, KASSA_CALLBACK_PRIVATE_NETWORKS: 'allow', KASSA_DRAIN_SECONDS: '0', ...ports }, { seed: seed(receiver.url) });

/**
 * Five free ports below the kernel's ephemeral range (32768 and up here): Kassa restarts on the same
 * ports, and a port the kernel hands out (to another file's listen(0) or outgoing connection)
 * could be taken in the seconds between the stop and the start.
 */
async function portsToRestartOn(): Promise<Record<string, string>> {
  const ports: Record<string, string> = {};
  for (const host of ['API', 'PCI', 'WIDGET', 'SUBS', 'ADMIN']) {
    for (;;) {
      const port = 20_000 + Math.floor(Math.random() * 12_000);
      const free = await new Promise<boolean>((resolve) => {
        const probe = createServer();
        probe.once('error', () => resolve(false));
        probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
      });
      if (free && !Object.values(ports).includes(String(port))) {
        ports[`KASSA_${host}_PORT`] = String(port);
        break;
      }
    }
  }
  return ports;
}

const api = () => new KassaClient({ baseUrl: kassa.urls.api, login: MERCHANT.login, password: MERCHANT.password, retries: 0 });

/** A running `kassa listen`: its lines so far, and its end. */
interface Listener {
  readonly out: string[];
  readonly err: string[];
  readonly exited: Promise<number | null>;
  secret(): Promise<string>;
  stop(): Promise<void>;
}

function kassaCli(args: string[], env: Record<string, string> = {}): Listener {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env['PATH'] ?? '', KASSA_API_URL: kassa.urls.api, KASSA_LOGIN: MERCHANT.login, KASSA_PASSWORD: MERCHANT.password, KASSA_PROJECT: String(PROJECT), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const out: string[] = [];
  const err: string[] = [];
  child.stdout?.on('data', (d: Buffer) => out.push(...d.toString('utf8').split('\n').filter(Boolean)));
  child.stderr?.on('data', (d: Buffer) => err.push(...d.toString('utf8').split('\n').filter(Boolean)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    out,
    err,
    exited,
    secret: async () => {
      const ready = await eventually(
        async () => out.find((l) => l.startsWith('Ready!')),
        (l) => l !== undefined,
        15_000,
      );
      return /whsec_[A-Za-z0-9+/=]+/.exec(ready ?? '')?.[0] ?? '';
    },
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** When each event was made: the answer to the call that made it (`contract_id type`), in ms of this machine's clock. */
const madeAt = new Map<string, number>();

/** A contract confirmed and cancelled: contract.authorized and contract.closed. Answers when the last call was answered. */
async function contractEvents(): Promise<number> {
  const client = api();
  const f = fresh();
  const contract = dataOf(await client.createContract(PROJECT, { customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
  dataOf(await client.authorizeContract(PROJECT, contract.contract_id, { pin_code: '1234', merchant_contract_id: f.mcid }));
  madeAt.set(`${contract.contract_id} contract.authorized`, Date.now());
  dataOf(await client.cancelContract(PROJECT, contract.contract_id, { merchant_contract_id: f.mcid }));
  madeAt.set(`${contract.contract_id} contract.closed`, Date.now());
  return Date.now();
}

interface ListedEvent {
  readonly id: string;
  readonly type: string;
  readonly occurred_at: string;
  readonly data: { readonly contract?: { readonly contract_id: string } };
}

/** Every event of the project, as the API lists them. */
async function projectEvents(): Promise<ListedEvent[]> {
  const all: ListedEvent[] = [];
  let cursor = '';
  do {
    const page = dataOf(await api().listEvents(PROJECT, { limit: 100, ...(cursor ? { cursor } : {}) }));
    all.push(...page.items);
    cursor = page.next_cursor ?? '';
  } while (cursor);
  return all;
}

const at = (path: string) => receiver.received.flatMap((r, i) => (r.path === path ? [{ r, i }] : []));
const idOf = (r: Received) => String(r.headers['webhook-id']);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

beforeAll(async () => {
  receiver = await startReceiver((_request, res) => {
    answeredAt.push(Date.now());
    res.writeHead(200).end('ok');
  });
  kassa = await startKassa(await portsToRestartOn());
}, 60_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await kassa?.stop();
  await receiver?.close();
});

describe('kassa listen: a real process forwarding to a real receiver, across a restart of Kassa', { timeout: 150_000 }, () => {
  it('backfills with --since, forwards live events and those after a restart once each, a redelivery again with its webhook-id; --events filters; every request verifies with the printed secret', async () => {
    const start = new Date(Date.now() - 1000).toISOString();
    await contractEvents();
    const before = await eventually(projectEvents, (e) => e.length >= 2, 10_000);
    expect(before.length).toBe(2);

    const listener = kassaCli(['listen', '--forward-to', `${receiver.url}/hooks`, '--since', start]);
    const secret = await listener.secret();
    expect(secret).toMatch(/^whsec_/);
    const filtered = kassaCli(['listen', '--forward-to', `${receiver.url}/filtered`, '--events', 'contract.closed']);
    await filtered.secret();
    expect(
      await eventually(
        async () => at('/hooks').length,
        (n) => n >= 2,
        10_000,
      ),
    ).toBe(2);
    // Backfill in order: the contract's authorization, then its closing.
    expect(at('/hooks').map(({ r }) => (JSON.parse(r.body) as { type: string }).type)).toEqual(['contract.authorized', 'contract.closed']);

    const liveFrom = Date.now();
    await contractEvents();
    await contractEvents();
    expect(
      await eventually(
        async () => at('/hooks').length,
        (n) => n >= 6,
        10_000,
      ),
    ).toBe(6);

    // Kassa stops (its streams end with it) and starts again on the same ports and database.
    const ports = Object.fromEntries((['api', 'pci', 'widget', 'subs', 'admin'] as const).map((h) => [`KASSA_${h.toUpperCase()}_PORT`, new URL(kassa.urls[h]).port]));
    const stopping = Date.now();
    expect(await kassa.stop()).toBe(0);
    const stopMs = Date.now() - stopping;
    kassa = await startKassa(ports);
    await contractEvents();
    await contractEvents();
    const afterRestart = await eventually(
      async () => at('/hooks').length,
      (n) => n >= 10,
      45_000,
    );
    expect(afterRestart, `the listener said:\n${listener.err.join('\n')}\n${listener.out.join('\n')}`).toBe(10);
    expect(listener.err.some((l) => /reconnect|trying again|retrying/.test(l))).toBe(true);

    // A delivery to the project's endpoint redelivered through the API: the listener forwards the event again, same webhook-id.
    const redelivered = (await projectEvents()).find((e) => e.type === 'contract.authorized');
    const deliveries = await eventually(
      async () => dataOf(await api().listWebhookDeliveries(PROJECT, { eventId: redelivered?.id ?? '' })).items,
      (items) => items.length > 0,
      10_000,
    );
    expect(deliveries.map((d) => d.event_id)).toEqual([redelivered?.id]);
    dataOf(await api().redeliverWebhook(PROJECT, deliveries[0]?.delivery_id ?? ''));
    const twice = await eventually(
      async () => at('/hooks').filter(({ r }) => idOf(r) === redelivered?.id).length,
      (n) => n >= 2,
      10_000,
    );
    expect(twice).toBe(2);
    const printed = await eventually(
      async () => listener.out.find((l) => l.includes('(redelivery)')),
      (l) => l !== undefined,
      5_000,
    );
    expect(printed).toMatch(new RegExp(`contract\\.authorized \\(redelivery\\)  ${redelivered?.id}  \\[200\\] \\d+ ms$`));

    // Nothing more comes: two events made now close the figures. The listener forwards the stream one
    // event at a time, in its order: once these two are forwarded, so is all that came before them.
    const known = new Set((await projectEvents()).map((e) => e.id));
    await contractEvents();
    const newer = async () => (await projectEvents()).filter((e) => !known.has(e.id)).map((e) => e.id);
    const closing = await eventually(newer, (ids) => ids.length >= 2, 10_000);
    expect(closing).toHaveLength(2);
    expect(
      await eventually(
        async () => closing.filter((id) => at('/hooks').some(({ r }) => idOf(r) === id)).length,
        (n) => n === 2,
        10_000,
      ),
    ).toBe(2);
    const events = await projectEvents();
    const hooks = at('/hooks');
    const counts = new Map<string, number>();
    for (const { r } of hooks) counts.set(idOf(r), (counts.get(idOf(r)) ?? 0) + 1);
    const expected = events.map((e) => e.id);
    const forwarded = [...counts.keys()];
    const duplicates = [...counts].reduce((n, [id, count]) => n + count - 1 - (id === redelivered?.id ? 1 : 0), 0);
    // From each live event's creation (the answer to the call that made it: occurred_at has whole
    // seconds only) to the local receiver's answer, both on this machine's clock.
    const liveEvents = events.filter((e) => Date.parse(e.occurred_at) >= liveFrom - 1000);
    const latencies = liveEvents
      .map((e) => {
        const first = hooks.find(({ r }) => idOf(r) === e.id);
        const made = madeAt.get(`${e.data.contract?.contract_id} ${e.type}`);
        return first && made !== undefined ? (answeredAt[first.i] ?? Number.NaN) - made : Number.NaN;
      })
      .sort((a, b) => a - b);
    console.log(
      `listen figures: forwarded ${forwarded.length}/${expected.length} events across a restart of Kassa (stopped in ${stopMs} ms with a stream open), duplicates ${duplicates}, redeliveries 1; creation to local answer: median ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms over ${latencies.length} live events`,
    );
    expect(forwarded.sort()).toEqual([...expected].sort());
    expect(duplicates).toBe(0);
    expect(latencies.every(Number.isFinite)).toBe(true);

    // Every forward verifies with the printed secret: the npm package as its README shows, and the Python one.
    for (const { r } of hooks) expect(() => new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
    const python = await merchantTool<{ verified: number; failed: string[] }>('verify-webhooks', {
      deliveries: hooks.map(({ r }) => ({ name: idOf(r), secret, headers: r.headers, body: r.body, json: true })),
    });
    expect(python).toEqual({ verified: hooks.length, failed: [] });
    // The same body as the project's endpoint got for the same event.
    const endpoint = at('/endpoint').find(({ r }) => idOf(r) === redelivered?.id);
    expect(hooks.find(({ r }) => idOf(r) === redelivered?.id)?.r.body).toBe(endpoint?.r.body);

    // --events contract.closed: only those, each once.
    const backfilled = new Set(before.map((e) => e.id));
    const closed = events.filter((e) => e.type === 'contract.closed' && !backfilled.has(e.id)).map((e) => e.id);
    const afterFilter = await eventually(
      async () => at('/filtered').map(({ r }) => idOf(r)),
      (ids) => ids.length >= closed.length,
      10_000,
    );
    expect(afterFilter.sort()).toEqual(closed.sort());

    await listener.stop();
    await filtered.stop();
  });

  it('exits non-zero with a clear message on bad credentials, an unknown project, another partner’s project, a bad --events', async () => {
    const wrong = kassaCli(['listen', '--forward-to', `${receiver.url}/never`], { KASSA_PASSWORD: 'not-the-password' });
    expect(await wrong.exited).toBe(2);
    expect(wrong.err.join('\n')).toMatch(/refused the credentials.*AUTH_INVALID_SIGNATURE/);
    const unknown = kassaCli(['listen', '--forward-to', `${receiver.url}/never`, '--project', '999']);
    expect(await unknown.exited).toBe(2);
    expect(unknown.err.join('\n')).toMatch(/refused the project.*AUTH_INVALID_PROJECT/);
    const others = kassaCli(['listen', '--forward-to', `${receiver.url}/never`, '--project', String(OTHERS)]);
    expect(await others.exited).toBe(2);
    const badType = kassaCli(['listen', '--forward-to', `${receiver.url}/never`, '--events', 'invoice.teleported']);
    expect(await badType.exited).toBe(2);
    expect(badType.err.join('\n')).toMatch(/types: "invoice.teleported"/);
    expect(at('/never')).toEqual([]);
  });
});
