import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { BullmqScheduler, KASSA_QUEUE, type QueuedJob } from './bullmq-scheduler.js';
import { BullmqWorker } from './bullmq-worker.js';
import { PartitionWorker } from './partition-worker.js';
import { redisConnection } from './redis-connection.js';

/** Settles when `heard()` is called: the worker's fetch loop is then waiting on its blocking connection. */
function signal(): { heard: () => void; asked: Promise<void> } {
  let heard: () => void = () => undefined;
  const asked = new Promise<void>((r) => {
    heard = r;
  });
  return { heard, asked };
}

/**
 * What a Cluster's blocking connection mid-failover is to BullMQ (ioredis#709): its BZPOPMIN never
 * answered, and once BullMQ's own watchdog drops it, `connect()` never settles, so BullMQ's reset
 * waits for ever and the fetch loop with it.
 */
function stuckBlockingClient(url: string, asked: () => void): Redis {
  const client = new Redis({ ...redisConnection(url), maxRetriesPerRequest: null });
  client.bzpopmin = (() => {
    asked();
    return new Promise(() => undefined);
  }) as unknown as Redis['bzpopmin'];
  client.connect = () => new Promise<void>(() => undefined);
  return client;
}

/** The worker's own client loses its node and never connects again (ioredis#709): every command waits. */
function strand(client: Redis): void {
  client.connect = () => new Promise<void>(() => undefined);
  client.stream.destroy();
}

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** A worker whose first client's blocking duplicate is stuck; the clients made after it are sound. */
async function stalledWorker() {
  const hole = signal();
  const prefix = `kassa-test-${randomUUID()}`;
  const queue = new Queue(KASSA_QUEUE, { connection: redisConnection(inject('redisUrl')), prefix });
  let made = 0;
  let stranded: Redis | undefined;
  const connection = () => {
    made += 1;
    const client = new Redis({ ...redisConnection(inject('redisUrl')), maxRetriesPerRequest: null });
    // The third client is the first partition worker's (the queue's and the locks' come before it).
    if (made === 3) {
      client.duplicate = () => stuckBlockingClient(inject('redisUrl'), hole.heard);
      stranded = client;
    }
    return client;
  };
  const ran: QueuedJob[] = [];
  // What happened in which order: the warning, then the job.
  const events: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void events.push(JSON.parse(line).msg) });
  const runJob = async (job: QueuedJob) => {
    ran.push(job);
    events.push('ran');
  };
  const worker = await BullmqWorker.start(connection, { runJob, runDueWork: async () => 0, relayEvents: async () => 0 }, logger, {
    prefix,
    sweepEveryMs: 60_000,
    relayEveryMs: 60_000,
    stallWatch: { everyMs: 100, stallMs: 500 },
    closeGraceMs: 1_000,
  });
  closing.push(async () => {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
  });
  await hole.asked;
  strand(stranded as Redis);
  return { scheduler: new BullmqScheduler(queue), ran, events, made: () => made };
}

const job = (id: string = randomUUID()): QueuedJob => ({ name: 'webhook.attempt', projectId: 7, aggregateId: id, runAt: new Date().toISOString() });

describe('a partition worker whose fetch loop never comes back (real Redis)', () => {
  it('is made again, says so, and its waiting job runs', async () => {
    const { scheduler, ran, events, made } = await stalledWorker();
    const due = job();
    await scheduler.schedule(due);
    await vi.waitFor(() => expect(ran).toEqual([{ shape: 1, ...due }]), { timeout: 10_000 });
    expect(events.filter((e) => e !== 'queue worker error')).toEqual(['queue worker stalled: made again', 'ran']);
    expect(made()).toBe(4);
  });

  it('looks by an injected clock: a stall is taken after stallMs of due jobs untouched, never on a sound idle worker', async () => {
    const hole = signal();
    const prefix = `kassa-test-${randomUUID()}`;
    const url = inject('redisUrl');
    const queue = new Queue(KASSA_QUEUE, { connection: redisConnection(url), prefix });
    const counts = new Redis({ ...redisConnection(url), maxRetriesPerRequest: null });
    let now = Date.parse('2026-01-01T00:00:00Z');
    const ran: QueuedJob[] = [];
    const made: Redis[] = [];
    const connect = () => {
      const client = new Redis({ ...redisConnection(url), maxRetriesPerRequest: null });
      // The first client's blocking duplicate never answers; the second is sound.
      if (made.length === 0) client.duplicate = () => stuckBlockingClient(inject('redisUrl'), hole.heard);
      made.push(client);
      return client;
    };
    const processor = async (j: { data: unknown }) => void ran.push(j.data as QueuedJob);
    const partition = new PartitionWorker(
      prefix,
      processor,
      5,
      connect,
      (c) => c.disconnect(),
      counts,
      pino({ level: 'silent' }),
      { everyMs: 60_000, stallMs: 120_000 },
      () => now,
    );
    closing.push(async () => {
      await partition.close(1_000);
      for (const c of made) c.disconnect();
      counts.disconnect();
      await queue.obliterate({ force: true });
      await queue.close();
    });
    await hole.asked;
    strand(made[0] as Redis);
    // Nothing due: healthy however long it has been idle.
    now += 10 * 120_000;
    expect(await partition.check()).toBe('healthy');
    const due = job();
    await new BullmqScheduler(queue).schedule(due);
    // A job waits and the worker has not touched it: due, not yet stalled; stalled only after stallMs more.
    now += 60_000;
    expect(await partition.check()).toBe('due');
    now += 60_000;
    expect(await partition.check()).toBe('due');
    expect(ran).toEqual([]);
    now += 60_000;
    expect(await partition.check()).toBe('restarted');
    await vi.waitFor(() => expect(ran).toEqual([{ shape: 1, ...due }]), { timeout: 5_000 });
    expect(made).toHaveLength(2);
    // The new worker is sound: idle again, with nothing due, it is left alone.
    now += 10 * 120_000;
    expect(await partition.check()).toBe('healthy');
  });
});
