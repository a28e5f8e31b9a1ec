import {
  BANK_GATEWAY_MODULE,
  type HttpReceiver,
  type KassaProcess,
  makeTestCertificates,
  type RedisClusterSet,
  startKassaProcess,
  startReceiver,
  startRedisCluster,
  type TestCertificates,
} from '@kassa/devkit';
import { KassaClient, type KassaResponse } from '@kassa/merchant-client';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// Kassa's api and worker processes on a Redis Cluster that speaks TLS only (KASSA_REDIS_TLS=true):
// the certificates are made here with openssl (a private CA, a server certificate for 127.0.0.1),
// trusted through NODE_EXTRA_CA_CERTS as an operator would. Without it the certificate is refused.
const PARTNER = { login: 'tls', password: 'tls-partner-password-1' };
const PREFIX = 'kassa-tls';
const database = `kassa_tls_${randomUUID().slice(0, 8)}`;

let certs: TestCertificates;
let cluster: RedisClusterSet;
let receiver: HttpReceiver;
let dir: string;
const processes: KassaProcess[] = [];

beforeAll(async () => {
  certs = await makeTestCertificates();
  // Three masters without replicas: quick, and enough to spread the keys over TLS connections to each.
  cluster = await startRedisCluster({ tls: certs, replicas: false });
  receiver = await startReceiver();
  dir = mkdtempSync(join(tmpdir(), 'kassa-tls-'));
  writeFileSync(join(dir, 'gateway.mjs'), BANK_GATEWAY_MODULE);
}, 60_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  await receiver?.close();
  await cluster?.destroy();
  certs?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
  const mongo = new MongoClient(inject('mongoUrl'));
  await mongo.db(database).dropDatabase();
  await mongo.close();
});

const seed = () => ({
  partners: [
    {
      ...PARTNER,
      projects: [
        { id: 1, clientIpRequired: false, webhookUrl: `${receiver.url}/hooks`, webhookSecret: `whsec_${Buffer.from('tls-webhook-secret-0123456789ab').toString('base64')}` },
        { id: 2, clientIpRequired: false, webhookUrl: `${receiver.url}/hooks`, webhookSecret: `whsec_${Buffer.from('tls-webhook-secret-0123456789ab').toString('base64')}` },
      ],
    },
  ],
});

/** An api or worker process on the TLS Cluster; `ca`: whether it trusts the test's CA (NODE_EXTRA_CA_CERTS). */
const start = async (role: 'api' | 'worker', ca: boolean) => {
  const p = await startKassaProcess(
    {
      KASSA_ROLE: role,
      MONGO_URL: inject('mongoUrl'),
      MONGO_DB: database,
      KASSA_REDIS_CLUSTER_NODES: cluster.nodes,
      KASSA_REDIS_TLS: 'true',
      KASSA_QUEUE_PARTITIONS: '2',
      KASSA_REDIS_PREFIX: PREFIX,
      KASSA_BILLING_GATEWAY: join(dir, 'gateway.mjs'),
      TEST_BANK_URL: `${receiver.url}/bank`,
      // Empty: Node reads no extra CA, whatever the test runner's environment holds.
      NODE_EXTRA_CA_CERTS: ca ? certs.ca : '',
    },
    { seed: seed() },
  );
  processes.push(p);
  return p;
};

const readiness = (p: KassaProcess) => fetch(`${p.urls.admin}/ready`).then((r) => r.json() as Promise<{ ready: boolean; checks: Record<string, string> }>);

const until = async (done: () => boolean | Promise<boolean>, ms: number, what: string) => {
  for (const end = Date.now() + ms; !(await done()); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
  }
};

