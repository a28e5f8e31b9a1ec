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

  it('keeps documents plain: the contract as the domain has it, plus the indexed fields', async () => {
    const storage = await freshMongoStorage();
    const { sampleContract } = await import('@kassa/domain/testing');
    const c = sampleContract(1, '79000000099', 'plain');
    await storage.contracts.create(c, []);
    const doc = await storage.db.collection('contracts').findOne({ _id: c.id as never });
    expect(doc).toMatchObject({ state: 'awaitingPin', pinAttempts: 0, merchantContractId: 'plain', customer: { type: 'mobile_phone', msisdn: '79000000099' }, holdsKey: true, version: 1 });
    expect(Object.keys(doc ?? {}).some((k) => k.startsWith('_') && k !== '_id')).toBe(false);
  });

  it('takes over a lock a crash left behind (its holder never written, or no longer active)', async () => {
    const storage = await freshMongoStorage();
    const { sampleInvoice } = await import('@kassa/domain/testing');
    const key = JSON.stringify(['invoice', 1, 'msisdn:79000000077']);
    await storage.db.collection('locks').insertOne({ _id: `${key}#0` as never, holderId: 'crashed-before-its-document' });
    const invoice = sampleInvoice(1, '79000000077', 'after-crash');
    expect((await storage.invoices.create(invoice, [])).ok).toBe(true);
    const second = sampleInvoice(1, '79000000077', 'after-crash-2');
    expect(await storage.invoices.create(second, [])).toEqual({ ok: false, error: { kind: 'duplicate', key: 'activeInvoice', holderId: invoice.id } });
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
