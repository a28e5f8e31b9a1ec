import { randomUUID } from 'node:crypto';
import { redisConnection } from '@kassa-payments/adapters-queue';
import { InMemorySubscriptionRepository } from '@kassa-payments/adapters-memory';
import { Queue, Worker } from 'bullmq';
import { MongoClient } from 'mongodb';
import { startMongoServer, type MongoServer } from '../servers/mongo-server.js';
import { startRedisServer } from '../servers/redis-server.js';
import { mongoStorage } from '@kassa-payments/app';
import { median, waitFor, verdict } from './bench-common.js';
import { CONCURRENCY, kassaRound, LEAD_MS, seedActive } from './subscription-rounds.js';

// `node packages/devkit/dist/bench/subscriptions.bench.js`: 20,000 active subscriptions whose charges
// fall due at once, charged by BullmqWorker running RunSubscriptionCharge (50 at a time) through
// BullMQ on Redis (REDIS_URL, or a redis-server of its own), in one process. In memory: against a
// bare BullMQ worker running as many trivial jobs, due at the same moment, on the same Redis. On
// MongoDB (MONGO_URL, or a server of its own): against the raw driver's insertOne rate, 50 at a
// time, on the same server, and against the same scenario in memory. Targets: 0.35 (in memory
// against bare BullMQ) and 0.5 (MongoDB against in memory); the ratio to insertOne is quoted.
const COUNT = Number(process.env['BENCH_SUBSCRIPTIONS'] ?? 20_000);

/** The bare worker: as many trivial jobs, due at one moment, 50 at a time, on the same Redis. Jobs per second. */
async function bareRound(redisUrl: string, count: number): Promise<number> {
  const connection = redisConnection(redisUrl);
  const prefix = `bench-bare-${randomUUID()}`;
  const queue = new Queue('bare', { connection, prefix });
  let done = 0;
  const worker = new Worker(
    'bare',
    async () => {
      done += 1;
    },
    { connection, prefix, concurrency: CONCURRENCY },
  );
  await worker.waitUntilReady();
  const due = Date.now() + LEAD_MS + count / 10;
  for (let i = 0; i < count; i += 500) {
    await queue.addBulk(
      Array.from({ length: Math.min(500, count - i) }, (_, j) => ({ name: 'job', data: { i: i + j }, opts: { jobId: `bare-${i + j}`, delay: due - Date.now(), removeOnComplete: true } })),
    );
  }
  await waitFor(() => Date.now() >= due, 600_000, 'the due moment');
  const started = performance.now();
  await waitFor(() => done >= count, 600_000, 'every bare job');
  const rate = count / ((performance.now() - started) / 1000);
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  return rate;
}

/**
 * The raw driver: insertOne of a subscription as Kassa stores it (the least one charge must write),
 * 50 at a time, for `seconds`. Inserts per second.
 */
async function rawInserts(url: string, seconds: number): Promise<number> {
  const client = await new MongoClient(url).connect();
  const collection = client.db(`raw_${randomUUID().slice(0, 8)}`).collection('subscriptions');
  const [sample] = await seedActive(new InMemorySubscriptionRepository(), 1, new Date());
  const until = Date.now() + seconds * 1000;
  let inserted = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await collection.insertOne({ ...sample, _id: randomUUID() as never });
      inserted += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await client.db(collection.dbName).dropDatabase();
  await client.close();
  return inserted / seconds;
}