describe('Redis Cluster over TLS (KASSA_REDIS_TLS=true, the CA from NODE_EXTRA_CA_CERTS)', () => {
  it('api and worker processes do the work through it: an invoice charged, its webhooks delivered, the keys on the Cluster', async () => {
    const api = await start('api', true);
    const worker = await start('worker', true);
    await until(async () => (await readiness(worker)).ready, 20_000, 'the worker ready');
    expect(await readiness(api)).toMatchObject({ ready: true, checks: { redis: 'ok' } });

    const client = new KassaClient({ baseUrl: api.urls.api, login: PARTNER.login, password: PARTNER.password });
    const ok = async <T>(r: Promise<KassaResponse<T>>): Promise<T> => {
      const answer = await r;
      if (!answer.ok) throw new Error(`${answer.status} ${answer.error.code}`);
      return answer.data;
    };
    // Both projects, so that both partitions (routed by project) carry jobs.
    const invoices: string[] = [];
    for (const project of [1, 2]) {
      const msisdn = `7900555000${project}`;
      const contract = await ok(client.createContract(project, { customer: { type: 'mobile_phone', msisdn }, merchant_contract_id: `mc-${project}` }));
      await ok(client.authorizeContract(project, contract.contract_id, { pin_code: '1234' }));
      const order = { merchant_order_id: `order-${project}`, price: { amount: '10.00', currency: 'RUB' } };
      invoices.push((await ok(client.createInvoice(project, { customer: { type: 'mobile_phone', msisdn }, contract: { merchant_contract_id: `mc-${project}` }, order }))).invoice_id);
    }
    // The charge is a job the worker took from the Cluster: the bank saw one call per invoice, and the invoices are paid.
    const bankCalls = () => receiver.received.filter((r) => r.path === '/bank');
    await until(() => bankCalls().length >= 2, 30_000, 'both invoices charged');
    for (const [i, id] of invoices.entries()) {
      await until(async () => (await ok(client.getInvoice(i + 1, id))).payment_status === 'PAID', 30_000, `invoice ${id} paid`);
    }
    expect(
      bankCalls()
        .map((r) => (JSON.parse(r.body) as { key: string }).key.replace(/-\d+$/, ''))
        .sort(),
    ).toEqual([...invoices].sort());
    // Every stored event reached the receiver (the relay and the attempts are jobs too).
    const mongo = new MongoClient(inject('mongoUrl'));
    try {
      // The relay (a periodic job) moves the aggregates' outboxes into the events.
      const db = mongo.db(database);
      const outboxEmpty = async () => {
        for (const name of ['contracts', 'invoices']) if ((await db.collection(name).countDocuments({ outboxPending: true })) > 0) return false;
        return true;
      };
      await until(outboxEmpty, 30_000, 'the outbox empty');
      const events = (
        await mongo
          .db(database)
          .collection('events')
          .find({}, { projection: { _id: 1 } })
          .toArray()
      ).map((e) => String(e['_id']));
      expect(events.length).toBeGreaterThanOrEqual(4);
      const delivered = () => new Set(receiver.received.filter((r) => r.path === '/hooks').map((r) => String(r.headers['webhook-id'])));
      await until(() => events.every((id) => delivered().has(id)), 30_000, 'every event delivered');
    } finally {
      await mongo.close();
    }

    // The queue's keys are on the Cluster (read over TLS), hash-tagged by partition, both partitions used.
    const keys = Object.values(await cluster.keysByMaster()).flat();
    expect(keys.filter((k) => k.startsWith(`{${PREFIX}-0}:`)).length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.startsWith(`{${PREFIX}-1}:`)).length).toBeGreaterThan(0);
    expect(keys.filter((k) => !/^\{kassa-tls(-[01])?\}:/.test(k))).toEqual([]);
    for (const p of [api, worker]) expect([p.alive(), p.stderr()]).toEqual([true, '']);
  }, 120_000);

  it('without the CA the certificate is refused: the worker does not start, the api is not ready for Redis', async () => {
    // What the processes meet: a node's certificate is refused unless its CA is trusted.
    const [host, port] = (cluster.nodes.split(',')[0] as string).split(':') as [string, string];
    const handshake = (ca?: Buffer) =>
      new Promise<string>((resolve) => {
        const socket = connect({ host, port: Number(port), ...(ca ? { ca } : {}) }, () => {
          socket.end();
          resolve('ok');
        });
        socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      });
    expect(await handshake()).toMatch(/^(SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)$/);
    expect(await handshake(readFileSync(certs.ca))).toBe('ok');

    // A worker needs Redis to start: without the CA it never does (its schedulers never reach the Cluster).
    const worker = start('worker', false);
    // An api process starts (it answers without Redis, by design), but its Redis check never passes.
    const api = await start('api', false);
    await expect(worker).rejects.toThrow(/did not start within 15 s/);
    for (let i = 0; i < 3; i++) expect((await readiness(api)).checks['redis']).not.toBe('ok');
    // Its log says the Cluster could not be reached (ioredis keeps the certificate's refusal to itself: docs/operations.md).
    expect(api.lines.some((l) => l.includes('"msg":"queue error"') && l.includes('Failed to refresh slots cache.'))).toBe(true);
    expect(api.stderr()).toBe('');
  }, 60_000);
});
