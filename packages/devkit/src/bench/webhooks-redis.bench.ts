import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { BullmqScheduler, BullmqWorker, kassaQueue, redisConnection } from '@kassa-payments/adapters-queue';
import { HttpWebhookSender } from '@kassa-payments/adapters-webhooks';
import { AttemptDelivery, openDelivery, SystemClock, type Notification } from '@kassa-payments/domain';
import { inMemoryPorts, projectWithDefaults } from '@kassa-payments/adapters-memory';
import { webhookSignature } from '@kassa-payments/protocol';
import { Queue, Worker } from 'bullmq';
import { pino } from 'pino';
import { startRedisServer } from '../servers/redis-server.js';
import { median, waitFor, verdict } from './bench-common.js';

// `node packages/devkit/dist/bench/webhooks-redis.bench.js`: webhook deliveries per second through
// BullMQ on Redis (REDIS_URL, or a redis-server of its own). Kassa (a stored delivery, its
// webhook.attempt job on Kassa's queue, BullmqWorker running AttemptDelivery with the HTTP sender)
// against a bare BullMQ worker that POSTs the same signed body for each job, in alternating rounds
// of the same number of deliveries, both 50 jobs at a time.
const DELIVERIES = Number(process.env['BENCH_DELIVERIES'] ?? 2000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const CONCURRENCY = 50;
const SECRET = `whsec_${Buffer.from('bench-webhook-secret-0123456').toString('base64')}`;
const BODY = JSON.stringify({ type: 'payment.updated', data: { invoice: { invoice_id: '3f2b8c1e-6a4d-4e8b-9c0a-1d2e3f405a6b', status: 'Processed', payment_status: 'PAID' } } });
const silent = pino({ level: 'silent' });

async function receiver(): Promise<{ server: Server; url: string; count: () => number }> {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, count: () => received };
}

/** The bare worker: a BullMQ job per delivery, a signed POST per job, nothing stored. */
async function bareRound(url: string, redisUrl: string): Promise<number> {
  const connection = redisConnection(redisUrl);
  const prefix = `bench-bare-${randomUUID()}`;
  const queue = new Queue('bare', { connection, prefix });
  let done = 0;
  const worker = new Worker(
    'bare',
    async (job) => {
      const id = String(job.data.id);
      const ts = Math.floor(Date.now() / 1000);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': webhookSignature(SECRET, id, ts, BODY) },
        body: BODY,
        signal: AbortSignal.timeout(15_000),
      });
      await res.arrayBuffer();
      if (res.status === 204) done += 1;
    },
    { connection, prefix, concurrency: CONCURRENCY },
  );
  await worker.waitUntilReady();
  const started = performance.now();
  await queue.addBulk(Array.from({ length: DELIVERIES }, (_, i) => ({ name: 'deliver', data: { id: `evt-${i}` }, opts: { jobId: `bare-${i}`, removeOnComplete: true } })));
  await waitFor(() => done >= DELIVERIES, 120_000, 'a round (a failed delivery stalls it)');
  const rate = DELIVERIES / ((performance.now() - started) / 1000);
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  return rate;
}

/** Kassa: stored deliveries, their webhook.attempt jobs on Kassa's queue, run by BullmqWorker. */
async function kassaRound(url: string, redisUrl: string): Promise<number> {
  const connection = redisConnection(redisUrl);
  const prefix = `bench-kassa-${randomUUID()}`;
  const queue = kassaQueue(connection, prefix);
  const clock = new SystemClock();
  const ports = inMemoryPorts({ projects: [projectWithDefaults({ id: 1, partnerLogin: 'b', webhookSecret: SECRET })] });
  const scheduler = new BullmqScheduler(queue);
  const attempt = new AttemptDelivery({ ...ports, clock, scheduler, webhooks: new HttpWebhookSender(clock) });
  let done = 0;
  const worker = await BullmqWorker.start(
    connection,
    {
      runJob: async (job) => {
        await attempt.execute({ projectId: job.projectId, deliveryId: job.aggregateId });
        if ((await ports.deliveries.get(1, job.aggregateId))?.state === 'succeeded') done += 1;
      },
      runDueWork: async () => undefined,
      relayEvents: async () => undefined,
    },
    silent,
    { prefix, concurrency: CONCURRENCY, sweepEveryMs: 600_000, relayEveryMs: 600_000 },
  );
  const notification: Notification = { channel: 'webhook', url, contentType: 'application/json', body: BODY };
  const now = clock.now().toISOString();
  const deliveries = Array.from({ length: DELIVERIES }, (_, i) => openDelivery({ eventId: `evt-${i}-${prefix}`, eventType: 'PaymentUpdated', projectId: 1, notification, now }));
  const started = performance.now();
  // As the relay does: store the delivery, then schedule its first attempt.
  await Promise.all(
    deliveries.map(async (d) => {
      await ports.deliveries.create(d);
      await scheduler.schedule({ name: 'webhook.attempt', projectId: 1, aggregateId: d.id, runAt: now });
    }),
  );
  await waitFor(() => done >= DELIVERIES, 120_000, 'a round (a failed delivery stalls it)');
  const rate = DELIVERIES / ((performance.now() - started) / 1000);
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  return rate;
}

async function main(): Promise<void> {
  const own = process.env['REDIS_URL'] ? undefined : await startRedisServer();
  const redisUrl = process.env['REDIS_URL'] ?? (own?.url as string);
  const target = await receiver();
  await kassaRound(target.url, redisUrl);
  await bareRound(target.url, redisUrl); // warm-up
  const rows: { round: number; kassa: number; bare: number; ratio: string }[] = [];
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const first = round % 2 ? kassaRound : bareRound;
    const second = round % 2 ? bareRound : kassaRound;
    const x = await first(target.url, redisUrl);
    const y = await second(target.url, redisUrl);
    const [k, b] = round % 2 ? [x, y] : [y, x];
    ratios.push(k / b);
    rows.push({ round, kassa: Math.round(k), bare: Math.round(b), ratio: (k / b).toFixed(2) });
  }
  console.table(rows);
  const m = median(ratios);
  console.log(`webhook deliveries, BullMQ on Redis, ${CONCURRENCY} at a time, ${DELIVERIES} a round: kassa/bare worker (median of the rounds) ${m.toFixed(2)} (target >= 0.50) ${verdict(m >= 0.5)}`);
  target.server.closeAllConnections();
  await new Promise((r) => target.server.close(r));
  await own?.destroy();
  process.exit();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
