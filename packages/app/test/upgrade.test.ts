import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type KassaProcess, type RedisServer, startKassaProcess, startRedisServer, UPGRADE_PARTNER, UPGRADE_SECRETS_KEY } from '@kassa-payments/devkit';
import { KassaClient, type KassaResponse } from '@kassa-payments/merchant-client';
import { STORAGE_SCHEMA } from '@kassa-payments/operations';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AGGREGATE_COLLECTIONS } from '@kassa-payments/adapters-mongo';
import { expectDataSet, fixtureDataFolder, fixtureManifest, fixtureSeed, importFixtureDatabase, ok, PREVIOUS, payOnActiveContract, previousRelease, upgradeClient } from './upgrade.fixture.js';
import { outboxEmpty, storedEventIds } from './stored-events.fixture.js';
import { until } from './until.fixture.js';

// Upgrades from the previous release (releases.json's newest, built from its commit beside this
// checkout): the data sets it wrote (checked in) read by this one, a rollback to it, and a rolling
// upgrade with processes of both on one MongoDB and one Redis under a charge load.

const KASSA = fileURLToPath(new URL('../bin/kassa.js', import.meta.url));
let oldMain: string;
const dirs: string[] = [];
const processes: KassaProcess[] = [];
const mongo = new MongoClient(inject('mongoUrl'));
const databases: string[] = [];
const freshDatabase = () => {
  const name = `kassa_upgrade_${randomUUID().slice(0, 8)}`;
  databases.push(name);
  return mongo.db(name);
};

