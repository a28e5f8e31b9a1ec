import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
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
  let sweeps = 0;
  let relays = 0;
  const worker = await BullmqWorker.start(
    connection(),
    {
      runJob: async (job) => void ran.push(job),
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
  return { scheduler: new BullmqScheduler(queue), ran, counts: () => ({ sweeps, relays }), prefix };
}

const job = (runAt: Date, id: string = randomUUID()) => ({ name: 'webhook.attempt' as const, projectId: 7, aggregateId: id, runAt: runAt.toISOString() });

describe('BullMQ scheduler and worker (real Redis)', () => {
  it('runs a due job once, with the domain job as its data, even when scheduled twice', async () => {
    const { scheduler, ran } = await setUp();
    const due = job(new Date());
    await scheduler.schedule(due);
    await scheduler.schedule(due);
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 5_000 });
    expect(ran[0]).toEqual(due);
    await new Promise((r) => setTimeout(r, 300));
    expect(ran).toHaveLength(1);
  });

  it('runs a delayed job at its time, not before', { timeout: 15_000 }, async () => {
    const { scheduler, ran } = await setUp();
    // Due in 3 s, looked at after 300 ms: a slow schedule() on a loaded machine does not reach its time.
    const at = new Date(Date.now() + 3_000);
    await scheduler.schedule(job(at));
    await new Promise((r) => setTimeout(r, 300));
    expect(ran).toHaveLength(0);
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 10_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
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
    let running = 0;
    let most = 0;
    let relays = 0;
    const work = {
      runJob: async () => undefined,
      runDueWork: async () => undefined,
      relayEvents: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 250));
        running -= 1;
        relays += 1;
      },
    };
    const options = { prefix, sweepEveryMs: 60_000, relayEveryMs: 50 };
    const workers = [await BullmqWorker.start(connection(), work, pino({ level: 'silent' }), options), await BullmqWorker.start(connection(), work, pino({ level: 'silent' }), options)];
    closing.push(async () => {
      for (const w of workers) await w.close();
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
    const work = (ms: number) => ({
      runJob: async (job: QueuedJob) => {
        started.push(job.aggregateId);
        await new Promise((r) => setTimeout(r, ms));
        finished.push(job.aggregateId);
      },
      runDueWork: async () => undefined,
      relayEvents: async () => undefined,
    });
    const options = { prefix, sweepEveryMs: 60_000, relayEveryMs: 60_000 };
    closing.push(async () => {
      await queue.obliterate({ force: true });
      await queue.close();
    });
    // A 1.2 s job (a webhook attempt to a slow merchant) and a stop during it: the stop waits, the job finishes.
    const patient = await BullmqWorker.start(connection(), work(1_200), pino({ level: 'silent' }), options);
    await new BullmqScheduler(queue).schedule(job(new Date(), 'slow'));
    await vi.waitFor(() => expect(started).toContain('slow'), { timeout: 5_000 });
    await patient.close();
    expect(finished).toContain('slow');
    // A 5 s job and a grace of 500 ms: the stop returns after its grace, the job unfinished.
    const hasty = await BullmqWorker.start(connection(), work(5_000), pino({ level: 'silent' }), { ...options, closeGraceMs: 500 });
    await new BullmqScheduler(queue).schedule(job(new Date(), 'long'));
    await vi.waitFor(() => expect(started).toContain('long'), { timeout: 5_000 });
    const stopping = Date.now();
    await hasty.close();
    expect(Date.now() - stopping).toBeLessThan(3_000);
    expect(finished).not.toContain('long');
  }, 20_000);

  it('runs at most its concurrency at once over all its partitions, each partition taking its share', async () => {
    const prefixes = [`kassa-test-${randomUUID()}-0`, `kassa-test-${randomUUID()}-1`];
    let running = 0;
    let most = 0;
    let done = 0;
    const work = {
      runJob: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 300));
        running -= 1;
        done += 1;
      },
      runDueWork: async () => undefined,
      relayEvents: async () => undefined,
    };
    const worker = await BullmqWorker.start(connection(), work, pino({ level: 'silent' }), { prefixes, concurrency: 4, sweepEveryMs: 60_000, relayEveryMs: 60_000 });
    const queues = prefixes.map((prefix) => new Queue(KASSA_QUEUE, { connection: connection(), prefix }));
    closing.push(async () => {
      await worker.close();
      for (const q of queues) {
        await q.obliterate({ force: true });
        await q.close();
      }
    });
    // Eight jobs waiting in each partition: at most 2 + 2 run at once (before, 4 a partition: 8).
    for (const q of queues) for (let n = 0; n < 8; n++) await new BullmqScheduler(q).schedule(job(new Date()));
    await vi.waitFor(() => expect(done).toBe(16), { timeout: 10_000 });
    expect(most).toBe(4);
  }, 20_000);
});
