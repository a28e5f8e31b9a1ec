import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { MongoProjectDirectory } from './mongo-project-directory.js';
import { closeAll, freshMongoStorage } from './mongo.fixture.js';
import { AesGcmSealer } from './sealed-secrets.js';

afterAll(closeAll);

const partner = { login: 'shop', password: 'p1', testCallbackAllowed: true };
const project = {
  id: 42,
  partnerLogin: 'shop',
  active: true,
  clientIpRequired: false,
  ipWhitelist: ['127.0.0.1'],
  defaultPrice: { minor: 990, currency: 'RUB' },
  returnUrl: null,
  webhookUrl: 'https://shop.example/h',
  webhookSecret: 'w',
  paymentMethods: ['sbp', 'tpay'],
  subscriptionSecret: 's',
  subscriptionNotificationUrl: null,
};

describe('MongoProjectDirectory', () => {
  it('round-trips the seed, answers unknown ids with undefined, and re-reads after its cache expires', async () => {
    const storage = await freshMongoStorage();
    // Not 0: the cache reads a start time of 0 as none.
    let now = 1_000;
    const directory = new MongoProjectDirectory(storage.db.collection('partners'), storage.db.collection('projects'), () => now);
    await directory.createPartner(partner);
    await directory.createProject(project);
    expect(await directory.findPartner('shop')).toEqual(partner);
    expect(await directory.findProject(42)).toEqual(project);
    expect(await directory.findPartner('nobody')).toBeUndefined();
    expect(await directory.findProject(7)).toBeUndefined();
    await storage.db.collection('projects').updateOne({ _id: 42 as never }, { $set: { active: false } });
    expect((await directory.findProject(42))?.active).toBe(true);
    now += 5_001;
    expect((await directory.findProject(42))?.active).toBe(false);
  });

  it('a miss is remembered for a second, a hit for five; random logins never hold more than the documented number of entries', async () => {
    const storage = await freshMongoStorage();
    // Not 0: the cache reads a start time of 0 as none.
    let now = 1_000;
    const directory = new MongoProjectDirectory(storage.db.collection('partners'), storage.db.collection('projects'), () => now, { found: 100, missing: 50 });
    expect(await directory.findPartner('late')).toBeUndefined();
    await storage.db.collection('partners').insertOne({ _id: 'late' as never, password: 'p', testCallbackAllowed: false });
    now += 999;
    expect(await directory.findPartner('late')).toBeUndefined();
    now += 2;
    expect((await directory.findPartner('late'))?.login).toBe('late');
    // Strangers fill the misses' own cache only: the partner found before stays.
    for (let i = 0; i < 300; i++) await directory.findPartner(`stranger-${i}`);
    expect(directory.cachedEntries).toEqual({ found: 1, missing: 50 });
    await storage.db.collection('partners').deleteOne({ _id: 'late' as never });
    expect((await directory.findPartner('late'))?.login).toBe('late');
    // 300 lookups in a row on a server shared with the other suites: more than the default 5 s at times.
  }, 30_000);

  it('keeps the secrets sealed at rest: stored sealed, read back plain, opened after a key rotation, refused under a key not configured', async () => {
    const storage = await freshMongoStorage();
    const [oldKey, newKey, otherKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const partners = storage.db.collection<{ _id: string; password: string; previousPassword?: { value: string } }>('partners');
    const projects = storage.db.collection<{ _id: number; webhookSecret: string; subscriptionSecret: string }>('projects');
    const directory = (sealer: AesGcmSealer) => new MongoProjectDirectory(partners as never, projects as never, undefined, undefined, sealer);
    const rotating = { ...partner, previousPassword: { value: 'p0', validUntil: '2030-01-01T00:00:00.000Z' } };
    await directory(new AesGcmSealer(oldKey)).createPartner(rotating);
    await directory(new AesGcmSealer(oldKey)).createProject(project);
    const stored = await partners.findOne({ _id: 'shop' });
    const storedProject = await projects.findOne({ _id: 42 });
    // Nothing of a secret is stored in the clear.
    expect(JSON.stringify([stored, storedProject])).not.toMatch(/"p1"|"p0"|"w"|"s"/);
    expect(stored?.password).toMatch(/^kassa-sealed:v1:[0-9a-f]{8}:/);
    expect(await directory(new AesGcmSealer(oldKey)).findPartner('shop')).toEqual(rotating);
    expect(await directory(new AesGcmSealer(oldKey)).findProject(42)).toEqual(project);
    // The key rotated: the old key, given as a previous one, still opens; a put seals under the new one.
    const rotated = directory(new AesGcmSealer(newKey, [oldKey]));
    expect(await rotated.findPartner('shop')).toEqual(rotating);
    const read = await rotated.readPartner('shop');
    expect(await rotated.replacePartner(rotating, read?.revision ?? -1)).toBe(true);
    expect(await directory(new AesGcmSealer(newKey)).findPartner('shop')).toEqual(rotating);
    // A key not configured opens nothing, and says which key it lacks.
    await expect(directory(new AesGcmSealer(otherKey)).findProject(42)).rejects.toThrow(/not configured/);
  });

  it('a sealed value copied to another record does not open there (the record and field are bound to the seal)', async () => {
    const storage = await freshMongoStorage();
    const sealer = new AesGcmSealer(randomBytes(32));
    const partners = storage.db.collection<{ _id: string; password: string }>('partners');
    const directory = new MongoProjectDirectory(partners as never, storage.db.collection('projects'), undefined, undefined, sealer);
    await directory.createPartner(partner);
    await directory.createPartner({ ...partner, login: 'other', password: 'p2' });
    const sealed = (await partners.findOne({ _id: 'shop' }))?.password;
    await partners.updateOne({ _id: 'other' }, { $set: { password: sealed ?? '' } });
    await expect(new MongoProjectDirectory(partners as never, storage.db.collection('projects'), undefined, undefined, sealer).findPartner('other')).rejects.toThrow();
  });
});
