import { BANK_GATEWAY_MODULE, type KassaProcess, type RedisSentinelSet, redisCli, startKassaProcess, startReceiver, startRedisSentinelSet } from '@kassa-payments/devkit';
import { KassaClient, type KassaResponse } from '@kassa-payments/merchant-client';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { failoverSeed, LOAD, PROJECTS, runFailover } from './failover.fixture.js';
import { outboxEmpty, storedEventIds } from './stored-events.fixture.js';
import { until } from './until.fixture.js';

// Redis behind Sentinel (Debian's redis-server and redis-sentinel): a master, a replica and three
// sentinels on loopback ports; the master SIGKILLed mid-run (failover.fixture.ts).
let set: RedisSentinelSet;
beforeAll(async () => {
  set = await startRedisSentinelSet();
}, 60_000);
afterAll(() => set?.destroy());

describe('Redis behind Sentinel: the master killed mid-run', () => {
  it(`${LOAD.subscriptions} subscriptions × 3 charges, ${LOAD.closedContracts} contracts, ${LOAD.paidInvoices} invoices: nothing lost, nothing twice`, async () => {
    await runFailover({
      label: 'sentinel',
      mongoUrl: inject('mongoUrl'),
      redisEnv: { KASSA_REDIS_SENTINELS: set.sentinels, KASSA_REDIS_SENTINEL_MASTER: set.masterName },
      failOver: async () => {
        const started = Date.now();
        const old = await set.killMaster();
        await set.failedOver(old, 60_000);
        return Number(((Date.now() - started) / 1000).toFixed(2));
      },
    });
  }, 600_000);
});

// The case the run above leaves to chance, forced: the replica promoted lacks writes the master
// acknowledged. Only an api process runs at first, so that the jobs it adds wait in Redis. A first
// batch of invoices goes to the master and reaches the replica; then the replica is cut off the
// master (it reads nothing more but still answers the sentinels), a second batch goes to the master
// alone, the master is SIGKILLed and the sentinels promote the lagging replica. Its queue lacks the
// second batch's jobs (read from its keys); two workers then start, and the due-work sweep finds that
// work in MongoDB: every invoice is charged once, every stored event delivered.
const BATCH = 20;
const PARTNER = { login: 'lagging', password: 'lagging-password-1' };
/** BullMQ's job hashes under Kassa's queue (`kassa:kassa-jobs:<job id>`), not its lists, sets and streams. */
const JOB_KEY = /^kassa:kassa-jobs:([a-z]+_[a-z]+-[^:]+-\d+)$/;

