import { BANK_GATEWAY_MODULE, type KassaProcess, type RedisServer, startKassaProcess, startRedisServer } from '@kassa-payments/devkit';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KassaClient, type KassaResponse } from '@kassa-payments/merchant-client';
import { outboxEmpty, storedEventIds } from './stored-events.fixture.js';
import { until } from './until.fixture.js';

// One api and two worker processes (npm start's entry, as deployed) on one MongoDB and a Redis of
// the test's own, under load: a worker is killed with SIGKILL and replaced, then Redis is killed
// (losing every job) and started again. Every event reaches the receiver (duplicates only with the
// same webhook-id), and every invoice is charged exactly once at the bank. KASSA_WORKERS_TEST_SCALE
// scales the load: the test command runs 0.15 of it (about 800 deliveries, hundreds in flight at
// each kill); 1 makes more than 5,000 (a soak run, docs/decisions.md).
const SCALE = Number(process.env['KASSA_WORKERS_TEST_SCALE'] ?? 0.15);
const CLOSED_CONTRACTS = Math.round(2000 * SCALE); // two events each: contract.authorized, contract.closed
const PAID_INVOICES = Math.round(500 * SCALE); // contract.authorized, then the invoice's charge and its events
const PARTNER = { login: 'workers', password: 'workers-password-123' };
const debug = (...args: unknown[]) => {
  if (process.env['KASSA_WORKERS_TEST_DEBUG']) console.log(new Date().toISOString(), ...args);
};

