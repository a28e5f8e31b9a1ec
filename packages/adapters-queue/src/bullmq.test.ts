import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
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

async function setUp(options: { sweepEveryMs?: number; relayEveryMs?: number } = {}) {
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
    { prefix, sweepEveryMs: options.sweepEveryMs ?? 60_000, relayEveryMs: options.relayEveryMs ?? 60_000 },
  );
  closing.push(async () => {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
  });
  return { scheduler: new BullmqScheduler(queue), ran, counts: () => ({ sweeps, relays }) };
}

const job = (runAt: Date, id = randomUUID()) => ({ name: 'webhook.attempt' as const, projectId: 7, aggregateId: id, runAt: runAt.toISOString() });

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

  it('runs a delayed job at its time, not before', async () => {
    const { scheduler, ran } = await setUp();
    const at = new Date(Date.now() + 600);
    await scheduler.schedule(job(at));
    await new Promise((r) => setTimeout(r, 300));
    expect(ran).toHaveLength(0);
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 5_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  });

  it('runs the sweep and the relay on their schedules', async () => {
    const { counts } = await setUp({ sweepEveryMs: 200, relayEveryMs: 100 });
    await vi.waitFor(() => expect(counts().sweeps).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    expect(counts().relays).toBeGreaterThanOrEqual(2);
  });
});
