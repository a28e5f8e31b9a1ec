import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { BullmqScheduler, KASSA_QUEUE, type QueuedJob } from './bullmq-scheduler.js';
import { BullmqWorker } from './bullmq-worker.js';
import { redisConnection } from './redis-connection.js';

// Against the test run's real Redis (test/redis.global-setup.ts); each test on its own key prefix.
const connection = () => redisConnection(inject('redisUrl'));
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function setUp(options: { sweepEveryMs?: number; relayEveryMs?: number; schedulersRefreshMs?: number } = {}) {
  const prefix = `kassa-test-${randomUUID()}`;
  const queue = new Queue(KASSA_QUEUE, { connection: connection(), prefix });
  const ran: QueuedJob[] = [];
  const ranAt: number[] = [];
  let sweeps = 0;
  let relays = 0;
  const worker = await BullmqWorker.start(
    connection(),
    {
      runJob: async (job) => {
        ranAt.push(Date.now());
        ran.push(job);
      },
      runDueWork: async () => {
        sweeps += 1;
      },
      relayEvents: async () => {
        relays += 1;
      },
    },
    pino({ level: 'silent' }),
    {
      prefix,
      sweepEveryMs: options.sweepEveryMs ?? 60_000,
      relayEveryMs: options.relayEveryMs ?? 60_000,
      ...(options.schedulersRefreshMs ? { schedulersRefreshMs: options.schedulersRefreshMs } : {}),
    },
  );
  closing.push(async () => {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
  });
  return { scheduler: new BullmqScheduler(queue), queue, ran, ranAt, counts: () => ({ sweeps, relays }), prefix };
}

const job = (runAt: Date, id: string = randomUUID()) => ({ name: 'webhook.attempt' as const, projectId: 7, aggregateId: id, runAt: runAt.toISOString() });

