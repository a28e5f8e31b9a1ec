import { inMemoryPorts } from '@kassa-payments/adapters-memory';
import { InMemorySubscriptionRepository } from '@kassa-payments/adapters-memory';
import { approveSubscription, kassaUseCases, openSubscription, PRODUCTION_PERIOD_SECONDS, type Subscription } from '@kassa-payments/domain';
import { startRedisServer } from '../servers/redis-server.js';
import { median, verdict } from './bench-common.js';
import { kassaRound } from './subscription-rounds.js';

// `node packages/devkit/dist/bench/test-clock.bench.js`: a test clock with 800 attached active
// subscriptions on the production period (30 days) advanced by a year: 9,600 charges (an advance's
// budget is 10,000 pieces of work), each at its own time, each recorded with its event relayed to the
// event log, in memory, in process. Against the
// subscription scenario of subscriptions.bench.ts (charges falling due at once, run by BullmQ on
// Redis, in memory) with as many charges, side by side, alternating. Target: at least 0.5 of its rate.
const SUBSCRIPTIONS = Number(process.env['BENCH_CLOCK_SUBSCRIPTIONS'] ?? 800);
const T0 = '2027-01-01T00:00:00.000Z';
const YEAR_LATER = '2028-01-01T00:00:00.000Z';

/** One advance of a fresh clock with `count` subscriptions: the time it took and the charges it made. */
async function clockRound(count: number): Promise<{ readonly seconds: number; readonly charges: number }> {
  const ports = inMemoryPorts();
  const useCases = kassaUseCases(ports);
  const created = await useCases.testClocks.create({ projectId: 1, frozenTime: T0, name: 'bench' });
  if (!created.ok) throw new Error('the clock was not created');
  const testClockId = created.value.id;
  for (let i = 0; i < count; i += 1) {
    const opened = openSubscription({
      id: ports.ids.newId(),
      projectId: 1,
      acceptanceChannel: 'SMS_PIN',
      subscriberMsisdn: `7903${String(i).padStart(7, '0')}`,
      subscriberId: null,
      country: 'ru',
      operatorId: 22,
      pinDigest: 'bench-digest',
      billing: { periodSeconds: PRODUCTION_PERIOD_SECONDS, maxIterations: 100, expectedResult: 'Success', amount: { minor: 1000, currency: 'RUB' } },
      now: T0,
      testClockId,
    });
    const active = approveSubscription(opened, 'bench-digest', { now: T0, newId: () => ports.ids.newId() }).next as Subscription;
    await ports.subscriptions.create({ ...active, version: 1 }, []);
  }
  const advance = await useCases.testClocks.advance({ projectId: 1, testClockId, frozenTime: YEAR_LATER });
  if (!advance.ok) throw new Error('the advance did not start');
  const started = performance.now();
  const finished = await useCases.runTestClockAdvance.execute({ projectId: 1, testClockId });
  const seconds = (performance.now() - started) / 1000;
  if (!finished.ok || !finished.value) throw new Error('the advance did not finish');
  const subscriptions = await ports.subscriptions.list(1, undefined, count);
  return { seconds, charges: subscriptions.reduce((n, s) => n + s.successfulCharges, 0) };
}

async function main(): Promise<void> {
  const ownRedis = process.env['REDIS_URL'] ? undefined : await startRedisServer();
  const redisUrl = process.env['REDIS_URL'] ?? (ownRedis?.url as string);
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? 3);
  const charges = SUBSCRIPTIONS * 12;
  // Warm-ups of both, as in subscriptions.bench.ts.
  await clockRound(200);
  await kassaRound(redisUrl, new InMemorySubscriptionRepository(), 5_000);
  const rows: Record<string, string | number>[] = [];
  const ratios: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const clockFirst = round % 2 === 1;
    let clock = { seconds: 0, charges: 0 };
    let scenario = 0;
    for (const which of clockFirst ? ['clock', 'scenario'] : ['scenario', 'clock']) {
      if (which === 'clock') clock = await clockRound(SUBSCRIPTIONS);
      else scenario = await kassaRound(redisUrl, new InMemorySubscriptionRepository(), charges);
    }
    if (clock.charges !== charges) throw new Error(`the advance made ${clock.charges} charges, not ${charges}`);
    const rate = clock.charges / clock.seconds;
    ratios.push(rate / scenario);
    rows.push({ round, 'advance s': clock.seconds.toFixed(2), 'clock charges/s': Math.round(rate), 'scenario charges/s': Math.round(scenario), ratio: (rate / scenario).toFixed(2) });
  }
  console.log(`\na test clock with ${SUBSCRIPTIONS} subscriptions (30-day period) advanced by a year: ${charges} charges, against the subscription scenario (BullMQ, in memory)`);
  console.table(rows);
  const m = median(ratios);
  console.log(`clock/scenario charges per second (median) ${m.toFixed(2)} (target >= 0.5) ${verdict(m >= 0.5)}`);
  await ownRedis?.destroy();
  process.exit();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