// The receiver: webhook requests (their webhook-id) and the bank's charge calls (their idempotency key).
const webhookIds: string[] = [];
const charges: { key: string; invoiceId: string }[] = [];
let receiver: Server;
let base: string;
let redis: RedisServer;
let dir: string;
const processes: KassaProcess[] = [];
const database = `kassa_workers_${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/bank') {
        const { key } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { key: string };
        charges.push({ key, invoiceId: key.replace(/-\d+$/, '') });
      } else webhookIds.push(String(req.headers['webhook-id']));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  redis = await startRedisServer();
  dir = mkdtempSync(join(tmpdir(), 'kassa-workers-'));
  writeFileSync(join(dir, 'gateway.mjs'), BANK_GATEWAY_MODULE);
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
  await redis.destroy();
  rmSync(dir, { recursive: true, force: true });
  const mongo = new MongoClient(inject('mongoUrl'));
  await mongo.db(database).dropDatabase();
  await mongo.close();
});

const start = async (role: 'api' | 'worker') => {
  const seed = {
    partners: [
      {
        login: PARTNER.login,
        password: PARTNER.password,
        projects: [{ id: 1, clientIpRequired: false, webhookUrl: `${base}/hooks`, webhookSecret: `whsec_${Buffer.from('workers-webhook-secret-0123456').toString('base64')}` }],
      },
    ],
  };
  const env = {
    KASSA_ROLE: role,
    MONGO_URL: inject('mongoUrl'),
    MONGO_DB: database,
    REDIS_URL: redis.url,
    KASSA_REDIS_PREFIX: database,
    KASSA_BILLING_GATEWAY: join(dir, 'gateway.mjs'),
    TEST_BANK_URL: `${base}/bank`,
  };
  const p = await startKassaProcess(env, { seed });
  processes.push(p);
  return p;
};

const progress = () => ({ requests: webhookIds.length, delivered: new Set(webhookIds).size, charges: charges.length });

describe('api and worker processes on MongoDB and Redis', () => {
  it('a worker killed with SIGKILL and Redis killed mid-load: every event delivered, every invoice charged once', async () => {
    const api = await start('api');
    const workers = [await start('worker'), await start('worker')];
    const client = new KassaClient({ baseUrl: api.urls.api, login: PARTNER.login, password: PARTNER.password });
    const statuses = new Map<number, number>();
    /** Calls the API as a merchant would: a 503 (Retry-After) is tried again; anything else not 2xx fails the test. */
    const call = async <T>(request: () => Promise<KassaResponse<T>>): Promise<T> => {
      for (;;) {
        const r = await request();
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.ok) return r.data;
        if (r.status !== 503) throw new Error(`${r.status} ${r.error.code}`);
        await new Promise((res) => setTimeout(res, 200));
      }
    };
    const contract = async (i: number) => {
      const c = await call(() => client.createContract(1, { customer: { type: 'mobile_phone', msisdn: `7900${String(i).padStart(7, '0')}` }, merchant_contract_id: `mc-${i}` }));
      await call(() => client.authorizeContract(1, c.contract_id, { pin_code: '1234' }));
      return c;
    };
    const invoiceIds: string[] = [];
    const closeContract = async (i: number) => {
      const c = await contract(i);
      await call(() => client.cancelContract(1, c.contract_id, {}));
    };
    const payInvoice = async (i: number) => {
      await contract(i);
      const msisdn = `7900${String(i).padStart(7, '0')}`;
      const order = { merchant_order_id: `order-${i}`, price: { amount: '10.00', currency: 'RUB' } };
      invoiceIds.push((await call(() => client.createInvoice(1, { customer: { type: 'mobile_phone', msisdn }, contract: { merchant_contract_id: `mc-${i}` }, order }))).invoice_id);
    };
    // Invoices spread through the load, so that charges run across the kill and the Redis restart.
    const total = CLOSED_CONTRACTS + PAID_INVOICES;
    const every = Math.max(1, Math.floor(total / Math.max(1, PAID_INVOICES)));
    let next = 0;
    let invoices = 0;
    const load = Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < total) {
          const i = next++;
          if (i % every === every - 1 && invoices < PAID_INVOICES) {
            invoices += 1;
            await payInvoice(i);
          } else await closeContract(i);
        }
      }),
    );

    // A worker killed in the middle of the deliveries, and a new one started.
    await until(() => new Set(webhookIds).size >= 1_000 * SCALE, 180_000, 'before the kill', progress);
    debug('killing a worker');
    await (workers[0] as KassaProcess).kill();
    workers.push(await start('worker'));
    // Then Redis killed: every job, delayed or waiting, and the job schedulers are lost.
    await until(() => new Set(webhookIds).size >= 2_000 * SCALE, 180_000, 'before the Redis kill', progress);
    debug('killing Redis');
    await redis.stop(true);
    await new Promise((r) => setTimeout(r, 3_000));
    await redis.restart();
    debug('Redis back');
    await load;
    debug('load done', Object.fromEntries(statuses));

    // Every event the outbox held is in the log and at the receiver.
    const mongo = new MongoClient(inject('mongoUrl'));
    try {
      const db = mongo.db(database);
      await until(() => outboxEmpty(db), 300_000, 'the outbox empty', progress);
      const events = await storedEventIds(db);
      expect(events.length).toBeGreaterThanOrEqual(2 * CLOSED_CONTRACTS + 2 * PAID_INVOICES);
      const expected = new Set(events);
      await until(() => new Set(webhookIds).size >= expected.size, 300_000, 'every event delivered', progress);
      expect([...expected].filter((id) => !webhookIds.includes(id))).toEqual([]);
      // Duplicates only ever repeat an event's id.
      expect(webhookIds.filter((id) => !expected.has(id))).toEqual([]);
      debug('deliveries', { events: expected.size, requests: webhookIds.length });
    } finally {
      await mongo.close();
    }

    // Each invoice charged once: one idempotency key at the bank (a repeated call with the same key
    // moves no money, as the gateway port requires), one transaction, paid.
    await until(() => new Set(charges.map((c) => c.invoiceId)).size >= PAID_INVOICES, 120_000, 'every invoice charged', progress);
    expect(invoiceIds).toHaveLength(PAID_INVOICES);
    const keysPerInvoice = new Map<string, Set<string>>();
    for (const c of charges) keysPerInvoice.set(c.invoiceId, (keysPerInvoice.get(c.invoiceId) ?? new Set()).add(c.key));
    expect([...keysPerInvoice.keys()].sort()).toEqual([...invoiceIds].sort());
    expect([...keysPerInvoice.values()].filter((keys) => keys.size !== 1)).toEqual([]);
    debug('charges', { invoices: keysPerInvoice.size, calls: charges.length });
    for (const id of invoiceIds.slice(0, 50)) {
      const invoice = await call(() => client.getInvoice(1, id));
      expect([invoice.status, invoice.payment_status, invoice.transactions.length]).toEqual(['Processed', 'PAID', 1]);
    }

    // The API answered throughout: nothing but 2xx and 503.
    expect([...statuses.keys()].filter((s) => s >= 300 && s !== 503)).toEqual([]);
    expect(api.alive()).toBe(true);
    expect(api.stderr()).toBe('');
  }, 600_000);
});
