import { subscribe } from 'node:diagnostics_channel';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configSchema } from '@kassa-payments/app';
import { bufferedDestination } from '@kassa-payments/app';
import { startKassa, type BenchmarkSwitch } from '@kassa-payments/app';
import { announce, BENCH_PARTNER, BENCH_PROJECT_ID } from './bench-common.js';
import { FREE_PORTS } from '../servers/free-ports.js';

/** Kassa as `npm start` runs it (embedded), on free ports, for the benchmark driver. */
const dir = mkdtempSync(join(tmpdir(), 'kassa-bench-'));
const seed = join(dir, 'seed.json');
// A scenario may bring its own seed (BENCH_SEED, JSON): the test clock probe's notification URL, say.
writeFileSync(seed, process.env['BENCH_SEED'] ?? JSON.stringify({ partners: [{ ...BENCH_PARTNER, projects: [{ id: BENCH_PROJECT_ID, defaultPrice: { amount: '10.00', currency: 'RUB' } }] }] }));
const level = process.env['KASSA_LOG_LEVEL'] ?? 'info';
const storage = process.env['MONGO_URL'] ? { MONGO_URL: process.env['MONGO_URL'], MONGO_DB: process.env['MONGO_DB'] ?? 'kassa_bench' } : {};
const config = configSchema.parse({
  ...FREE_PORTS,
  // Memory only unless the benchmark asks for the data folder (BENCH_DATA_DIR).
  KASSA_DATA_DIR: process.env['BENCH_DATA_DIR'] ?? '',
  KASSA_SEED_FILE: seed,
  KASSA_LOG_LEVEL: level,
  // A scenario that poses as many clients names them in X-Forwarded-For (the memory bench's sign-ins).
  ...(process.env['KASSA_TRUST_PROXY'] ? { KASSA_TRUST_PROXY: process.env['KASSA_TRUST_PROXY'] } : {}),
  ...storage,
});
// Logs go through the app's own buffered writer, to /dev/null instead of a terminal.
// BENCH_OFF: what the JSON benchmark's cost table switches off (recording, metrics, idempotency, signature-uses).
const benchmarkOff = (process.env['BENCH_OFF'] ?? '').split(',').filter((s): s is BenchmarkSwitch => ['recording', 'metrics', 'idempotency', 'signature-uses'].includes(s));
const kassa = await startKassa(config, { logDestination: bufferedDestination('/dev/null'), benchmarkOff }).finally(() => {
  // The seed is read once, at start: no kassa-bench-* folder stays behind.
  rmSync(dir, { recursive: true, force: true });
});
// BENCH_BUSY_US: that much busy work on every request, as a slower build would do (the hot-path guard's own test).
const busyUs = Number(process.env['BENCH_BUSY_US'] ?? 0);
if (busyUs > 0)
  subscribe('http.server.request.start', () => {
    const until = process.hrtime.bigint() + BigInt(busyUs * 1000);
    while (process.hrtime.bigint() < until);
  });
announce(kassa.urls.api, kassa.storage, kassa.urls);
// Started with --expose-gc, SIGUSR2 collects the garbage: a benchmark reads what the heap really holds.
process.on('SIGUSR2', () => (globalThis as { gc?: () => void }).gc?.());
process.on('SIGTERM', () => void kassa.stop().then(() => process.exit(0)));
