import { BANK_GATEWAY_MODULE, type HttpReceiver, type KassaProcess, type Received, startKassaProcess, startReceiver } from '@kassa-payments/devkit';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { compactUtc } from '@kassa-payments/domain';
import { KassaClient, type KassaResponse } from '@kassa-payments/merchant-client';
import { signSubscriptionRequest } from '@kassa-payments/protocol';
import { MongoClient } from 'mongodb';
import { expect } from 'vitest';
import { outboxEmpty, storedEventIds } from './stored-events.fixture.js';
import { until as untilDone } from './until.fixture.js';

/** Waits for `done`; a failure says `what`, the progress, and `detail` (what the processes logged, the queue's state). */
const until = (done: () => boolean | Promise<boolean>, ms: number, what: string, progress: () => unknown, detail: () => unknown = () => undefined) =>
  untilDone(done, ms, what, async () => ({ progress: progress(), detail: await detail() }));

// The Redis failover scenario shared by the Sentinel and the Cluster suites: one api and two worker
// processes (npm start's entry) on one MongoDB and the suite's Redis, three projects (so that the
// partitions, routed by project, all carry work), subscriptions with charge cycles, contracts and
// paid invoices in flight, and the Redis master holding work SIGKILLed mid-run. Then every
// subscription has exactly its charges and notifications, every stored event reached the merchant
// (duplicates only with the same webhook-id), and every invoice was charged once.
// KASSA_FAILOVER_SCALE scales the load: the test command runs 0.25 of it (50 subscriptions, 150
// contracts, 38 invoices, some 620 events, work on every partition at the kill); 1 is the soak run.
const SCALE = Number(process.env['KASSA_FAILOVER_SCALE'] ?? 0.25);
export const LOAD = { subscriptions: Math.round(200 * SCALE), closedContracts: Math.round(600 * SCALE), paidInvoices: Math.round(150 * SCALE) };
const ITERATIONS = 3;
/** The projects of the seed (failoverSeed), over which the load is spread. */
export const PROJECTS = [1, 2, 3] as const;
const PARTNER = { login: 'failover', password: 'failover-password-1' };
const SECRET = `whsec_${Buffer.from('failover-subscription-secret-01').toString('base64')}`;
const DEBUG = Boolean(process.env['KASSA_WORKERS_TEST_DEBUG']);
const debug = (...args: unknown[]) => {
  if (DEBUG) console.log(new Date().toISOString(), ...args);
};
const parser = new XMLParser({ parseTagValue: false });
/** A process's log line; a line that is not JSON (a library's print) counts as a warning of its own. */
const parsedLine = (line: string): { level?: number; time?: number; msg?: string } => {
  try {
    return JSON.parse(line) as { level?: number; time?: number; msg?: string };
  } catch {
    return { level: 40, time: Date.now(), msg: line.slice(0, 200) };
  }
};

export interface FailoverRun {
  /** The Redis variables of every process (KASSA_REDIS_SENTINELS…, KASSA_QUEUE_PARTITIONS). */
  readonly redisEnv: Record<string, string>;
  /** SIGKILLs the master that matters and waits for its replica's promotion; seconds the promotion took. */
  readonly failOver: () => Promise<number>;
  readonly mongoUrl: string;
  readonly label: string;
  /** The queue's state in Redis (depths, locks, schedulers), for a stall's failure message. */
  readonly inspect?: () => Promise<unknown>;
}

/**
 * One partner whose three projects send their webhooks to `receiverUrl`/hooks and their
 * subscription notifications to `receiverUrl`/subs, signed with `secrets`.
 */
export function failoverSeed(partner: { readonly login: string; readonly password: string }, receiverUrl: string, secrets: { readonly webhook: string; readonly subscription: string }) {
  return {
    partners: [
      {
        ...partner,
        projects: PROJECTS.map((id) => ({
          id,
          clientIpRequired: false,
          webhookUrl: `${receiverUrl}/hooks`,
          webhookSecret: secrets.webhook,
          subscriptionSecret: secrets.subscription,
          subscriptionNotificationUrl: `${receiverUrl}/subs`,
        })),
      },
    ],
  };
}

