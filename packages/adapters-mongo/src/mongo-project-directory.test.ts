import { afterAll, describe, expect, it } from 'vitest';
import { MongoProjectDirectory } from './mongo-project-directory.js';
import { closeAll, freshMongoStorage } from './mongo.fixture.js';

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
    await directory.seed([partner], [project]);
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
});