describe('Redis behind Sentinel: a replica that lags promoted', () => {
  it(`${BATCH * 2} invoices, half of their jobs never replicated: the sweep finds them in MongoDB, each charged once`, async () => {
    const lagging = await startRedisSentinelSet();
    const database = `kassa_lagging_${randomUUID().slice(0, 8)}`;
    const receiver = await startReceiver((_, res) => res.writeHead(204).end());
    const dir = mkdtempSync(join(tmpdir(), 'kassa-lagging-'));
    writeFileSync(join(dir, 'gateway.mjs'), BANK_GATEWAY_MODULE);
    const processes: KassaProcess[] = [];
    const mongo = new MongoClient(inject('mongoUrl'));
    try {
      // Sentinel may promote a replica that lags: the master takes writes without replicas
      // acknowledging them (min-replicas-to-write 0), and the replica may be promoted (priority not 0).
      const master = await lagging.masterPort();
      expect((await redisCli(master, 'CONFIG', 'GET', 'min-replicas-to-write')).trim().split('\n')[1]).toBe('0');
      const seed = failoverSeed(PARTNER, receiver.url, {
        webhook: `whsec_${Buffer.from('lagging-webhook-secret-0123456').toString('base64')}`,
        subscription: `whsec_${Buffer.from('lagging-subscription-secret-01').toString('base64')}`,
      });
      const env = {
        MONGO_URL: inject('mongoUrl'),
        MONGO_DB: database,
        KASSA_REDIS_SENTINELS: lagging.sentinels,
        KASSA_REDIS_SENTINEL_MASTER: lagging.masterName,
        KASSA_BILLING_GATEWAY: join(dir, 'gateway.mjs'),
        TEST_BANK_URL: `${receiver.url}/bank`,
      };
      const start = async (role: 'api' | 'worker') => {
        const p = await startKassaProcess({ ...env, KASSA_ROLE: role }, { seed });
        processes.push(p);
        return p;
      };
      const api = await start('api');
      const client = new KassaClient({ baseUrl: api.urls.api, login: PARTNER.login, password: PARTNER.password });
      const call = async <T>(request: () => Promise<KassaResponse<T>>): Promise<T> => {
        for (;;) {
          const r = await request();
          if (r.ok) return r.data;
          if (r.status !== 503) throw new Error(`${r.status} ${r.error.code}`);
          await new Promise((res) => setTimeout(res, 200));
        }
      };
      const invoices = (from: number) =>
        Promise.all(
          Array.from({ length: BATCH }, async (_, k) => {
            const i = from + k;
            const project = PROJECTS[i % PROJECTS.length] as number;
            const customer = { type: 'mobile_phone' as const, msisdn: `7904${String(i).padStart(7, '0')}` };
            const contract = await call(() => client.createContract(project, { customer, merchant_contract_id: `lag-${i}` }));
            await call(() => client.authorizeContract(project, contract.contract_id, { pin_code: '1234' }));
            const order = { merchant_order_id: `lag-order-${i}`, price: { amount: '10.00', currency: 'RUB' } };
            return (await call(() => client.createInvoice(project, { customer, contract: { merchant_contract_id: `lag-${i}` }, order }))).invoice_id;
          }),
        );
      const jobsOn = async (port: number) =>
        new Set(
          (await redisCli(port, '--scan', '--pattern', 'kassa:kassa-jobs:*'))
            .split('\n')
            .map((key) => JOB_KEY.exec(key.trim())?.[1])
            .filter((id): id is string => id !== undefined),
        );
      const hasJob = (jobs: Set<string>, name: string, id: string) => [...jobs].some((job) => job.startsWith(`${name}-${id}-`));

      const replicated = await invoices(0);
      const replica = await lagging.cutReplica();
      expect((await redisCli(replica, 'CONFIG', 'GET', 'replica-priority')).trim().split('\n')[1]).not.toBe('0');
      const cutAt = Date.now();
      const unreplicated = await invoices(BATCH);
      const acknowledged = await jobsOn(master);
      expect([...replicated, ...unreplicated].filter((id) => !hasJob(acknowledged, 'invoice_charge', id))).toEqual([]);

      // The kill: the sentinels promote the replica that lags (its link down for seconds, within their limit).
      const killedAt = Date.now();
      await lagging.killMaster();
      const promoted = await lagging.failedOver(master, 30_000);
      const promotionSeconds = (Date.now() - killedAt) / 1000;
      expect(promoted).toBe(replica);
      const present = await jobsOn(promoted);
      const missing = [...acknowledged].filter((job) => !present.has(job));
      // (a) The promoted replica really lacks work the master acknowledged: every charge of the second batch.
      expect(unreplicated.filter((id) => !hasJob(new Set(missing), 'invoice_charge', id))).toEqual([]);
      expect(replicated.filter((id) => !hasJob(present, 'invoice_charge', id))).toEqual([]);

      // (b) Workers start; what the queue lacks is found in MongoDB by the due-work sweep.
      await start('worker');
      await start('worker');
      const db = mongo.db(database);
      const charged = () => {
        const perInvoice = new Map<string, Set<string>>();
        for (const r of receiver.received.filter((x) => x.path === '/bank')) {
          const key = (JSON.parse(r.body) as { key: string }).key;
          const owner = key.replace(/-\d+$/, '');
          perInvoice.set(owner, (perInvoice.get(owner) ?? new Set()).add(key));
        }
        return perInvoice;
      };
      const delivered = () => new Set(receiver.received.filter((r) => r.path === '/hooks').map((r) => String(r.headers['webhook-id'])));
      const all = [...replicated, ...unreplicated];
      await until(
        async () => all.every((id) => charged().has(id)) && (await outboxEmpty(db, ['contracts', 'invoices'])) && (await storedEventIds(db)).every((id) => delivered().has(id)),
        60_000,
        'every invoice charged, every event delivered',
        () => ({ notCharged: all.filter((id) => !charged().has(id)).length }),
      );
      const doneAt = Date.now();

      const perInvoice = charged();
      expect(all.filter((id) => perInvoice.get(id)?.size !== 1)).toEqual([]);
      expect(perInvoice.size).toBe(all.length);
      const events = await storedEventIds(db);
      const seen = delivered();
      expect(events.filter((id) => !seen.has(id))).toEqual([]);
      expect([...seen].filter((id) => !events.includes(id))).toEqual([]);
      const stored = async (job: string) => {
        const id = job.slice(job.indexOf('-') + 1, job.lastIndexOf('-'));
        for (const name of ['invoices', 'contracts']) {
          const doc = await db.collection<{ _id: string; dueAt?: string | null }>(name).findOne({ _id: id }, { projection: { dueAt: 1 } });
          if (doc) return doc.dueAt ?? null;
        }
        throw new Error(`no aggregate for ${job}`);
      };
      const runAt = (job: string) => Number(job.slice(job.lastIndexOf('-') + 1));
      const due = missing.filter((job) => runAt(job) <= doneAt);
      // Every missing job that was due is done: its aggregate moved on (nothing due at or before the job's time).
      const recovered = (
        await Promise.all(
          due.map(async (job) => {
            const dueAt = await stored(job);
            return dueAt === null || Date.parse(dueAt) > runAt(job);
          }),
        )
      ).filter(Boolean).length;
      expect(recovered).toBe(due.length);
      // A missing job not yet due (a contract's expiry) is in MongoDB with its time: the sweep runs it then.
      const later = missing.filter((job) => runAt(job) > doneAt);
      const awaiting = (await Promise.all(later.map(async (job) => Date.parse((await stored(job)) ?? '') === runAt(job)))).filter(Boolean).length;
      expect(awaiting).toBe(later.length);
      expect(api.alive()).toBe(true);
      expect(processes.map((p) => p.stderr()).filter((s) => s !== '')).toEqual([]);

      const figures = {
        invoices: all.length,
        acknowledgedJobs: acknowledged.size,
        presentAfterPromotion: acknowledged.size - missing.length,
        missingAfterPromotion: missing.length,
        missingDue: due.length,
        recovered,
        missingNotYetDueStoredInMongo: awaiting,
        cutToKillSeconds: Number(((killedAt - cutAt) / 1000).toFixed(2)),
        promotionSeconds: Number(promotionSeconds.toFixed(2)),
        untilAllDoneSeconds: Number(((doneAt - killedAt) / 1000).toFixed(1)),
        bankCalls: receiver.received.filter((r) => r.path === '/bank').length,
        events: events.length,
        webhookRequests: receiver.received.filter((r) => r.path === '/hooks').length,
      };
      console.log(`lagging replica figures: ${JSON.stringify(figures)}`);
    } finally {
      await Promise.all(processes.map((p) => p.stop()));
      await receiver.close();
      rmSync(dir, { recursive: true, force: true });
      await mongo.db(database).dropDatabase();
      await mongo.close();
      await lagging.destroy();
    }
  }, 120_000);
});