export async function runFailover(run: FailoverRun): Promise<void> {
  const database = `kassa_failover_${randomUUID().slice(0, 8)}`;
  const arrivals: number[] = [];
  const receiver: HttpReceiver = await startReceiver((_, res) => {
    arrivals.push(Date.now());
    res.writeHead(204).end();
  });
  const dir = mkdtempSync(join(tmpdir(), 'kassa-failover-'));
  writeFileSync(join(dir, 'gateway.mjs'), BANK_GATEWAY_MODULE);
  const processes: KassaProcess[] = [];
  const mongo = new MongoClient(run.mongoUrl);
  let stopLoad = async () => {};
  try {
    const seed = failoverSeed(PARTNER, receiver.url, { webhook: `whsec_${Buffer.from('failover-webhook-secret-012345').toString('base64')}`, subscription: SECRET });
    const start = async (role: 'api' | 'worker') => {
      const env = { KASSA_ROLE: role, MONGO_URL: run.mongoUrl, MONGO_DB: database, ...run.redisEnv, KASSA_BILLING_GATEWAY: join(dir, 'gateway.mjs'), TEST_BANK_URL: `${receiver.url}/bank` };
      const p = await startKassaProcess(env, { seed });
      processes.push(p);
      return p;
    };
    const api = await start('api');
    await start('worker');
    await start('worker');

    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const client = new KassaClient({ baseUrl: api.urls.api, login: PARTNER.login, password: PARTNER.password });
    /** A merchant's call: a 503 (Retry-After) is tried again; anything else not 2xx fails the test. */
    const call = async <T>(request: () => Promise<KassaResponse<T>>): Promise<T> => {
      for (;;) {
        const r = await request();
        count(r.status);
        if (r.ok) return r.data;
        if (r.status !== 503) throw new Error(`${r.status} ${r.error.code}`);
        await new Promise((res) => setTimeout(res, 200));
      }
    };
    const xml = async (project: number, method: string, elements: string): Promise<Record<string, string>> => {
      for (;;) {
        const now = compactUtc(new Date().toISOString());
        const res = await fetch(`${api.urls.subs}/Http/Services/${method}.aspx`, {
          method: 'POST',
          headers: { 'content-type': 'text/xml; charset=utf-8' },
          body: signSubscriptionRequest(`<Request><SubscriptionProjectID>${project}</SubscriptionProjectID><Now>${now}</Now><Signature></Signature>${elements}</Request>`, SECRET, project, now, 'v1'),
        });
        count(res.status);
        const doc = (parser.parse(await res.text()) as { Response: Record<string, string> }).Response;
        if (res.status === 503) {
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        if (doc['StatusName'] !== 'REQUEST_ACCEPTED') throw new Error(`${method}: ${res.status} ${JSON.stringify(doc)}`);
        return doc;
      }
    };

    const subscriptionIds: string[] = [];
    const invoiceIds: string[] = [];
    const project = (i: number) => PROJECTS[i % PROJECTS.length] as number;
    const contract = async (i: number) => {
      const c = await call(() => client.createContract(project(i), { customer: { type: 'mobile_phone', msisdn: `7902${String(i).padStart(7, '0')}` }, merchant_contract_id: `mc-${i}` }));
      await call(() => client.authorizeContract(project(i), c.contract_id, { pin_code: '1234' }));
      return c;
    };
    const kinds: ('subscription' | 'contract' | 'invoice')[] = [];
    for (let n = 0; n < Math.max(LOAD.subscriptions, LOAD.closedContracts, LOAD.paidInvoices); n++) {
      if (n < LOAD.closedContracts) kinds.push('contract');
      if (n < LOAD.subscriptions) kinds.push('subscription');
      if (n < LOAD.paidInvoices) kinds.push('invoice');
    }
    let next = 0;
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < kinds.length) {
          const i = next++;
          const kind = kinds[i];
          if (kind === 'subscription') {
            // A 2-second period: each subscription's three charges span the failover.
            const created = await xml(
              project(i),
              'CreateSubscription',
              `<Subscriber_MSISDN>7903${String(i).padStart(7, '0')}</Subscriber_MSISDN><TestInfo><BillingPeriodSeconds>2</BillingPeriodSeconds><MaxIterations>${ITERATIONS}</MaxIterations></TestInfo>`,
            );
            const id = created['SubscriptionID'] as string;
            subscriptionIds.push(id);
            await xml(project(i), 'ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`);
          } else if (kind === 'invoice') {
            await contract(i);
            const order = { merchant_order_id: `order-${i}`, price: { amount: '10.00', currency: 'RUB' } };
            const customer = { type: 'mobile_phone' as const, msisdn: `7902${String(i).padStart(7, '0')}` };
            invoiceIds.push((await call(() => client.createInvoice(project(i), { customer, contract: { merchant_contract_id: `mc-${i}` }, order }))).invoice_id);
          } else {
            const c = await contract(i);
            await call(() => client.cancelContract(project(i), c.contract_id, {}));
          }
        }
      }),
    );

    // Should the test fail before the load ends, the load stops and its failure is read here, not left unhandled.
    load.catch(() => undefined);
    stopLoad = async () => {
      next = kinds.length;
      await load.catch(() => undefined);
    };
    const of = (path: string) => receiver.received.filter((r) => r.path === path);
    const parsed = new WeakMap<Received, Record<string, string>>();
    const notification = (r: Received) => {
      let doc = parsed.get(r);
      if (!doc) {
        doc = (parser.parse(r.body) as { SubscriptionStatusNotification: Record<string, string> }).SubscriptionStatusNotification;
        parsed.set(r, doc);
      }
      return doc;
    };
    const progress = () => ({ requests: receiver.received.length, hooks: new Set(of('/hooks').map((r) => r.headers['webhook-id'])).size, bank: of('/bank').length, subs: of('/subs').length });
    /** On a stall, what each process logged at warn or above since the kill (the last 40 lines each), for the failure's message. */
    const troubleSince = async (since: number, last = 40) => ({
      queue: await run.inspect?.().catch((e: Error) => `not read: ${e.message}`),
      logged: processes.map((p, n) => ({
        process: n === 0 ? 'api' : `worker ${n}`,
        lines: p.lines
          .filter((line) => {
            const entry = parsedLine(line);
            return (entry.level ?? 0) >= 40 && (entry.time ?? 0) >= since;
          })
          .slice(-last),
      })),
    });

    // The kill: once a third of the load has been acknowledged and delivered, with charges under way.
    await until(() => next >= kinds.length / 3 && of('/bank').length >= LOAD.subscriptions / 2, 240_000, 'a third of the load', progress);
    const killedAt = Date.now();
    const before = progress();
    const promotionSeconds = await run.failOver();
    debug('failed over', { promotionSeconds, before });
    await load;
    const loadDone = Date.now();

    // Storage is the truth: every event it holds reaches the merchant.
    const db = mongo.db(database);
    const closed = () =>
      new Set(
        of('/subs')
          .filter((r) => notification(r)['EventType'] === 'CLOSED')
          .map((r) => r.headers['webhook-id']),
      ).size;
    await until(
      async () => closed() >= subscriptionIds.length && (await outboxEmpty(db)),
      300_000,
      'every subscription closed, the outbox empty',
      progress,
      () => troubleSince(killedAt),
    );
    const expected = new Set(await storedEventIds(db));
    const delivered = () => new Set([...of('/hooks'), ...of('/subs')].map((r) => String(r.headers['webhook-id'])));
    await until(
      () => [...expected].every((id) => delivered().has(id)),
      300_000,
      'every stored event delivered',
      () => ({ ...progress(), events: expected.size }),
      () => troubleSince(killedAt),
    );
    const seen = delivered();
    expect([...expected].filter((id) => !seen.has(id))).toEqual([]);
    // Duplicates only ever repeat an event's webhook-id.
    expect([...seen].filter((id) => !expected.has(id))).toEqual([]);

    // Every subscription: three charges at the bank (three idempotency keys), one ACTIVATED, three CHARGE (each its own operation), one CLOSED.
    const keys = new Set(of('/bank').map((r) => (JSON.parse(r.body) as { key: string }).key));
    const perOwner = new Map<string, Set<string>>();
    for (const key of keys) {
      const owner = key.replace(/-\d+$/, '');
      perOwner.set(owner, (perOwner.get(owner) ?? new Set()).add(key));
    }
    expect(subscriptionIds.filter((id) => perOwner.get(id)?.size !== ITERATIONS)).toEqual([]);
    const byEvent = new Map(of('/subs').map((r) => [String(r.headers['webhook-id']), notification(r)]));
    const perSubscription = new Map<string, string[]>();
    for (const doc of byEvent.values()) {
      const id = String(doc['SubscriptionID']);
      perSubscription.set(id, [...(perSubscription.get(id) ?? []), doc['EventType'] === 'CHARGE' ? `CHARGE:${doc['BillingResult']}` : String(doc['EventType'])]);
    }
    const wanted = ['ACTIVATED', 'CHARGE:Success', 'CHARGE:Success', 'CHARGE:Success', 'CLOSED'].join();
    expect(subscriptionIds.filter((id) => (perSubscription.get(id) ?? []).sort().join() !== wanted)).toEqual([]);
    const operations = [...byEvent.values()].filter((d) => d['EventType'] === 'CHARGE').map((d) => d['BillingOperationID']);
    expect(new Set(operations).size).toBe(subscriptionIds.length * ITERATIONS);
    const stored = await db.collection('subscriptions').find({}).toArray();
    expect(stored.map((d) => d['state'] as { state: string; successfulCharges: number }).filter((s) => s.state !== 'closed' || s.successfulCharges !== ITERATIONS)).toEqual([]);

    // Every invoice charged once: one idempotency key at the bank.
    expect(invoiceIds.filter((id) => perOwner.get(id)?.size !== 1)).toEqual([]);
    expect(subscriptionIds.length + invoiceIds.length).toBe(LOAD.subscriptions + LOAD.paidInvoices);
    expect(perOwner.size).toBe(LOAD.subscriptions + LOAD.paidInvoices);

    // The API answered throughout: nothing but 2xx and 503.
    expect([...statuses.keys()].filter((s) => s >= 300 && s !== 503)).toEqual([]);
    expect(api.alive()).toBe(true);
    expect(api.stderr()).toBe('');

    // The longest time without any request reaching the merchant or the bank, from the kill on.
    const after = arrivals.filter((t) => t >= killedAt);
    let gap = (after[0] ?? Date.now()) - killedAt;
    for (let n = 1; n < after.length; n++) gap = Math.max(gap, (after[n] as number) - (after[n - 1] as number));
    const figures = {
      redis: run.label,
      promotionSeconds,
      gapWithoutProgressSeconds: Number((gap / 1000).toFixed(2)),
      untilAllDoneSeconds: Number(((Date.now() - killedAt) / 1000).toFixed(1)),
      loadAfterKillSeconds: Number(((loadDone - killedAt) / 1000).toFixed(1)),
      beforeKill: before,
      subscriptions: subscriptionIds.length,
      charges: keys.size,
      bankCalls: of('/bank').length,
      invoices: invoiceIds.length,
      events: expected.size,
      webhookRequests: of('/hooks').length + of('/subs').length,
      answers: Object.fromEntries(statuses),
      // What each process warned of after the kill, by message (a periodic run's overrun among them).
      warnings: Object.fromEntries(
        (await troubleSince(killedAt, Number.POSITIVE_INFINITY)).logged.map(({ process, lines }) => [
          process,
          lines.reduce<Record<string, number>>((byMsg, line) => {
            const msg = String(parsedLine(line).msg);
            byMsg[msg] = (byMsg[msg] ?? 0) + 1;
            return byMsg;
          }, {}),
        ]),
      ),
    };
    console.log(`failover figures: ${JSON.stringify(figures)}`);
  } finally {
    await stopLoad();
    await Promise.all(processes.map((p) => p.stop()));
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
    await mongo.db(database).dropDatabase();
    await mongo.close();
  }
}
