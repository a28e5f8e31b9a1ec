import {
  BANK_GATEWAY_MODULE,
  type KassaProcess,
  makeTestCertificates,
  type RedisClusterSet,
  type RedisSentinelSet,
  redisCliOf,
  startKassaProcess,
  startReceiver,
  startRedisCluster,
  startRedisSentinelSet,
  type TestCertificates,
} from '@kassa-payments/devkit';
import { KassaClient, type KassaResponse } from '@kassa-payments/merchant-client';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { outboxEmpty, storedEventIds } from './stored-events.fixture.js';

// Kassa's api and worker processes on a Redis Cluster and on Redis behind Sentinel that speak TLS
// only (KASSA_REDIS_TLS=true): the certificates are made here with openssl (a private CA, a server
// certificate for 127.0.0.1), trusted through NODE_EXTRA_CA_CERTS as an operator would. Without it
// the certificate is refused.
const PARTNER = { login: 'tls', password: 'tls-partner-password-1' };
const PREFIX = 'kassa-tls';
const WEBHOOK_SECRET = `whsec_${Buffer.from('tls-webhook-secret-0123456789ab').toString('base64')}`;

let certs: TestCertificates;
let dir: string;
const processes: KassaProcess[] = [];
const databases: string[] = [];

beforeAll(async () => {
  certs = await makeTestCertificates();
  dir = mkdtempSync(join(tmpdir(), 'kassa-tls-'));
  writeFileSync(join(dir, 'gateway.mjs'), BANK_GATEWAY_MODULE);
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  certs?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
  const mongo = new MongoClient(inject('mongoUrl'));
  for (const database of databases) await mongo.db(database).dropDatabase();
  await mongo.close();
});

/** One deployment's processes: its Redis variables, its own database and webhook receiver. */
interface Deployment {
  readonly redisEnv: Record<string, string>;
  readonly database: string;
  readonly receiverUrl: string;
}

/** An api or worker process; `ca`: whether it trusts the test's CA (NODE_EXTRA_CA_CERTS); `failOn`: the line of one expected never to start. */
const start = async (d: Deployment, role: 'api' | 'worker', ca: boolean, failOn?: RegExp) => {
  const seed = { partners: [{ ...PARTNER, projects: [1, 2].map((id) => ({ id, clientIpRequired: false, webhookUrl: `${d.receiverUrl}/hooks`, webhookSecret: WEBHOOK_SECRET })) }] };
  const p = await startKassaProcess(
    {
      KASSA_ROLE: role,
      MONGO_URL: inject('mongoUrl'),
      MONGO_DB: d.database,
      ...d.redisEnv,
      KASSA_REDIS_TLS: 'true',
      KASSA_QUEUE_PARTITIONS: '2',
      KASSA_REDIS_PREFIX: PREFIX,
      KASSA_BILLING_GATEWAY: join(dir, 'gateway.mjs'),
      TEST_BANK_URL: `${d.receiverUrl}/bank`,
      // Empty: Node reads no extra CA, whatever the test runner's environment holds.
      NODE_EXTRA_CA_CERTS: ca ? certs.ca : '',
    },
    { seed, ...(failOn === undefined ? {} : { failOn }) },
  );
  processes.push(p);
  return p;
};

/** What a process logged of its own TLS handshakes with Redis at start (server.ts): the problems, host by host. */
const tlsProblems = (p: KassaProcess): string[] => p.lines.filter((l) => l.includes('"msg":"no verified TLS connection to Redis')).map((l) => (JSON.parse(l) as { problem: string }).problem);

/** A process's output holds a line with every one of `texts`. */
const logged =
  (...texts: string[]) =>
  (out: string) =>
    out.split('\n').some((l) => texts.every((t) => l.includes(t)));

const readiness = (p: KassaProcess) => fetch(`${p.urls.admin}/ready`).then((r) => r.json() as Promise<{ ready: boolean; checks: Record<string, string> }>);

const until = async (done: () => boolean | Promise<boolean>, ms: number, what: string) => {
  await vi
    .waitFor(
      async () => {
        if (!(await done())) throw new Error(what);
      },
      { timeout: ms, interval: 50 },
    )
    .catch(() => {
      throw new Error(`not within ${ms} ms: ${what}`);
    });
};

/**
 * An api and a worker process trusting the CA do the work through Redis: two invoices (one per
 * project, so both partitions carry jobs) charged by the worker's jobs, every event delivered.
 * Resolves with the keys Redis holds then, read over TLS by `keys`.
 */
