import { bufferedDestination, createLogger } from '@kassa-payments/app';
import { pino, type DestinationStream } from 'pino';
import { median } from './bench-common.js';

/**
 * `npm run bench`: the log destination, the question of docs/decisions.md ("Logs go through our own
 * LineWriter"). The app's logger (redaction, the card-number pass) writes request lines to
 * /dev/null through Kassa's LineWriter and through pino's own buffered destination (sonic-boom,
 * asynchronous, the same 4 KB minimum), alternating, in one process. CPU microseconds a line,
 * flushes included.
 */
const LINES = Number(process.env['BENCH_LOG_LINES'] ?? 100_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);

const line = (i: number) => ({
  req: { id: `r-${i}`, method: 'POST', url: '/api/v3/projects/1/invoices', remoteAddress: '203.0.113.7' },
  res: { statusCode: 201 },
  responseTime: 3.2,
  body: { order: { merchant_order_id: `order-${i}`, price: { amount: '10.00', currency: 'RUB' } }, customer: { type: 'mobile_phone', msisdn: '7900****567' } },
});

const destinations: Record<string, () => DestinationStream> = {
  LineWriter: () => bufferedDestination('/dev/null'),
  'pino.destination (sonic-boom)': () => pino.destination({ dest: '/dev/null', sync: false, minLength: 4096 }),
};

async function round(make: () => DestinationStream): Promise<number> {
  const logger = createLogger('info', make());
  const before = process.cpuUsage();
  for (let i = 0; i < LINES; i++) {
    logger.info(line(i), 'request finished');
    // Let the asynchronous writes run now and then, as a server's event loop would.
    if (i % 1000 === 999) await new Promise((r) => setImmediate(r));
  }
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / LINES;
}

async function main(): Promise<void> {
  for (const make of Object.values(destinations)) await round(make); // warm-up
  const results: Record<string, number[]> = Object.fromEntries(Object.keys(destinations).map((n) => [n, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? Object.entries(destinations) : Object.entries(destinations).reverse();
    for (const [name, make] of order) results[name]?.push(await round(make));
  }
  const ours = median(results['LineWriter'] ?? []);
  const theirs = median(results['pino.destination (sonic-boom)'] ?? []);
  console.log(`\nlog lines through the app's logger to /dev/null, ${LINES} a round, ${ROUNDS} rounds (order alternating), CPU per line (median)`);
  console.table(Object.entries(results).map(([name, values]) => ({ destination: name, 'µs a line': median(values).toFixed(2) })));
  console.log(`LineWriter / pino.destination: ${(ours / theirs).toFixed(2)}`);
  process.exit();
}

await main();