async function main(): Promise<void> {
  const ownRedis = process.env['REDIS_URL'] ? undefined : await startRedisServer();
  const redisUrl = process.env['REDIS_URL'] ?? (ownRedis?.url as string);
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? 3);
  const rows: Record<string, string | number>[] = [];

  // In memory: Kassa against the bare worker, alternating, after one small warm-up of each.
  // Warm-ups large enough for the JIT: with 2,000 the first measured round still ran 30% slower.
  await kassaRound(redisUrl, new InMemorySubscriptionRepository(), 10_000);
  await bareRound(redisUrl, 10_000);
  const memoryRatios: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const kassaFirst = round % 2 === 1;
    const a = kassaFirst ? await kassaRound(redisUrl, new InMemorySubscriptionRepository(), COUNT) : await bareRound(redisUrl, COUNT);
    const b = kassaFirst ? await bareRound(redisUrl, COUNT) : await kassaRound(redisUrl, new InMemorySubscriptionRepository(), COUNT);
    const [k, bare] = kassaFirst ? [a, b] : [b, a];
    memoryRatios.push(k / bare);
    rows.push({ scenario: `in memory #${round}`, 'kassa charges/s': Math.round(k), 'baseline/s': Math.round(bare), baseline: 'bare BullMQ jobs', ratio: (k / bare).toFixed(2) });
  }

  // MongoDB: the raw insert rate measured just before and after Kassa's round, on the same server.
  // BENCH_ONLY=memory leaves it out (for profiling the first scenario).
  const onMongo = process.env['BENCH_ONLY'] !== 'memory';
  const ownMongo: MongoServer | undefined = process.env['MONGO_URL'] || !onMongo ? undefined : await startMongoServer();
  const mongoUrl = process.env['MONGO_URL'] ?? (ownMongo?.url as string);
  const mongoCount = Number(process.env['BENCH_MONGO_SUBSCRIPTIONS'] ?? COUNT);
  const mongoRatios: number[] = [];
  const mongoToMemory: number[] = [];
  try {
    if (onMongo) {
      // A warm-up on the server first, as in memory: its JIT (the stand-in is Java) and Kassa's
      // driver paths warm up; the first measured round otherwise ran 15-20% slower than the second.
      const warm = await mongoStorage(mongoUrl, `bench_subs_warm_${randomUUID().slice(0, 8)}`);
      await kassaRound(redisUrl, warm.subscriptions, 10_000);
      await warm.close();
    }
    for (let round = 1; onMongo && round <= Math.min(rounds, 2); round += 1) {
      const before = await rawInserts(mongoUrl, 8);
      const storage = await mongoStorage(mongoUrl, `bench_subs_${randomUUID().slice(0, 8)}`);
      const k = await kassaRound(redisUrl, storage.subscriptions, mongoCount);
      await storage.close();
      const after = await rawInserts(mongoUrl, 8);
      // The same scenario in memory, right after: the storage's own cost is the difference.
      const memory = await kassaRound(redisUrl, new InMemorySubscriptionRepository(), mongoCount);
      const raw = (before + after) / 2;
      mongoRatios.push(k / raw);
      mongoToMemory.push(k / memory);
      rows.push({ scenario: `MongoDB #${round}`, 'kassa charges/s': Math.round(k), 'baseline/s': Math.round(raw), baseline: 'raw insertOne', ratio: (k / raw).toFixed(2) });
      rows.push({ scenario: `MongoDB #${round}`, 'kassa charges/s': Math.round(k), 'baseline/s': Math.round(memory), baseline: 'the same in memory', ratio: (k / memory).toFixed(2) });
    }
  } finally {
    await ownMongo?.destroy();
  }
  console.log(`\nsubscription charges falling due at once, BullMQ on Redis, ${CONCURRENCY} at a time: ${COUNT} in memory, ${mongoCount} on MongoDB`);
  console.table(rows);
  const m = median(memoryRatios);
  const g = mongoRatios.length > 0 ? median(mongoRatios) : Number.NaN;
  const gm = mongoToMemory.length > 0 ? median(mongoToMemory) : Number.NaN;
  console.log(`in memory: kassa/bare BullMQ (median) ${m.toFixed(2)} (target >= 0.35) ${verdict(m >= 0.35)}`);
  console.log(`MongoDB: kassa on MongoDB / kassa in memory (median) ${gm.toFixed(2)} (target >= 0.5) ${verdict(gm >= 0.5)}`);
  console.log(`MongoDB: kassa/raw insertOne (median) ${g.toFixed(2)} (quoted; was held to 0.30)`);
  await ownRedis?.destroy();
  process.exit();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
