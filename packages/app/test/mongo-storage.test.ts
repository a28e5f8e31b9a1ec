import { canStartMongoServer, startMongoServer } from '@kassa-payments/devkit';
import { createHmac, randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { TEST_ENVIRONMENT_PIN_KEY } from '../src/config.js';
import { compactUtc } from '@kassa-payments/domain';
import { signSubscriptionRequest } from '@kassa-payments/protocol';
import { dataOf, eventually, fresh, MERCHANT, P, SEED, startTestKassa, type TestKassa } from './e2e.fixture.js';

const ip = '203.0.113.7';
const SUBS = 9;
const SUBS_SECRET = `whsec_${Buffer.from('mongo-storage-subscription-secret').toString('base64')}`;
const dcb = (msisdn: string, orderId: string) => ({ client_ip: ip, customer: { type: 'mobile_phone' as const, msisdn }, order: { merchant_order_id: orderId } });

describe('Kassa on MongoDB, over real connections', () => {
  let t: TestKassa;
  let db: string;
  let mongo: MongoClient;
  beforeAll(async () => {
    db = `kassa_conc_${randomUUID().slice(0, 8)}`;
    const partners = SEED.partners.map((p) => (p.login === MERCHANT.login ? { ...p, projects: [...p.projects, { id: SUBS, subscriptionSecret: SUBS_SECRET }] } : p));
    t = await startTestKassa({ MONGO_URL: inject('mongoUrl'), MONGO_DB: db }, { seed: { partners } });
    mongo = await new MongoClient(inject('mongoUrl')).connect();
  });
  afterAll(async () => {
    await t.stop();
    await mongo
      .db(db)
      .dropDatabase()
      .catch(() => undefined);
    await mongo.close();
  });

  it('runs on MongoDB', () => expect(t.kassa.storage).toBe('mongodb'));

  it('stores no PIN: contracts, invoices and subscriptions (and every copy of them) hold the keyed digest only', async () => {
    const api = t.client();
    const f = fresh();
    const c = dataOf(await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
    const i = dataOf(await api.createInvoice(P.main, dcb(fresh().msisdn, f.orderId)));
    const now = compactUtc(new Date().toISOString());
    const created = await fetch(`${t.kassa.urls.subs}/Http/Services/CreateSubscription.aspx`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: signSubscriptionRequest(
        `<Request><SubscriptionProjectID>${SUBS}</SubscriptionProjectID><Now>${now}</Now><Signature></Signature><Subscriber_MSISDN>${fresh().msisdn}</Subscriber_MSISDN></Request>`,
        SUBS_SECRET,
        SUBS,
        now,
        'v1',
      ),
    });
    const subscriptionId = /<SubscriptionID>([^<]+)</.exec(await created.text())?.[1] ?? 'none';
    const documents = [];
    for (const info of await mongo.db(db).listCollections().toArray()) documents.push(...(await mongo.db(db).collection(info.name).find({}).toArray()));
    const text = JSON.stringify(documents);
    expect(text).not.toMatch(/"pin_?code"/i);
    const digest = (id: string) => createHmac('sha256', TEST_ENVIRONMENT_PIN_KEY).update(`${id}:1234`).digest('hex');
    expect(text).toContain(`"pinDigest":"${digest(c.contract_id)}"`);
    expect(text).toContain(`"pinDigest":"${digest(i.invoice_id)}"`);
    expect(text).toContain(`"pinDigest":"${digest(subscriptionId)}"`);
    // The test environment's fixed PIN still confirms.
    expect((await api.authorizeContract(P.main, c.contract_id, { client_ip: ip, pin_code: '1234' })).status).toBe(200);
  });

  it('has the indexes its listings and sweeps use, among them deliveries by state', async () => {
    const names = (await mongo.db(db).collection('webhook_deliveries').indexes()).map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['project_newest_first', 'project_state_newest_first', 'by_event', 'due_work']));
  });

  it('20 concurrent wrong PINs on one contract leave at most 3 attempts counted', async () => {
    const api = t.client();
    const f = fresh();
    const c = dataOf(await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => api.authorizeContract(P.main, c.contract_id, { client_ip: ip, pin_code: `9${n}` })));
    const codes = answers.map((r) => (r.ok ? 'ok' : r.error.code));
    expect(codes.filter((x) => x === 'CONTRACT_NOT_AUTHORIZED')).toHaveLength(2);
    expect(codes.filter((x) => x === 'CONTRACT_AUTH_ATTEMPTS_EXCEEDED')).toHaveLength(18);
    // One document, saved three times (one compare-and-set per counted attempt), nothing else kept.
    const stored = await mongo
      .db(db)
      .collection('contracts')
      .findOne({ _id: c.contract_id as never });
    expect([stored?.['version'], ((stored?.['state'] ?? {}) as { pinAttempts: number }).pinAttempts]).toEqual([4, 3]);
    const right = await api.authorizeContract(P.main, c.contract_id, { client_ip: ip, pin_code: '1234' });
    expect(!right.ok && right.error.code).toBe('CONTRACT_AUTH_ATTEMPTS_EXCEEDED');
  });

  it("20 concurrent invoice creations for one client: exactly one 201, the others 409 with the winner's id", async () => {
    const api = t.client();
    const f = fresh();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => api.createInvoice(P.main, dcb(f.msisdn, `${f.orderId}-${n}`))));
    const winners = answers.filter((r) => r.status === 201);
    expect(winners).toHaveLength(1);
    const winnerId = winners[0]?.ok ? winners[0].data.invoice_id : '';
    for (const r of answers.filter((a) => a.status !== 201)) {
      expect([r.status, !r.ok && r.error.code, !r.ok && r.error.details]).toEqual([409, 'INVOICE_ALREADY_EXISTS', { invoice_id: winnerId }]);
    }
    expect(await mongo.db(db).collection('invoices').countDocuments({ 'state.customer.msisdn': f.msisdn })).toBe(1);
  });

  it('10 concurrent refunds of one paid invoice make exactly one refund', async () => {
    const api = t.client();
    const f = fresh();
    const i = dataOf(await api.createInvoice(P.main, dcb(f.msisdn, f.orderId)));
    await api.authorizeInvoice(P.main, i.invoice_id, { client_ip: ip, pin_code: '1234' });
    await eventually(
      async () => dataOf(await api.getInvoice(P.main, i.invoice_id)),
      (x) => x.payment_status === 'PAID',
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.refundInvoice(P.main, i.invoice_id, { client_ip: ip })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(202));
    await eventually(
      async () => dataOf(await api.getInvoice(P.main, i.invoice_id)),
      (x) => x.refund_status === 'completed',
    );
    // The refund notification is in the outbox, or already relayed into the event log: once, by its id.
    const stored = await mongo
      .db(db)
      .collection('invoices')
      .findOne({ _id: i.invoice_id as never });
    const pending = ((stored?.['outbox'] ?? {}) as { id: string; type: string }[]).filter((e) => e.type === 'RefundCompleted');
    const relayed = await mongo.db(db).collection('events').find({ 'event.aggregate.id': i.invoice_id, type: 'RefundCompleted' }).toArray();
    expect(new Set([...pending.map((e) => e.id), ...relayed.map((e) => String(e['_id']))]).size).toBe(1);
    expect(((stored?.['state'] ?? {}) as { refundStatus: string }).refundStatus).toBe('completed');
  });
});

