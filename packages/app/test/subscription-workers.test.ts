import {
  BANK_GATEWAY_MODULE,
  type HttpReceiver,
  type KassaProcess,
  type Received,
  type RedisServer,
  startKassaProcess,
  startReceiver,
  startRedisServer,
  type XmlSchemaCheck,
} from '@kassa-payments/devkit';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { compactUtc } from '@kassa-payments/domain';
import { signSubscriptionRequest } from '@kassa-payments/protocol';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isSubscriptionNotification, subscriptionSchemaCheck } from './subscription-schema.fixture.js';
import { until } from './until.fixture.js';

// Subscription charge cycles at scale, as deployed: one api and two worker processes on one MongoDB
// and a Redis of the test's own. 1,000 subscriptions with a 1-second period and MaxIterations 3 must
// make exactly 3,000 successful charges (three idempotency keys at the bank for each subscription)
// and 3,000 charge notifications: no double charge, none missing. KASSA_SUBSCRIPTION_WORKERS_SCALE
// scales it: the test command runs 0.15 of it (150 subscriptions, 450 charges); 1 is the soak run. Every answer and every notification validates
// against the served XSD (xmllint, in batches, at the end).
const SCALE = Number(process.env['KASSA_SUBSCRIPTION_WORKERS_SCALE'] ?? 0.15);
const SUBSCRIPTIONS = Math.round(1000 * SCALE);
const ITERATIONS = 3;
const SECRET = `whsec_${Buffer.from('scale-subscription-secret-0123').toString('base64')}`;
const DEBUG = Boolean(process.env['KASSA_WORKERS_TEST_DEBUG']);
const debug = (...args: unknown[]) => {
  if (DEBUG) console.log(new Date().toISOString(), ...args);
};

