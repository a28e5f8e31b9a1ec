import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inMemoryStorage, mongoStorage, type Storage } from '@kassa-payments/app';
import type { WebhookDelivery } from '@kassa-payments/domain';
import { startMongoServer } from '../servers/mongo-server.js';
import { BENCH_PROJECT_ID, median, startBenchServer, stopBenchServer, verdict } from './bench-common.js';

/**
 * `npm run bench`'s metrics scenario (issue 43, item 6): a Prometheus scrape of /metrics with
 * DEAD_DELIVERIES dead webhook deliveries in storage against the same scrape with none, each on a
 * Kassa of its own, and the API's /health asked while each scrape runs. A gauge that scans storage
 * at scrape time stops the process for as long as the scan lasts (467-832 ms measured at 20,000),
 * and every request waits; a gauge kept as a count answers in a few ms whatever the store holds.
 * In memory (a data folder written beforehand, read back at the start) and on MongoDB (the
 * MongoDB-compatible server the tests use: the count is the server's work, not the process's).
 */
const DEAD_DELIVERIES = Number(process.env['BENCH_DEAD_DELIVERIES'] ?? 20_000);
const SCRAPES = Number(process.env['BENCH_SCRAPES'] ?? 15);
/** A scrape with the deliveries may cost this much more than one without (ms, median). */
const TARGET_EXTRA_MS = 10;
/** The API's /health asked during a scrape answers within this (ms, median: the slowest of a few is the machine's). */
const TARGET_HEALTH_MS = 25;

const STARTED = Date.now();

/** A delivery the schedule gave up on: ten attempts answered 500 with a short page, as a broken endpoint does. */
function deadDelivery(i: number): WebhookDelivery {
  // Of the last day: the retention (KASSA_RETENTION_DAYS) would remove older ones at the start.
  const createdAt = new Date(STARTED - 86_400_000 + i).toISOString();
  const body = JSON.stringify({ type: 'invoice.paid', data: { invoice_id: `inv-${i}`, order: { merchant_order_id: `order-${i}` }, price: { amount: '10.00', currency: 'RUB' } } });
  return {
    id: `dlv-dead-${i}`,
    projectId: BENCH_PROJECT_ID,
    eventId: `evt-${i}`,
    eventType: 'PaymentUpdated',
    notification: { channel: 'webhook', url: 'https://merchant.example/hooks', contentType: 'application/json', body },
    attempts: Array.from({ length: 10 }, (_, n) => ({
      at: new Date(Date.parse(createdAt) + n * 60_000).toISOString(),
      status: 500,
      latencyMs: 40,
      response: '<html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>',
      error: null,
    })),
    scheduleFrom: 0,
    nextAttemptAt: null,
    createdAt,
    state: 'dead',
    version: 2,
  };
}

async function fill(storage: Storage, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    // Created pending, then saved dead: as the schedule leaves it.
    const dead = deadDelivery(i);
    await storage.deliveries.create({ ...dead, state: 'pending', attempts: [], nextAttemptAt: dead.createdAt, version: 1 });
    const result = await storage.deliveries.save(dead);
    if (!result.ok) throw new Error(`delivery ${dead.id} not saved`);
  }
  const counted = await storage.deliveries.count('dead');
  if (counted !== n) throw new Error(`${counted} dead deliveries stored, not ${n}`);
  await storage.close();
}

interface Reading {
  readonly scrapeMs: number;
  readonly healthMs: number;
  readonly dead: number;
}

/** One scrape, and the API's /health sent while it runs: how long each took. */
async function scrape(admin: string, api: string): Promise<Reading> {
  const started = performance.now();
  const metrics = fetch(`${admin}/metrics`).then(async (r) => ({ text: await r.text(), ms: performance.now() - started }));
  // Sent once the scrape has reached the server: a scrape that stops the process holds it.
  await new Promise((r) => setTimeout(r, 2));
  const healthStarted = performance.now();
  const health = await fetch(`${api}/health`).then(async (r) => {
    await r.text();
    return performance.now() - healthStarted;
  });
  const { text, ms } = await metrics;
  const dead = Number(/^kassa_webhook_deliveries\{[^}]*state="dead"[^}]*\} (\S+)$/m.exec(text)?.[1] ?? Number.NaN);
  return { scrapeMs: ms, healthMs: health, dead };
}