beforeAll(async () => {
  oldMain = await previousRelease();
}, 300_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  for (const name of databases) await mongo.db(name).dropDatabase();
  await mongo.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** This release, or the previous one (`previous`), as its own process. */
const start = async (release: 'new' | 'previous', env: Record<string, string>, seed: unknown = fixtureSeed()) => {
  const p = await startKassaProcess({ ...env, ...(release === 'previous' ? { KASSA_COMMIT: PREVIOUS.commit } : {}) }, { seed, ...(release === 'previous' ? { main: oldMain } : {}) });
  processes.push(p);
  return p;
};
const stop = async (p: KassaProcess) => {
  processes.splice(processes.indexOf(p), 1);
  return p.stop();
};
const schemaEntries = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .filter((l) => l.startsWith('["#schema"'))
    .map((l) => (JSON.parse(l) as [string, string, { schema: number }])[2].schema);

describe(`upgrading from ${PREVIOUS.version}`, () => {
  it(`reads the data folder ${PREVIOUS.version} wrote and records its schema; ${PREVIOUS.version} reads back what this release wrote (a rollback)`, async () => {
    const dir = fixtureDataFolder();
    dirs.push(dir);
    const set = fixtureManifest('data-folder');
    const upgraded = await start('new', { KASSA_DATA_DIR: dir });
    await expectDataSet(upgraded.urls, set);
    // This release writes beside it: a charge on the old contract, and the invoice left awaiting its PIN paid.
    const newInvoice = await payOnActiveContract(upgraded.urls.api, 'upgrade-new-1');
    const client = upgradeClient(upgraded.urls.api);
    await ok(client.authorizeInvoice(UPGRADE_PARTNER.project, set.invoices.awaitingPin.id, { pin_code: '1234' }));
    await ok(client.waitForInvoice(UPGRADE_PARTNER.project, set.invoices.awaitingPin.id, (i) => i.payment_status === 'PAID', { timeoutMs: 30_000, intervalMs: 200 }));
    expect(await stop(upgraded)).toBe(0);
    expect(schemaEntries(dir)).toEqual([STORAGE_SCHEMA]);

    // Rolled back: the previous release reads it all, and writes on.
    const rolledBack = await start('previous', { KASSA_DATA_DIR: dir });
    const old = upgradeClient(rolledBack.urls.api);
    expect((await ok(old.getInvoice(UPGRADE_PARTNER.project, newInvoice))).payment_status).toBe('PAID');
    expect((await ok(old.getInvoice(UPGRADE_PARTNER.project, set.invoices.awaitingPin.id))).payment_status).toBe('PAID');
    const oldInvoice = await payOnActiveContract(rolledBack.urls.api, 'upgrade-old-1');
    expect(await stop(rolledBack)).toBe(0);

    // And upgraded again: both releases' writes read.
    const again = await start('new', { KASSA_DATA_DIR: dir });
    const client2 = upgradeClient(again.urls.api);
    for (const id of [newInvoice, oldInvoice, set.invoices.paid.id]) expect((await ok(client2.getInvoice(UPGRADE_PARTNER.project, id))).payment_status).toBe('PAID');
    expect(await stop(again)).toBe(0);
    expect(schemaEntries(dir)).toEqual([STORAGE_SCHEMA]);
  }, 180_000);

  it(`migrates the MongoDB data set ${PREVIOUS.version} wrote at start, logging the counts; both releases keep what the other added; a database a newer Kassa wrote is refused`, async () => {
    const db = freshDatabase();
    const counts = await importFixtureDatabase(db);
    const set = fixtureManifest('mongo');
    // Fields a newer release would add, beside the state and inside it, on the invoice each release rewrites below.
    const future = { futureField: 'kept', 'state.futureState': 'kept too' };
    const refunded = { _id: set.invoices.paid.id as never };
    const charged = { _id: set.invoices.awaitingPin.id as never };
    await db.collection('invoices').updateMany({ _id: { $in: [refunded._id, charged._id] } }, { $set: future });
    const versionOf = async (id: { _id: never }) => (await db.collection('invoices').findOne(id))?.['version'] as number;
    /** Saved since `before` (its version moved), with the newer release's fields still there. */
    const rewrittenKeeping = async (id: { _id: never }, before: number) => {
      const doc = await db.collection('invoices').findOne(id);
      expect(doc?.['version']).toBeGreaterThan(before);
      expect(doc).toMatchObject({ futureField: 'kept', shape: 1, state: { futureState: 'kept too' } });
    };
    const env = { MONGO_URL: inject('mongoUrl'), MONGO_DB: db.databaseName, KASSA_SECRETS_KEY: UPGRADE_SECRETS_KEY };
    const refundedBefore = await versionOf(refunded);
    const upgraded = await start('new', env);
    const migrated = upgraded.lines.map((l) => JSON.parse(l) as { msg?: string; migration?: string; counts?: Record<string, number> }).find((l) => l.msg?.startsWith('storage migrated'));
    expect(migrated).toMatchObject({ migration: '0002-aggregate-shapes', counts: Object.fromEntries(AGGREGATE_COLLECTIONS.map((c) => [c, counts[c] ?? 0])) });
    expect(Object.values(migrated?.counts ?? {}).reduce((a, b) => a + b, 0)).toBeGreaterThan(5);
    expect(await db.collection('kassa_meta').findOne({ _id: 'storage' as never })).toMatchObject({ schema: STORAGE_SCHEMA, readableFrom: 1, migrations: ['0002-aggregate-shapes'] });
    for (const c of AGGREGATE_COLLECTIONS) expect(await db.collection(c).countDocuments({ shape: { $ne: 1 } })).toBe(0);
    // Every record, the partner's sealed password and the project's sealed secrets among them.
    await expectDataSet(upgraded.urls, set);
    const newInvoice = await payOnActiveContract(upgraded.urls.api, 'upgrade-new-1');
    // This release rewrites one: a refund.
    const client = upgradeClient(upgraded.urls.api);
    await ok(client.refundInvoice(UPGRADE_PARTNER.project, set.invoices.paid.id));
    await ok(client.waitForInvoice(UPGRADE_PARTNER.project, set.invoices.paid.id, (i) => i.refund_status === 'completed', { timeoutMs: 30_000, intervalMs: 200 }));
    expect(await stop(upgraded)).toBe(0);
    await rewrittenKeeping(refunded, refundedBefore);

    // The previous release on the migrated database: it reads this release's invoice, and rewrites the other (a PIN, a charge).
    const chargedBefore = await versionOf(charged);
    const previous = await start('previous', env);
    const old = upgradeClient(previous.urls.api);
    expect((await ok(old.getInvoice(UPGRADE_PARTNER.project, newInvoice))).payment_status).toBe('PAID');
    await ok(old.authorizeInvoice(UPGRADE_PARTNER.project, set.invoices.awaitingPin.id, { pin_code: '1234' }));
    await ok(old.waitForInvoice(UPGRADE_PARTNER.project, set.invoices.awaitingPin.id, (i) => i.payment_status === 'PAID', { timeoutMs: 30_000, intervalMs: 200 }));
    expect(await stop(previous)).toBe(0);
    await rewrittenKeeping(charged, chargedBefore);

    // A database a newer Kassa wrote for newer readers: refused, naming both versions.
    await db.collection('kassa_meta').updateOne({ _id: 'storage' as never }, { $set: { schema: 9, readableFrom: 9, writtenBy: '9.0.0' } });
    await expect(startKassaProcess(env, { seed: fixtureSeed(), startWithinMs: 30_000 })).rejects.toThrow(
      new RegExp(
        `MongoDB database ${db.databaseName} holds storage schema 9, written by Kassa 9\\.0\\.0, which Kassa reads from schema 9 on; this is Kassa [^ ]+ \\(storage schema ${STORAGE_SCHEMA}\\)`,
      ),
    );
  }, 180_000);

  it('kassa migrate --dry-run says what each migration would change and changes nothing; kassa migrate does it, once', async () => {
    const db = freshDatabase();
    const counts = await importFixtureDatabase(db);
    const migrate = async (...args: string[]) => {
      const { stdout } = await promisify(execFile)(process.execPath, [KASSA, 'migrate', ...args], { env: { ...process.env, MONGO_URL: inject('mongoUrl'), MONGO_DB: db.databaseName } });
      return stdout.trim().split('\n');
    };
    const stamped = AGGREGATE_COLLECTIONS.map((c) => `${c} ${counts[c] ?? 0}`).join(', ');
    const collections = async () => (await db.listCollections().toArray()).map((c) => c.name).sort();
    const before = await collections();
    expect(await migrate('--dry-run')).toEqual([
      `0002-aggregate-shapes: aggregate documents name their shape (shape: 1): would change (${stamped})`,
      `MongoDB database ${db.databaseName}: storage schema 1 (unrecorded: Kassa 0.1.0, or empty); would record storage schema ${STORAGE_SCHEMA}; nothing changed (dry run)`,
    ]);
    expect(await collections()).toEqual(before);
    expect(await db.collection('invoices').countDocuments({ shape: 1 })).toBe(0);
    expect(await migrate()).toEqual([
      `0002-aggregate-shapes: aggregate documents name their shape (shape: 1): done (${stamped})`,
      expect.stringMatching(new RegExp(`^MongoDB database ${db.databaseName}: storage schema ${STORAGE_SCHEMA} \\(Kassa [^)]+\\), was 1$`)),
    ]);
    expect(await migrate()).toEqual([`MongoDB database ${db.databaseName}: no migration pending`, expect.stringMatching(/: storage schema 2 \(Kassa [^)]+\)$/)]);
  }, 60_000);
});

