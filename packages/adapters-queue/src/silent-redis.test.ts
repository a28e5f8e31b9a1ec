import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { BullmqScheduler, KASSA_QUEUE } from './bullmq-scheduler.js';
import { BullmqWorker } from './bullmq-worker.js';
import { redisConnection } from './redis-connection.js';
import { redisClient } from './redis-target.js';
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

/**
 * The clients' timeouts, shorter than the deployed ones (15 s, 2 s): the rule is the same, the wait
 * not. The socket timeout stays longer than the worker's blocking waits, which its sweep and relay
 * ticks (every 200 ms here) keep short.
 */
const SOCKET_TIMEOUT_MS = 1_500;
const PRODUCER_COMMAND_TIMEOUT_MS = 300;

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

describe('a Redis whose connections go silent (real Redis behind a relay)', () => {
  it('the worker takes its connections for dead after its socket timeout without an answer, connects anew and runs jobs again', async () => {
    const target = redisConnection(inject('redisUrl'));
    const relay = await silenceableRelay(target);
    const prefix = `kassa-test-${randomUUID()}`;
    const ran: string[] = [];
    const worker = await BullmqWorker.start(
      () => redisClient({ kind: 'single', url: relay.url }, 'worker', { socketTimeoutMs: SOCKET_TIMEOUT_MS }),
      { runJob: async (job) => void ran.push(job.aggregateId), runDueWork: async () => undefined, relayEvents: async () => undefined },
      pino({ level: 'silent' }),
      { prefix, sweepEveryMs: 200, relayEveryMs: 200, closeGraceMs: 500 },
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
    // With it: the commands on the silent connections fail after the socket timeout, and the clients connect anew.
    await vi.waitFor(() => expect(ran).toContain('after'), { timeout: 30_000, interval: 50 });
    expect(Date.now() - silenced).toBeGreaterThanOrEqual(SOCKET_TIMEOUT_MS);
    expect(relay.opened()).toBeGreaterThan(opened);
  }, 60_000);

  it("an api process's job fails within its command timeout or so, so that its request is answered (the sweep does the job)", async () => {
    const relay = await silenceableRelay(redisConnection(inject('redisUrl')));
    const client = redisClient({ kind: 'single', url: relay.url }, 'producer', { socketTimeoutMs: SOCKET_TIMEOUT_MS, producerCommandTimeoutMs: PRODUCER_COMMAND_TIMEOUT_MS });
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
    // Before, the request waited out the socket timeout and the reconnections.
    expect(Date.now() - started).toBeLessThan(SOCKET_TIMEOUT_MS / 2);
  }, 30_000);
});