describe('restart', () => {
  it.runIf(canStartMongoServer())(
    '200 invoices created through the API come back identical after a restart of Kassa and of the server',
    async () => {
      // A server of its own that keeps its data in a file (mongo-java-server's H2 backend; a mongod anyway).
      const server = await startMongoServer({ durable: true });
      const env = { MONGO_URL: server.url, MONGO_DB: `kassa_restart_${randomUUID().slice(0, 8)}` };
      const first = await startTestKassa(env);
      const api = first.client();
      const ids: string[] = [];
      // 200, not 1,000: a restart loses a record or it does not; 1,000 took 74 s of the test command on
      // mongo-java-server's file backend for nothing more.
      for (let batch = 0; batch < 4; batch++) {
        const created = await Promise.all(
          Array.from({ length: 50 }, () => {
            const f = fresh();
            return api.createInvoice(P.main, dcb(f.msisdn, f.orderId));
          }),
        );
        ids.push(...created.map((r) => dataOf(r).invoice_id));
      }
      const readAll = async (client: typeof api) => {
        const all = [];
        for (let n = 0; n < ids.length; n += 50) all.push(...(await Promise.all(ids.slice(n, n + 50).map(async (id) => dataOf(await client.getInvoice(P.main, id))))));
        return all;
      };
      const before = await readAll(api);
      expect(new Set(before.map((i) => i.invoice_id)).size).toBe(200);
      await first.kassa.stop(); // not first.stop(): that would drop the database
      await server.stop();
      const restarted = await startMongoServer({ dir: server.dir, port: server.port, durable: true });
      const second = await startTestKassa(env);
      try {
        const again = second.client();
        const after = await readAll(again);
        expect(after).toHaveLength(200);
        expect(after).toEqual(before);
      } finally {
        await second.stop();
        await restarted.stop();
        await server.destroy();
      }
    },
    180_000,
  );
});

describe.runIf(canStartMongoServer())('the storage goes away and comes back', () => {
  it('answers 503 SERVICE_UNAVAILABLE and is not ready while it is down, and recovers by itself', async () => {
    const server = await startMongoServer({ durable: true });
    let restarted: Awaited<ReturnType<typeof startMongoServer>> | undefined;
    const t = await startTestKassa({ MONGO_URL: server.url, MONGO_DB: 'kassa_outage' });
    try {
      const api = t.client();
      const f = fresh();
      expect((await api.createInvoice(P.main, dcb(f.msisdn, f.orderId))).status).toBe(201);
      const ready = async () => {
        const answer = await fetch(`${t.kassa.urls.admin}/ready`);
        return { status: answer.status, body: (await answer.json()) as { ready: boolean; checks: Record<string, string> } };
      };
      expect(await ready()).toMatchObject({ status: 200, body: { ready: true, checks: { storage: 'ok' } } });
      await server.stop();
      const g = fresh();
      const down = await api.createInvoice(P.main, dcb(g.msisdn, g.orderId));
      expect([down.status, !down.ok && down.error.code, down.headers.get('retry-after')]).toEqual([503, 'SERVICE_UNAVAILABLE', '5']);
      // Not ready while storage does not answer (within the readiness bound), alive all the same.
      const notReady = await ready();
      expect(notReady.status).toBe(503);
      expect(notReady.body.ready).toBe(false);
      expect(['failed', 'timeout']).toContain(notReady.body.checks['storage']);
      expect((await fetch(`${t.kassa.urls.admin}/health`)).status).toBe(200);
      restarted = await startMongoServer({ dir: server.dir, port: server.port, durable: true });
      const h = fresh();
      const recovered = await eventually(
        () => api.createInvoice(P.main, dcb(h.msisdn, `${h.orderId}`)),
        (r) => r.status === 201,
        15_000,
      );
      expect(recovered.status).toBe(201);
      expect((await ready()).status).toBe(200);
    } finally {
      await t.kassa.stop();
      await restarted?.stop();
      await server.destroy();
    }
  }, 60_000);
});