// The rolling upgrade: api and worker processes of both releases on one MongoDB and one Redis, the
// workers upgraded first, under a load of contracts and charged invoices.
const PARTNER = { login: 'rolling', password: 'rolling-password-123' };
/** The bank records each charge's idempotency key and the release of the worker that made it. */
const GATEWAY = `export default ({ env }) => ({
  async charge(request) {
    const res = await fetch(env.TEST_BANK_URL, { method: 'POST', body: JSON.stringify({ key: request.idempotencyKey, by: env.KASSA_UPGRADE_RELEASE }) });
    if (!res.ok) throw new Error('bank away');
    return { status: 'SUCCESS', resultCode: 0, resultDescription: 'SUCCESS', billingChannel: 'MC', serviceNumber: 'TEST' };
  },
  async refund() {},
});
`;

describe(`a rolling upgrade from ${PREVIOUS.version}`, () => {
  let redis: RedisServer;
  let receiver: import('node:http').Server;
  let base: string;
  const webhookIds: string[] = [];
  const charges: { key: string; invoiceId: string; by: 'new' | 'previous' }[] = [];

  beforeAll(async () => {
    const { createServer } = await import('node:http');
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.url === '/bank') {
          const { key, by } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { key: string; by: 'new' | 'previous' };
          charges.push({ key, by, invoiceId: key.replace(/-\d+$/, '') });
        } else webhookIds.push(String(req.headers['webhook-id']));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(receiver.address() as import('node:net').AddressInfo).port}`;
    redis = await startRedisServer();
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
    await redis.destroy();
  });

  it('api and worker processes of both releases side by side: nothing lost, nothing charged twice, every event delivered once, jobs of each run by the other', async () => {
    const db = freshDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'kassa-rolling-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'gateway.mjs'), GATEWAY);
    const seed = {
      partners: [
        {
          login: PARTNER.login,
          password: PARTNER.password,
          projects: [{ id: 1, clientIpRequired: false, webhookUrl: `${base}/hooks`, webhookSecret: `whsec_${Buffer.from('rolling-webhook-secret-0123456').toString('base64')}` }],
        },
      ],
    };
    const run = (release: 'new' | 'previous', role: 'api' | 'worker') =>
      start(
        release,
        {
          KASSA_ROLE: role,
          MONGO_URL: inject('mongoUrl'),
          MONGO_DB: db.databaseName,
          REDIS_URL: redis.url,
          KASSA_REDIS_PREFIX: db.databaseName,
          KASSA_BILLING_GATEWAY: join(dir, 'gateway.mjs'),
          TEST_BANK_URL: `${base}/bank`,
          KASSA_UPGRADE_RELEASE: release,
        },
        seed,
      );

    // Before: the previous release alone.
    const oldApi = await run('previous', 'api');
    const oldWorker = await run('previous', 'worker');
    /** The APIs the load balancer sends to, and the calls in flight on each. */
    const apis: { release: 'new' | 'previous'; url: string; inFlight: number }[] = [{ release: 'previous', url: oldApi.urls.api, inFlight: 0 }];
    const createdBy = new Map<string, 'new' | 'previous'>();
    const statuses = new Map<number, number>();
    let turn = 0;
    let loading = true;
    const call = async <T>(client: KassaClient, request: (c: KassaClient) => Promise<KassaResponse<T>>): Promise<T> => {
      for (;;) {
        const r = await request(client);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.ok) return r.data;
        if (r.status !== 503) throw new Error(`${r.status} ${r.error.code}`);
        await new Promise((res) => setTimeout(res, 200));
      }
    };
    /** One merchant's flow on one API (as a load balancer would keep a connection): a contract, and every other time an invoice charged on it. */
    const flow = async (i: number) => {
      const api = apis[turn++ % apis.length] as (typeof apis)[number];
      api.inFlight += 1;
      try {
        const client = new KassaClient({ baseUrl: api.url, login: PARTNER.login, password: PARTNER.password });
        const msisdn = `7903${String(i).padStart(7, '0')}`;
        const c = await call(client, (k) => k.createContract(1, { customer: { type: 'mobile_phone', msisdn }, merchant_contract_id: `rc-${i}` }));
        await call(client, (k) => k.authorizeContract(1, c.contract_id, { pin_code: '1234' }));
        if (i % 2 === 0) {
          await call(client, (k) => k.cancelContract(1, c.contract_id, {}));
          return;
        }
        const order = { merchant_order_id: `ro-${i}`, price: { amount: '10.00', currency: 'RUB' } };
        const invoice = await call(client, (k) => k.createInvoice(1, { customer: { type: 'mobile_phone', msisdn }, contract: { merchant_contract_id: `rc-${i}` }, order }));
        createdBy.set(invoice.invoice_id, api.release);
      } finally {
        api.inFlight -= 1;
      }
    };
    let next = 0;
    const load = Promise.all(
      Array.from({ length: 6 }, async () => {
        while (loading) await flow(next++);
      }),
    );
    const charged = () => new Set(charges.map((c) => c.invoiceId)).size;
    const progress = () => ({ flows: next, charged: charged(), delivered: new Set(webhookIds).size, apis: apis.map((a) => a.release) });
    const more = async (n: number, what: string) => {
      const target = charged() + n;
      await until(() => charged() >= target, 120_000, what, progress);
    };
    await more(10, 'charges by the previous release');

    // The workers first: this release's beside the previous one's (it migrates the database as it starts).
    const newWorker = await run('new', 'worker');
    await more(10, 'charges with workers of both releases');
    // Then this release's API beside the previous one's: jobs each schedules run on either worker.
    const newApi = await run('new', 'api');
    apis.push({ release: 'new', url: newApi.urls.api, inFlight: 0 });
    const crossed = (api: 'new' | 'previous', worker: 'new' | 'previous') => charges.some((c) => createdBy.get(c.invoiceId) === api && c.by === worker);
    await until(() => crossed('previous', 'new') && crossed('new', 'previous'), 120_000, 'jobs of each release run by the other', progress);
    await more(10, 'charges with both releases everywhere');
    // The previous release's worker goes, then its API (out of the balancer first, its calls finished).
    expect(await stop(oldWorker)).toBe(0);
    await more(10, 'charges after the previous worker went');
    const leaving = apis.find((a) => a.release === 'previous') as (typeof apis)[number];
    apis.splice(apis.indexOf(leaving), 1);
    await until(() => leaving.inFlight === 0, 60_000, 'the calls sent to the previous API finished', progress);
    expect(await stop(oldApi)).toBe(0);
    await more(10, 'charges on this release alone');
    loading = false;
    await load;

    // Every event the outbox held is stored and delivered, each exactly once.
    await until(() => outboxEmpty(db), 300_000, 'the outbox empty', progress);
    const events = await storedEventIds(db);
    const expected = new Set(events);
    await until(() => new Set(webhookIds).size >= expected.size, 300_000, 'every event delivered', progress);
    expect([...expected].filter((id) => !webhookIds.includes(id))).toEqual([]);
    expect(webhookIds.filter((id) => !expected.has(id))).toEqual([]);
    const times = new Map<string, number>();
    for (const id of webhookIds) times.set(id, (times.get(id) ?? 0) + 1);
    expect([...times].filter(([, n]) => n !== 1)).toEqual([]);

    // Every invoice charged exactly once (one idempotency key at the bank), and paid.
    const invoiceIds = [...createdBy.keys()];
    await until(() => invoiceIds.every((id) => charges.some((c) => c.invoiceId === id)), 120_000, 'every invoice charged', progress);
    const keys = new Map<string, Set<string>>();
    for (const c of charges) keys.set(c.invoiceId, (keys.get(c.invoiceId) ?? new Set()).add(c.key));
    expect([...keys.keys()].sort()).toEqual([...invoiceIds].sort());
    expect([...keys.values()].filter((k) => k.size !== 1)).toEqual([]);
    const client = new KassaClient({ baseUrl: newApi.urls.api, login: PARTNER.login, password: PARTNER.password });
    for (const id of invoiceIds) {
      const invoice = await call(client, (k) => k.getInvoice(1, id));
      expect([invoice.status, invoice.payment_status, invoice.transactions.length]).toEqual(['Processed', 'PAID', 1]);
    }
    // What this release added to a document (its shape) is there after both releases' workers saved it
    // (the fixture test above holds the previous release's save alone to it).
    const newInvoices = invoiceIds.filter((id) => createdBy.get(id) === 'new');
    expect(newInvoices.length).toBeGreaterThan(0);
    expect(await db.collection('invoices').countDocuments({ _id: { $in: newInvoices } as never, shape: 1 })).toBe(newInvoices.length);
    expect([...statuses.keys()].filter((s) => s >= 300 && s !== 503)).toEqual([]);
    expect([newApi.stderr(), newWorker.stderr()]).toEqual(['', '']);
    expect(charges.filter((c) => c.by === 'previous').length).toBeGreaterThan(0);
    expect(charges.filter((c) => c.by === 'new').length).toBeGreaterThan(0);
    if (process.env['KASSA_WORKERS_TEST_DEBUG']) console.log({ flows: next, invoices: invoiceIds.length, events: expected.size, byPrevious: charges.filter((c) => c.by === 'previous').length });
    expect(await stop(newApi)).toBe(0);
    expect(await stop(newWorker)).toBe(0);
  }, 600_000);
});