async function workThrough(redisEnv: Record<string, string>, keys: () => Promise<string[]>): Promise<string[]> {
  const receiver = await startReceiver();
  const d: Deployment = { redisEnv, database: `kassa_tls_${randomUUID().slice(0, 8)}`, receiverUrl: receiver.url };
  databases.push(d.database);
  try {
    const api = await start(d, 'api', true);
    const worker = await start(d, 'worker', true);
    await until(async () => (await readiness(worker)).ready, 20_000, 'the worker ready');
    expect(await readiness(api)).toMatchObject({ ready: true, checks: { redis: 'ok' } });

    const client = new KassaClient({ baseUrl: api.urls.api, login: PARTNER.login, password: PARTNER.password });
    const ok = async <T>(r: Promise<KassaResponse<T>>): Promise<T> => {
      const answer = await r;
      if (!answer.ok) throw new Error(`${answer.status} ${answer.error.code}`);
      return answer.data;
    };
    const invoices: string[] = [];
    for (const project of [1, 2]) {
      const msisdn = `7900555000${project}`;
      const contract = await ok(client.createContract(project, { customer: { type: 'mobile_phone', msisdn }, merchant_contract_id: `mc-${project}` }));
      await ok(client.authorizeContract(project, contract.contract_id, { pin_code: '1234' }));
      const order = { merchant_order_id: `order-${project}`, price: { amount: '10.00', currency: 'RUB' } };
      invoices.push((await ok(client.createInvoice(project, { customer: { type: 'mobile_phone', msisdn }, contract: { merchant_contract_id: `mc-${project}` }, order }))).invoice_id);
    }
    // The charge is a job the worker took from Redis: the bank saw each invoice's one idempotency key
    // (a repeated call with it moves no money, as the gateway port requires), and the invoices are paid.
    const keysByInvoice = () => {
      const keys = new Map<string, Set<string>>();
      for (const r of receiver.received.filter((c) => c.path === '/bank')) {
        const { key } = JSON.parse(r.body) as { key: string };
        const invoice = key.replace(/-\d+$/, '');
        keys.set(invoice, (keys.get(invoice) ?? new Set()).add(key));
      }
      return keys;
    };
    await until(() => keysByInvoice().size >= 2, 30_000, 'both invoices charged');
    for (const [i, id] of invoices.entries()) {
      await until(async () => (await ok(client.getInvoice(i + 1, id))).payment_status === 'PAID', 30_000, `invoice ${id} paid`);
    }
    expect([...keysByInvoice().keys()].sort()).toEqual([...invoices].sort());
    expect([...keysByInvoice().values()].map((keys) => keys.size)).toEqual([1, 1]);
    // Every stored event reached the receiver (the relay and the attempts are jobs too).
    const mongo = new MongoClient(inject('mongoUrl'));
    try {
      const db = mongo.db(d.database);
      await until(() => outboxEmpty(db), 30_000, 'the outbox empty');
      const events = await storedEventIds(db);
      expect(events.length).toBeGreaterThanOrEqual(4);
      const delivered = () => new Set(receiver.received.filter((r) => r.path === '/hooks').map((r) => String(r.headers['webhook-id'])));
      await until(() => events.every((id) => delivered().has(id)), 30_000, 'every event delivered');
    } finally {
      await mongo.close();
    }
    for (const p of [api, worker]) expect([p.alive(), p.stderr(), tlsProblems(p)]).toEqual([true, '', []]);
    return await keys();
  } finally {
    await receiver.close();
  }
}

/** A TLS handshake with the server on `port`: `ok`, or Node's error code. */
const handshake = (port: number, ca?: Buffer) =>
  new Promise<string>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, ...(ca ? { ca } : {}) }, () => {
      socket.end();
      resolve('ok');
    });
    socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });

