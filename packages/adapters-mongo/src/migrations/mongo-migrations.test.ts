import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { STORAGE_SCHEMA } from '@kassa-payments/operations';
import { AggregateCollection } from '../aggregate-collection.js';
import { connectMongoStorage } from '../mongo-storage.js';
import { closeAll, freshMongoStorage } from '../mongo.fixture.js';
import { AGGREGATE_COLLECTIONS, aggregateShapes } from './0002-aggregate-shapes.js';
import { checkMongoSchema } from './mongo-migrations.js';
import { META_COLLECTION, mongoMarkerStore } from './mongo-schema-marker.js';

afterAll(closeAll);

type Thing = { id: string; projectId: number; version: number; status: string; futureState?: string };

describe('MongoDB storage schema', () => {
  it('0002-aggregate-shapes: stamps shape 1 on the aggregate documents 0.1.0 wrote (none), counting them; a second run finds none', async () => {
    const { db } = await freshMongoStorage();
    await db.collection('invoices').insertMany([
      { _id: 'i1' as never, projectId: 1, merchantOrderId: 'o1', liveKey: 'l1', version: 1, state: {} },
      { _id: 'i2' as never, projectId: 1, merchantOrderId: 'o2', liveKey: 'l2', version: 3, state: {} },
    ]);
    await db.collection('contracts').insertOne({ _id: 'c1' as never, projectId: 1, version: 1, state: {} });
    await db.collection('subscriptions').insertOne({ _id: 's1' as never, projectId: 1, version: 2, state: {}, shape: 1 });
    const expected = Object.fromEntries(AGGREGATE_COLLECTIONS.map((c) => [c, 0]));
    expect(await aggregateShapes.plan(db)).toEqual({ ...expected, invoices: 2, contracts: 1 });
    expect(await aggregateShapes.up(db)).toEqual({ ...expected, invoices: 2, contracts: 1 });
    expect(
      await db
        .collection('invoices')
        .find({}, { projection: { shape: 1 } })
        .sort({ _id: 1 })
        .toArray(),
    ).toEqual([
      { _id: 'i1', shape: 1 },
      { _id: 'i2', shape: 1 },
    ]);
    expect(await aggregateShapes.up(db)).toEqual(expected);
  });

  it('every insert and save writes the shape; a field a newer Kassa added, at the top or in the state, is kept by a save', async () => {
    const { db } = await freshMongoStorage();
    const things = new AggregateCollection<Thing>(db.collection('things'));
    await things.insert({ id: 't1', projectId: 1, version: 1, status: 'new' }, { projectId: 1 }, []);
    expect(await db.collection('things').findOne({ _id: 't1' as never })).toMatchObject({ shape: 1, version: 1 });
    // What a newer release wrote beside and inside the state.
    await db.collection('things').updateOne({ _id: 't1' as never }, { $set: { futureField: 'kept', 'state.futureState': 'kept too' } });
    const read = (await things.get(1, 't1')) as Thing;
    expect(read.futureState).toBe('kept too');
    expect(await things.save({ ...read, version: 2, status: 'done' }, { projectId: 1 }, [])).toBe(true);
    expect(await db.collection('things').findOne({ _id: 't1' as never })).toMatchObject({ futureField: 'kept', shape: 1, version: 2, state: { status: 'done', futureState: 'kept too' } });
  });

  it('the record is raised, never lowered, and keeps the migrations done', async () => {
    const { db } = await freshMongoStorage();
    const store = mongoMarkerStore(db);
    expect(await store.read()).toBeUndefined();
    await store.addMigration('0002-aggregate-shapes');
    await store.addMigration('0002-aggregate-shapes');
    expect(await store.read()).toEqual({ schema: 1, readableFrom: 1, writtenBy: '0.1.0', migrations: ['0002-aggregate-shapes'] });
    await store.raiseReadableFrom(2);
    await store.raiseSchema(3, '0.3.0');
    await store.raiseReadableFrom(1);
    await store.raiseSchema(2, '0.2.0');
    expect(await store.read()).toEqual({ schema: 3, readableFrom: 2, writtenBy: '0.3.0', migrations: ['0002-aggregate-shapes'] });
  });

  it("the migration lease is one process's at a time, renewable by it, and free again once released or run out", async () => {
    const { db } = await freshMongoStorage();
    let now = Date.parse('2026-12-01T00:00:00Z');
    const store = mongoMarkerStore(db, () => now);
    expect(await store.acquire('a', 60_000)).toBe(true);
    expect(await store.acquire('b', 60_000)).toBe(false);
    expect(await store.acquire('a', 60_000)).toBe(true);
    await store.release('b');
    expect(await store.acquire('b', 60_000)).toBe(false);
    await store.release('a');
    expect(await store.acquire('b', 60_000)).toBe(true);
    // A holder that died: its lease runs out.
    now += 61_000;
    expect(await store.acquire('c', 60_000)).toBe(true);
  });

  it('a database a newer Kassa wrote for newer readers is refused at connect, naming both versions, before an index is made', async () => {
    const url = inject('mongoUrl');
    const database = `kassa_newer_${randomUUID().slice(0, 8)}`;
    const client = new MongoClient(url);
    try {
      const db = client.db(database);
      await db.collection(META_COLLECTION).insertOne({ _id: 'storage' as never, schema: 9, readableFrom: 9, writtenBy: '9.0.0', migrations: [] });
      const refusal = `MongoDB database ${database} holds storage schema 9, written by Kassa 9.0.0, which Kassa reads from schema 9 on; this is Kassa 0.2.0-test (storage schema ${STORAGE_SCHEMA})`;
      await expect(checkMongoSchema(db, '0.2.0-test')).rejects.toThrow(refusal);
      await expect(connectMongoStorage({ url, database, kassaVersion: '0.2.0-test' })).rejects.toThrow(refusal);
      expect((await db.listCollections().toArray()).map((c) => c.name)).toEqual([META_COLLECTION]);
      // One that still reads as this schema (N-1 beside N) is not.
      await db.collection(META_COLLECTION).updateOne({ _id: 'storage' as never }, { $set: { readableFrom: STORAGE_SCHEMA } });
      await expect(checkMongoSchema(db, '0.2.0-test')).resolves.toBeUndefined();
    } finally {
      await client.db(database).dropDatabase();
      await client.close();
    }
  });
});
