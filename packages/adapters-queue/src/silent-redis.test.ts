import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { BullmqScheduler, KASSA_QUEUE } from './bullmq-scheduler.js';
import { BullmqWorker } from './bullmq-worker.js';
import { redisConnection } from './redis-connection.js';
import { PRODUCER_COMMAND_TIMEOUT_MS, REDIS_SOCKET_TIMEOUT_MS, redisClient } from './redis-target.js';
import { kassaQueue } from './bullmq-scheduler.js';

/**
 * A TCP relay in front of the test run's real Redis that can go silent: the connections open so far
 * stay open but pass nothing either way, as with a Redis host that died without a reset (a crash, a
 * network partition); connections opened after it pass again (the host's replacement).
 */
async function silenceableRelay(target: { host: string; port: number }) {
  const links: { client: Socket; server: Socket; silent: boolean }[] = [];
  const relay: Server = createServer((client) => {
    const server = connect(target.port, target.host);
    const link = { client, server, silent: false };
    links.push(link);
    client.on('data', (d) => void (link.silent || server.write(d)));
    server.on('data', (d) => void (link.silent || client.write(d)));
    for (const s of [client, server]) s.on('error', () => undefined);
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  return {
    url: `redis://127.0.0.1:${(relay.address() as { port: number }).port}`,
    opened: () => links.length,
    silence: () => {
      for (const link of links) link.silent = true;
    },
    close: async () => {
      for (const link of links) link.client.destroy();
      await new Promise((r) => relay.close(r));
    },
  };
}

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

describe('a Redis whose connections go silent (real Redis behind a relay)', () => {
  it(`the worker takes its connections for dead after ${REDIS_SOCKET_TIMEOUT_MS / 1000} s without an answer, connects anew and runs jobs again`, async () => {
    const target = redisConnection(inject('redisUrl'));
    const relay = await silenceableRelay(target);
    const prefix = `kassa-test-${randomUUID()}`;
    const ran: string[] = [];
    const worker = await BullmqWorker.start(
      () => redisClient({ kind: 'single', url: relay.url }, 'worker'),
      { runJob: async (job) => void ran.push(job.aggregateId), runDueWork: async () => undefined, relayEvents: async () => undefined },
      pino({ level: 'silent' }),
      { prefix, sweepEveryMs: 60_000, relayEveryMs: 60_000, closeGraceMs: 500 },
    );
    // Jobs are added straight to Redis, as by an api process that still reaches it.
    const queue = new Queue(KASSA_QUEUE, { connection: target, prefix });
    closing.push(async () => {
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
      await relay.close();
    });
    const scheduler = new BullmqScheduler(queue);
    const job = (id: string) => ({ name: 'webhook.attempt' as const, projectId: 1, aggregateId: id, runAt: new Date().toISOString() });
    await scheduler.schedule(job('before'));
    await vi.waitFor(() => expect(ran).toContain('before'), { timeout: 5_000 });
    const opened = relay.opened();
    relay.silence();
    const silenced = Date.now();
    await scheduler.schedule(job('after'));
    // Without the socket timeout the worker waited for ever (90 s and more, measured before the change).
    // With it: BullMQ's blocking wait gives up (up to 10 s), then the command on the silent connection
    // after REDIS_SOCKET_TIMEOUT_MS, then both connect anew: 25-30 s here, 46 s beside other suites.
    await vi.waitFor(() => expect(ran).toContain('after'), { timeout: 75_000, interval: 250 });
    expect(Date.now() - silenced).toBeGreaterThan(1_000);
    expect(relay.opened()).toBeGreaterThan(opened);
  }, 120_000);

  it(`an api process's job fails within ${PRODUCER_COMMAND_TIMEOUT_MS / 1000} s or so, so that its request is answered (the sweep does the job)`, async () => {
    const relay = await silenceableRelay(redisConnection(inject('redisUrl')));
    const client = redisClient({ kind: 'single', url: relay.url }, 'producer');
    const queue = kassaQueue(client, `kassa-test-${randomUUID()}`);
    queue.on('error', () => undefined);
    closing.push(async () => {
      await queue.close();
      client.disconnect();
      await relay.close();
    });
    const scheduler = new BullmqScheduler(queue);
    const job = (id: string) => ({ name: 'webhook.attempt' as const, projectId: 1, aggregateId: id, runAt: new Date().toISOString() });
    await scheduler.schedule(job('before'));
    relay.silence();
    const started = Date.now();
    await expect(scheduler.schedule(job('after'))).rejects.toThrow();
    // Before, the request waited out the socket timeout and the reconnections: 15 s and more.
    expect(Date.now() - started).toBeLessThan(REDIS_SOCKET_TIMEOUT_MS / 2);
  }, 60_000);
});