describe('Redis Cluster over TLS (KASSA_REDIS_TLS=true, the CA from NODE_EXTRA_CA_CERTS)', () => {
  let cluster: RedisClusterSet;
  // Three masters without replicas: quick, and enough to spread the keys over TLS connections to each.
  beforeAll(async () => {
    cluster = await startRedisCluster({ tls: certs, replicas: false });
  }, 60_000);
  afterAll(() => cluster?.destroy());

  it('api and worker processes do the work through it: invoices charged, webhooks delivered, the keys on the Cluster', async () => {
    const keys = await workThrough({ KASSA_REDIS_CLUSTER_NODES: cluster.nodes }, async () => Object.values(await cluster.keysByMaster()).flat());
    // The queue's keys are on the Cluster (read over TLS), hash-tagged by partition, both partitions used.
    expect(keys.filter((k) => k.startsWith(`{${PREFIX}-0}:`)).length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.startsWith(`{${PREFIX}-1}:`)).length).toBeGreaterThan(0);
    expect(keys.filter((k) => !/^\{kassa-tls(-[01])?\}:/.test(k))).toEqual([]);
  }, 120_000);

  it('without the CA the certificate is refused: the worker does not start, the api is not ready for Redis and logs why', async () => {
    // What the processes meet: a node's certificate is refused unless its CA is trusted.
    const port = Number(cluster.nodes.split(',')[0]?.split(':')[1]);
    expect(await handshake(port)).toMatch(/^(SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)$/);
    expect(await handshake(port, readFileSync(certs.ca))).toBe('ok');

    const d: Deployment = { redisEnv: { KASSA_REDIS_CLUSTER_NODES: cluster.nodes }, database: `kassa_tls_${randomUUID().slice(0, 8)}`, receiverUrl: 'http://127.0.0.1:9' };
    databases.push(d.database);
    // A worker needs Redis to start: without the CA it never does (its schedulers never reach the Cluster).
    // It says why, before it would start: its own handshake with the Cluster found the certificate refused.
    const worker = start(d, 'worker', false, /"msg":"no verified TLS connection to Redis/);
    // Asserted below, once the api has started: not an unhandled rejection meanwhile.
    worker.catch(() => undefined);
    // An api process starts (it answers without Redis, by design), but its Redis check never passes.
    const api = await start(d, 'api', false);
    await expect(worker).rejects.toThrow(/did not start: it wrote .*self[- ]signed certificate in certificate chain/);
    for (let i = 0; i < 3; i++) expect((await readiness(api)).checks['redis']).not.toBe('ok');
    // Its log says why, once: ioredis reports only a closed connection, Kassa's own handshake at start the certificate's fault.
    await api.waitForOutput(logged('"msg":"queue error"', 'Failed to refresh slots cache.'), 15_000);
    await api.waitForOutput(logged('"msg":"no verified TLS connection to Redis'), 15_000);
    expect(api.lines.some((l) => l.includes('"msg":"queue error"') && l.includes('Failed to refresh slots cache.'))).toBe(true);
    expect(tlsProblems(api)).toEqual([expect.stringMatching(new RegExp(`^127\\.0\\.0\\.1:${port}: self[- ]signed certificate in certificate chain; `))]);
    expect(api.stderr()).toBe('');
  }, 60_000);
});

describe('Redis behind Sentinel over TLS (sentinels and servers; KASSA_REDIS_SENTINEL_TLS follows KASSA_REDIS_TLS)', () => {
  let set: RedisSentinelSet;
  beforeAll(async () => {
    set = await startRedisSentinelSet({ tls: certs });
  }, 60_000);
  afterAll(() => set?.destroy());

  it('api and worker processes do the work through the master the sentinels name; the keys on it', async () => {
    const redisEnv = { KASSA_REDIS_SENTINELS: set.sentinels, KASSA_REDIS_SENTINEL_MASTER: set.masterName };
    const cli = redisCliOf(certs);
    const keys = await workThrough(redisEnv, async () => (await cli(await set.masterPort(), '--scan')).split('\n').filter(Boolean));
    expect(keys.filter((k) => k.startsWith(`${PREFIX}-0:`)).length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.startsWith(`${PREFIX}-1:`)).length).toBeGreaterThan(0);
    expect(keys.filter((k) => !/^kassa-tls(-[01])?:/.test(k))).toEqual([]);
  }, 120_000);

  it('without the CA the sentinels are refused: the api is not ready for Redis and logs why', async () => {
    const port = Number(set.sentinels.split(',')[0]?.split(':')[1]);
    expect(await handshake(port)).toMatch(/^(SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)$/);
    const d: Deployment = {
      redisEnv: { KASSA_REDIS_SENTINELS: set.sentinels, KASSA_REDIS_SENTINEL_MASTER: set.masterName },
      database: `kassa_tls_${randomUUID().slice(0, 8)}`,
      receiverUrl: 'http://127.0.0.1:9',
    };
    databases.push(d.database);
    const api = await start(d, 'api', false);
    for (let i = 0; i < 3; i++) expect((await readiness(api)).checks['redis']).not.toBe('ok');
    // ioredis reports the refused handshakes as closed connections; Kassa's own handshake at start says why.
    await api.waitForOutput(logged('"msg":"queue error"', 'All sentinels are unreachable.'), 10_000);
    await api.waitForOutput(logged('"msg":"no verified TLS connection to Redis'), 10_000);
    expect(tlsProblems(api)).toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+: self[- ]signed certificate in certificate chain; .*; .*$/)]);
    expect(api.stderr()).toBe('');
  }, 60_000);
});