async function measure(env: Record<string, string>, expectedDead: number): Promise<{ scrapeMs: number; slowestScrapeMs: number; healthMs: number; slowestHealthMs: number }> {
  const server = await startBenchServer('./kassa-server.js', env);
  try {
    const admin = server.urls['admin'];
    if (!admin) throw new Error('no admin listener announced');
    await scrape(admin, server.url);
    const readings: Reading[] = [];
    for (let i = 0; i < SCRAPES; i += 1) {
      readings.push(await scrape(admin, server.url));
      // Prometheus scrapes every 15 s; a pause between two keeps one scrape's garbage out of the next.
      await new Promise((r) => setTimeout(r, 50));
    }
    const wrong = readings.find((r) => r.dead !== expectedDead);
    if (wrong) throw new Error(`the scrape read ${wrong.dead} dead deliveries, not ${expectedDead}`);
    return {
      scrapeMs: median(readings.map((r) => r.scrapeMs)),
      slowestScrapeMs: Math.max(...readings.map((r) => r.scrapeMs)),
      healthMs: median(readings.map((r) => r.healthMs)),
      slowestHealthMs: Math.max(...readings.map((r) => r.healthMs)),
    };
  } finally {
    await stopBenchServer(server.child);
  }
}

const rows: { storage: string; dead: number; scrapeMs: number; scrapeSlowestMs: number; healthMs: number; healthSlowestMs: number }[] = [];
const ms = (n: number) => Number(n.toFixed(1));
const row = (storage: string, dead: number, m: Awaited<ReturnType<typeof measure>>) =>
  rows.push({ storage, dead, scrapeMs: ms(m.scrapeMs), scrapeSlowestMs: ms(m.slowestScrapeMs), healthMs: ms(m.healthMs), healthSlowestMs: ms(m.slowestHealthMs) });

const empty = mkdtempSync(join(tmpdir(), 'kassa-bench-metrics-empty-'));
const full = mkdtempSync(join(tmpdir(), 'kassa-bench-metrics-dead-'));
let memoryMet = false;
try {
  await fill(inMemoryStorage(full), DEAD_DELIVERIES);
  const base = await measure({ BENCH_DATA_DIR: empty }, 0);
  const dead = await measure({ BENCH_DATA_DIR: full }, DEAD_DELIVERIES);
  row('memory (data folder)', 0, base);
  row('memory (data folder)', DEAD_DELIVERIES, dead);
  memoryMet = dead.scrapeMs <= base.scrapeMs + TARGET_EXTRA_MS && dead.healthMs <= TARGET_HEALTH_MS;
} finally {
  rmSync(empty, { recursive: true, force: true });
  rmSync(full, { recursive: true, force: true });
}

const mongo = await startMongoServer();
let mongoMet = false;
try {
  await fill(await mongoStorage(mongo.url, 'bench_metrics_dead'), DEAD_DELIVERIES);
  const base = await measure({ MONGO_URL: mongo.url, MONGO_DB: 'bench_metrics_empty' }, 0);
  const dead = await measure({ MONGO_URL: mongo.url, MONGO_DB: 'bench_metrics_dead' }, DEAD_DELIVERIES);
  row('mongodb', 0, base);
  row('mongodb', DEAD_DELIVERIES, dead);
  // The count is the server's work (an index count in MongoDB; the stand-in reads the documents):
  // what is held against a target is that the process goes on answering meanwhile.
  mongoMet = dead.healthMs <= TARGET_HEALTH_MS;
} finally {
  await mongo.destroy();
}

console.log(`\nGET /metrics and the API's GET /health sent 2 ms into each scrape (${SCRAPES} scrapes; ms, median and slowest), with ${DEAD_DELIVERIES} dead webhook deliveries against none`);
console.table(rows);
console.log(`memory: a scrape with the dead deliveries within ${TARGET_EXTRA_MS} ms of one without, /health during it within ${TARGET_HEALTH_MS} ms (medians) ${verdict(memoryMet)}`);
console.log(`mongodb: /health during a scrape with the dead deliveries within ${TARGET_HEALTH_MS} ms (median) ${verdict(mongoMet)}`);
if (!memoryMet || !mongoMet) process.exitCode = 1;