describe('BullMQ scheduler and worker (real Redis)', () => {
  it('runs a due job once, with the domain job as its data, even when scheduled twice', async () => {
    const { scheduler, queue, ran } = await setUp();
    const due = job(new Date());
    await scheduler.schedule(due);
    await scheduler.schedule(due);
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 5_000 });
    // The domain job, and its shape (docs/operators/upgrading.md).
    expect(ran[0]).toEqual({ shape: 1, ...due });
    // Both schedules are in Redis: once no domain job waits or runs any more, every one that was queued has run.
    await vi.waitFor(async () => expect((await queue.getJobs(['wait', 'active', 'delayed', 'prioritized'])).filter((j) => j.name === due.name)).toEqual([]), { timeout: 5_000 });
    expect(ran).toHaveLength(1);
  });

  it('runs a delayed job at its time, not before', async () => {
    const { scheduler, ran, ranAt } = await setUp();
    // Due in 1 s; the time it ran at is the one the job itself saw.
    const at = new Date(Date.now() + 1_000);
    await scheduler.schedule(job(at));
    expect(ran).toHaveLength(0);
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 10_000 });
    expect(ranAt[0]).toBeGreaterThanOrEqual(at.getTime());
  });

  it('runs the sweep and the relay on their schedules', async () => {
    const { counts } = await setUp({ sweepEveryMs: 200, relayEveryMs: 100 });
    // Both schedules are waited for: the relay's first runs need not come before the sweep's second.
    await vi.waitFor(() => expect([counts().sweeps >= 2, counts().relays >= 2]).toEqual([true, true]), { timeout: 5_000 });
  });

  it('puts the sweep and relay schedulers back after Redis lost its data', async () => {
    const { counts, prefix } = await setUp({ sweepEveryMs: 100, relayEveryMs: 100, schedulersRefreshMs: 300 });
    await vi.waitFor(() => expect(counts().relays).toBeGreaterThanOrEqual(1), { timeout: 5_000 });
    // This test's keys only: other tests share the Redis.
    const redis = new Redis({ ...connection() });
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    redis.disconnect();
    const after = counts();
    await vi.waitFor(() => expect(counts().relays).toBeGreaterThanOrEqual(after.relays + 2), { timeout: 5_000 });
    expect(counts().sweeps).toBeGreaterThan(after.sweeps);
  });

  it('never runs two relays at once, in one worker or across two, even when a run outlasts the period', async () => {
    const prefix = `kassa-test-${randomUUID()}`;
    // The relay's ticks that ended (a run, or one skipped for the lock), heard on the queue's events.
    const events = new QueueEvents(KASSA_QUEUE, { connection: connection(), prefix });
    let ticksEnded = 0;
    events.on('completed', ({ jobId }) => {
      if (jobId.includes('kassa.relay')) ticksEnded += 1;
    });
    await events.waitUntilReady();
    let running = 0;
    let most = 0;
    let relays = 0;
    let ending = false;
    const work = {
      runJob: async () => undefined,
      runDueWork: async () => undefined,
      relayEvents: async () => {
        running += 1;
        most = Math.max(most, running);
        // A run that outlasts the period: it ends once two later ticks ended beside it (or another run started beside it, or the test ends).
        const before = ticksEnded;
        await vi.waitFor(() => expect(ticksEnded >= before + 2 || running > 1 || ending).toBe(true), { timeout: 10_000, interval: 10 });
        running -= 1;
        relays += 1;
      },
    };
    const options = { prefix, sweepEveryMs: 60_000, relayEveryMs: 50 };
    const workers = [await BullmqWorker.start(connection(), work, pino({ level: 'silent' }), options), await BullmqWorker.start(connection(), work, pino({ level: 'silent' }), options)];
    closing.push(async () => {
      ending = true;
      for (const w of workers) await w.close();
      await events.close();
      const queue = new Queue(KASSA_QUEUE, { connection: connection(), prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    });
    await vi.waitFor(() => expect(relays).toBeGreaterThanOrEqual(4), { timeout: 10_000 });
    expect(most).toBe(1);
  });

  it('a stop waits for a running job within its grace, and no longer', async () => {
    const prefix = `kassa-test-${randomUUID()}`;
    const queue = new Queue(KASSA_QUEUE, { connection: connection(), prefix });
    const finished: string[] = [];
    const started: string[] = [];
    // Each job runs until the test lets it end (a webhook attempt to a slow merchant).
    const ends = new Map<string, () => void>();
    const work = {
      runJob: async (job: QueuedJob) => {
        started.push(job.aggregateId);
        await new Promise<void>((r) => ends.set(job.aggregateId, r));
        finished.push(job.aggregateId);
      },
      runDueWork: async () => undefined,
      relayEvents: async () => undefined,
    };
    const options = { prefix, sweepEveryMs: 60_000, relayEveryMs: 60_000 };
    closing.push(async () => {
      for (const end of ends.values()) end();
      await queue.obliterate({ force: true });
      await queue.close();
    });
    // A running job and a stop during it: the stop waits, the job finishes.
    const patient = await BullmqWorker.start(connection(), work, pino({ level: 'silent' }), options);
    await new BullmqScheduler(queue).schedule(job(new Date(), 'slow'));
    await vi.waitFor(() => expect(started).toContain('slow'), { timeout: 5_000 });
    let stopped = false;
    const stopping = patient.close().then(() => (stopped = true));
    // The stop is under way and the job still runs (active in Redis): the stop has not returned.
    await vi.waitFor(async () => expect(await queue.getActiveCount()).toBe(1), { timeout: 5_000 });
    expect(stopped).toBe(false);
    ends.get('slow')?.();
    await stopping;
    expect(finished).toContain('slow');
    // A job that does not end and a grace of 300 ms: the stop returns after its grace, the job unfinished.
    const hasty = await BullmqWorker.start(connection(), work, pino({ level: 'silent' }), { ...options, closeGraceMs: 300 });
    await new BullmqScheduler(queue).schedule(job(new Date(), 'long'));
    await vi.waitFor(() => expect(started).toContain('long'), { timeout: 5_000 });
    const stopAt = Date.now();
    await hasty.close();
    expect(Date.now() - stopAt).toBeGreaterThanOrEqual(290);
    expect(Date.now() - stopAt).toBeLessThan(3_000);
    expect(finished).not.toContain('long');
  });

  it('runs at most its concurrency at once over all its partitions, each partition taking its share', async () => {
    const prefixes = [`kassa-test-${randomUUID()}-0`, `kassa-test-${randomUUID()}-1`];
    let running = 0;
    let most = 0;
    let done = 0;
    // The jobs running and not yet let go, by partition (a job's projectId names its partition here).
    const held: { partition: number; end: () => void }[] = [];
    const work = {
      runJob: async (job: QueuedJob) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((end) => held.push({ partition: job.projectId, end }));
        running -= 1;
        done += 1;
      },
      runDueWork: async () => undefined,
      relayEvents: async () => undefined,
    };
    const worker = await BullmqWorker.start(connection(), work, pino({ level: 'silent' }), { prefixes, concurrency: 4, sweepEveryMs: 60_000, relayEveryMs: 60_000 });
    const queues = prefixes.map((prefix) => new Queue(KASSA_QUEUE, { connection: connection(), prefix }));
    closing.push(async () => {
      for (const h of held.splice(0)) h.end();
      await worker.close();
      for (const q of queues) {
        await q.obliterate({ force: true });
        await q.close();
      }
    });
    // Eight jobs waiting in each partition: at most 2 + 2 run at once (before, 4 a partition: 8).
    for (const [partition, q] of queues.entries()) for (let n = 0; n < 8; n++) await new BullmqScheduler(q).schedule({ ...job(new Date()), projectId: partition });
    // Four rounds: four jobs run, two of each partition, and are let go together.
    for (let round = 0; round < 4; round++) {
      await vi.waitFor(() => expect(held).toHaveLength(4), { timeout: 10_000 });
      expect(held.filter((h) => h.partition === 0)).toHaveLength(2);
      for (const h of held.splice(0)) h.end();
    }
    await vi.waitFor(() => expect(done).toBe(16), { timeout: 10_000 });
    expect(most).toBe(4);
  });
});
