import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { configSchema } from '../config.js';
import { startKassa } from '../server.js';
import { announce, BENCH_PARTNER, BENCH_PROJECT_ID } from './bench-common.js';

/** Kassa as `npm start` runs it (embedded), on free ports, for the benchmark driver. */
const dir = mkdtempSync(join(tmpdir(), 'kassa-bench-'));
const seed = join(dir, 'seed.json');
writeFileSync(seed, JSON.stringify({ partners: [{ ...BENCH_PARTNER, projects: [{ id: BENCH_PROJECT_ID, defaultPrice: { amount: '10.00', currency: 'RUB' } }] }] }));
const level = process.env['KASSA_LOG_LEVEL'] ?? 'info';
const config = configSchema.parse({ KASSA_API_PORT: '0', KASSA_PCI_PORT: '0', KASSA_WIDGET_PORT: '0', KASSA_SUBS_PORT: '0', KASSA_SEED_FILE: seed, KASSA_LOG_LEVEL: level });
// Logs go where a deployment would send them, minus the disk: an asynchronous file destination.
const kassa = await startKassa(config, { logDestination: pino.destination({ dest: '/dev/null', sync: false }) });
announce(kassa.urls.api);
process.on('SIGTERM', () => void kassa.stop().then(() => process.exit(0)));
