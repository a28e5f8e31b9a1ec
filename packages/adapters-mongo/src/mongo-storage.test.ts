import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connectMongoStorage, ensureIndexes } from './mongo-storage.js';
import { StorageUnavailableError } from './mongo-errors.js';
import { closeAll, freshMongoStorage } from './mongo.fixture.js';

afterAll(closeAll);

describe('MongoDB storage', () => {
  it('creates its indexes idempotently: a second start finds them and adds nothing', async () => {
    const storage = await freshMongoStorage();
    await ensureIndexes(storage.db);
    await ensureIndexes(storage.db);
    const names = (await storage.db.collection('invoices').listIndexes().toArray()).map((i) => String(i['name']));
    expect(names).toEqual(expect.arrayContaining(['merchant_order_id_unique', 'due_work']));
    const unique = (await storage.db.collection('invoices').listIndexes().toArray()).find((i) => i['name'] === 'merchant_order_id_unique');
    expect(unique?.['unique']).toBe(true);
  });

  it("expires the dashboard's failed sign-ins by themselves: a TTL index on a date, and a purge for servers without TTL (old text dates too)", async () => {
    const storage = await freshMongoStorage();
    const ttl = (await storage.db.collection('dashboard_sign_in_failures').listIndexes().toArray()).find((i) => i['name'] === 'ttl');
    expect(ttl).toMatchObject({ key: { expireAt: 1 }, expireAfterSeconds: 0 });
    await storage.dashboardSessions.addFailure('k1', '2026-11-24T10:00:00.000Z', '2026-11-24T10:30:00.000Z');
    const doc = await storage.db.collection('dashboard_sign_in_failures').findOne({});
    expect(doc?.['expireAt']).toBeInstanceOf(Date);
    await storage.db.collection('dashboard_sign_in_failures').insertOne({ _id: 'old\n2026-11-24T09:00:00.000Z' as never, count: 3, expiresAt: '2026-11-24T09:30:00.000Z' });
    expect(await storage.dashboardSessions.purgeExpired('2026-11-24T10:31:00.000Z')).toBe(2);
    expect(await storage.db.collection('dashboard_sign_in_failures').countDocuments()).toBe(0);
  });

  it("an entry whose place is another's (the feed's counter behind, as after restoring an older backup of it) takes the next place and stays in the feed", async () => {
    const storage = await freshMongoStorage();
    const projectId = 7;
    const event = (id: string) =>
      ({
        id,
        type: 'ContractAuthorized',
        occurredAt: '2026-11-26T10:00:00.000Z',
        projectId,
        aggregate: { kind: 'contract', id: `c-${id}` },
        merchantContractId: 'mc',
        customer: { type: 'mobile_phone', msisdn: '79001234567' },
      }) as const;
    await storage.events.record(event('e1'));
    await storage.events.record(event('e2'));
    await storage.db.collection('event_feed_counters').updateOne({ _id: projectId as never }, { $set: { seq: 0 } });
    await storage.events.record(event('e3'));
    const feed = await storage.events.feed(projectId, 0, 10);
    expect(feed.map((e) => [e.seq, e.id])).toEqual([
      [1, 'e1'],
      [2, 'e2'],
      [3, 'e3'],
    ]);
    expect(await storage.events.feedPosition(projectId, 'end')).toBe(3);
  });

  it('keeps one plain document per aggregate: its state as the domain has it, its version, its keys, its outbox; nothing else is kept', async () => {
    const storage = await freshMongoStorage();
    const { sampleContract } = await import('@kassa-payments/domain/testing');
    const c = sampleContract(1, '79000000099', 'plain');
    await storage.contracts.create(c, []);
    const doc = await storage.db.collection('contracts').findOne({ _id: c.id as never });
    expect(doc).toMatchObject({
      version: 1,
      projectId: 1,
      liveKey: JSON.stringify(['msisdn:79000000099', 'plain']),
      state: { state: 'awaitingPin', pinAttempts: 0, merchantContractId: 'plain', customer: { type: 'mobile_phone', msisdn: '79000000099' } },
      outbox: [],
    });
    // Ending the contract gives its key back in the same update: the live key becomes its own id.
    await storage.contracts.save({ ...c, state: 'cancelled', version: 2 }, []);
    expect((await storage.db.collection('contracts').findOne({ _id: c.id as never }))?.['liveKey']).toBe(`~${c.id}`);
    const collections = (await storage.db.listCollections().toArray()).map((x) => x.name).sort();
    expect(collections.filter((n) => ['revisions', 'delivery_revisions', 'locks'].includes(n))).toEqual([]);
  });

  it('a conflicting save is refused, not lost: 50 racing saves of one version on the server itself, one wins', async () => {
    const storage = await freshMongoStorage();
    const { sampleInvoice } = await import('@kassa-payments/domain/testing');
    for (let round = 0; round < 5; round++) {
      const invoice = sampleInvoice(1, `7900000${String(round).padStart(4, '0')}`, `race-${round}`);
      await storage.invoices.create(invoice, []);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, n) =>
          storage.invoices.save({ ...invoice, description: `writer-${n}`, version: 2 }, [
            { id: `e-${round}-${n}`, type: 'InvoiceCancelled', occurredAt: new Date().toISOString(), projectId: 1, aggregate: { kind: 'invoice', id: invoice.id } } as never,
          ]),
        ),
      );
      const winners = results.map((r, n) => (r.ok ? n : -1)).filter((n) => n >= 0);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.error.kind === 'conflict')).toHaveLength(49);
      // What is stored is the winner's state and the winner's event, and only those.
      const doc = await storage.db.collection('invoices').findOne({ _id: invoice.id as never });
      expect([doc?.['version'], ((doc?.['state'] ?? {}) as { description: string }).description, ((doc?.['outbox'] ?? {}) as { id: string }[]).map((e) => e.id)]).toEqual([
        2,
        `writer-${winners[0]}`,
        [`e-${round}-${winners[0]}`],
      ]);
    }
  });

  it('turns a server it cannot reach into StorageUnavailableError (answered 503)', async () => {
    const client = new MongoClient(inject('mongoUrl'));
    await client.close();
    const unreachable = await connectMongoStorage({ url: 'mongodb://127.0.0.1:1/', database: 'x', serverSelectionTimeoutMS: 300 }).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(Error);
    const storage = await freshMongoStorage();
    await storage.client.close();
    await expect(storage.invoices.get(1, 'any')).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