let receiver: HttpReceiver;
let redis: RedisServer;
let dir: string;
const processes: KassaProcess[] = [];
let schema: XmlSchemaCheck | undefined;
const database = `kassa_subs_workers_${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  receiver = await startReceiver();
  redis = await startRedisServer();
  dir = mkdtempSync(join(tmpdir(), 'kassa-subs-workers-'));
  writeFileSync(join(dir, 'gateway.mjs'), BANK_GATEWAY_MODULE);
});

afterAll(async () => {
  schema?.close();
  await Promise.all(processes.map((p) => p.stop()));
  await receiver.close();
  await redis.destroy();
  rmSync(dir, { recursive: true, force: true });
  const mongo = new MongoClient(inject('mongoUrl'));
  await mongo.db(database).dropDatabase();
  await mongo.close();
});

const start = async (role: 'api' | 'worker') => {
  const seed = { partners: [{ login: 'subs', password: 'subs-password-1', projects: [{ id: 1, subscriptionSecret: SECRET, subscriptionNotificationUrl: `${receiver.url}/subs` }] }] };
  const env = {
    KASSA_ROLE: role,
    MONGO_URL: inject('mongoUrl'),
    MONGO_DB: database,
    REDIS_URL: redis.url,
    KASSA_REDIS_PREFIX: database,
    KASSA_BILLING_GATEWAY: join(dir, 'gateway.mjs'),
    TEST_BANK_URL: `${receiver.url}/bank`,
  };
  const p = await startKassaProcess(env, { seed });
  processes.push(p);
  return p;
};

const parser = new XMLParser({ parseTagValue: false });

describe('subscription charges with two worker processes on MongoDB and Redis', () => {
  it(`${SUBSCRIPTIONS} subscriptions, 1-second period, MaxIterations ${ITERATIONS}: exactly ${SUBSCRIPTIONS * ITERATIONS} charges and charge notifications`, async () => {
    const api = await start('api');
    await start('worker');
    await start('worker');
    const served = await subscriptionSchemaCheck(api.urls.subs);
    schema = served;
    const answers: string[] = [];
    const call = async (method: string, elements: string): Promise<Record<string, string>> => {
      for (;;) {
        const now = compactUtc(new Date().toISOString());
        const res = await fetch(`${api.urls.subs}/Http/Services/${method}.aspx`, {
          method: 'POST',
          headers: { 'content-type': 'text/xml; charset=utf-8' },
          body: signSubscriptionRequest(`<Request><SubscriptionProjectID>1</SubscriptionProjectID><Now>${now}</Now><Signature></Signature>${elements}</Request>`, SECRET, 1, now, 'v1'),
        });
        const text = await res.text();
        answers.push(text);
        const doc = (parser.parse(text) as { Response: Record<string, string> }).Response;
        if (res.status === 503) {
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        if (doc['StatusName'] !== 'REQUEST_ACCEPTED') throw new Error(`${method}: ${res.status} ${JSON.stringify(doc)}`);
        return doc;
      }
    };
    const ids: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < SUBSCRIPTIONS) {
          const i = next++;
          const created = await call(
            'CreateSubscription',
            `<Subscriber_MSISDN>7901${String(i).padStart(7, '0')}</Subscriber_MSISDN><TestInfo><BillingPeriodSeconds>1</BillingPeriodSeconds><MaxIterations>${ITERATIONS}</MaxIterations></TestInfo>`,
          );
          const id = created['SubscriptionID'] as string;
          ids.push(id);
          await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`);
        }
      }),
    );
    debug('all approved');

    const bankKeys = () => receiver.received.filter((r) => r.path === '/bank').map((r) => (JSON.parse(r.body) as { key: string }).key);
    // Each received notification parsed once: the wait below reads them all every 200 ms.
    const parsed = new WeakMap<Received, { id: string; doc: Record<string, string> }>();
    const notificationOf = (r: Received) => {
      let n = parsed.get(r);
      if (!n) {
        n = { id: String(r.headers['webhook-id']), doc: (parser.parse(r.body) as { SubscriptionStatusNotification: Record<string, string> }).SubscriptionStatusNotification };
        parsed.set(r, n);
      }
      return n;
    };
    const notifications = () => receiver.received.filter((r) => r.path === '/subs').map(notificationOf);
    const progress = () => ({ bank: new Set(bankKeys()).size, notified: new Set(notifications().map((n) => n.id)).size });
    const expected = SUBSCRIPTIONS * ITERATIONS;
    const notified = (type: string) =>
      new Set(
        notifications()
          .filter((n) => n.doc['EventType'] === type)
          .map((n) => n.id),
      ).size;
    // Every subscription charged three times and closed. The last CHARGE and the CLOSED are separate
    // deliveries that may arrive in either order: the wait takes all of them.
    await until(
      () => notified('CLOSED') >= SUBSCRIPTIONS && notified('CHARGE') >= expected && notified('ACTIVATED') >= SUBSCRIPTIONS,
      540_000,
      'every subscription activated, charged and closed',
      progress,
    );

    // The bank: three keys per subscription, each a charge (a repeated call with one key moves no money).
    const keys = new Set(bankKeys());
    expect(keys.size).toBe(expected);
    const perSubscription = new Map<string, number>();
    for (const key of keys) {
      const id = key.replace(/-\d+$/, '');
      perSubscription.set(id, (perSubscription.get(id) ?? 0) + 1);
    }
    expect([...perSubscription.values()].filter((n) => n !== ITERATIONS)).toEqual([]);
    expect([...perSubscription.keys()].sort()).toEqual([...ids].sort());

    // The notifications: one CHARGE per charge (duplicates only repeat an event's webhook-id), all successful.
    const byEvent = new Map(notifications().map((n) => [n.id, n.doc]));
    const charges = [...byEvent.values()].filter((d) => d['EventType'] === 'CHARGE');
    expect(charges.length).toBe(expected);
    expect(charges.filter((d) => d['BillingResult'] !== 'Success')).toEqual([]);
    expect(new Set(charges.map((d) => d['BillingOperationID'])).size).toBe(expected);
    expect([...byEvent.values()].filter((d) => d['EventType'] === 'ACTIVATED').length).toBe(SUBSCRIPTIONS);
    debug('done', { bankCalls: bankKeys().length, requests: notifications().length, events: byEvent.size });

    // The stored subscriptions agree: Closed, three successful billing operations each.
    const mongo = new MongoClient(inject('mongoUrl'));
    try {
      const docs = await mongo.db(database).collection('subscriptions').find({}).toArray();
      expect(docs.length).toBe(SUBSCRIPTIONS);
      const states = docs.map((d) => d['state'] as { state: string; successfulCharges: number });
      expect(states.filter((x) => x.state !== 'closed' || x.successfulCharges !== ITERATIONS)).toEqual([]);
    } finally {
      await mongo.close();
    }
    expect(served.problemsOfAll(answers), 'every answer validates against the served XSD').toBe('');
    expect(served.problemsOfAll(receiver.received.filter(isSubscriptionNotification).map((r) => r.body)), 'every notification validates against the served XSD').toBe('');
    expect(api.alive()).toBe(true);
    expect(api.stderr()).toBe('');
  }, 600_000);
});
