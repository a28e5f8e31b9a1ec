import { randomUUID } from 'node:crypto';
import { BullmqScheduler, BullmqWorker, kassaQueue, redisConnection } from '@kassa-payments/adapters-queue';
import { approveSubscription, RealTime, RunSubscriptionCharge, SystemClock, openSubscription, type Subscription, type SubscriptionRepository } from '@kassa-payments/domain';
import { TestEnvironmentBillingGateway } from '@kassa-payments/adapters-memory';
import { pino } from 'pino';
import { RandomUuids } from '@kassa-payments/app';
import { waitFor } from './bench-common.js';

// The subscription scenario of `subscriptions.bench.ts`, shared with `test-clock.bench.ts` (its baseline).
export const CONCURRENCY = 50;
/** The jobs fall due this long after they are all in the queue (the clock starts then). */
export const LEAD_MS = 2_000;
const silent = pino({ level: 'silent' });
const ids = new RandomUuids();

/** Active subscriptions whose next charge is due `dueAt` (a 60-second period, three iterations), stored. */
export async function seedActive(repository: SubscriptionRepository, count: number, dueAt: Date): Promise<Subscription[]> {
  const activatedAt = new Date(dueAt.getTime() - 60_000).toISOString();
  const made: Subscription[] = [];
  for (let i = 0; i < count; i += 1) {
    const opened = openSubscription({
      id: ids.newId(),
      projectId: 1,
      acceptanceChannel: 'SMS_PIN',
      subscriberMsisdn: `7902${String(i).padStart(7, '0')}`,
      subscriberId: null,
      country: 'ru',
      operatorId: 22,
      pinDigest: 'bench-digest',
      billing: { periodSeconds: 60, maxIterations: 3, expectedResult: 'Success', amount: { minor: 1000, currency: 'RUB' } },
      now: activatedAt,
    });
    const active = approveSubscription(opened, 'bench-digest', { now: activatedAt, newId: () => ids.newId() }).next;
    if (active?.state !== 'active') throw new Error('seeding: the subscription did not activate');
    // Stored as it stands after its activation (its first version, with no events left to relay).
    made.push({ ...active, version: 1 });
  }
  for (let i = 0; i < made.length; i += 200) await Promise.all(made.slice(i, i + 200).map((s) => repository.create(s, [])));
  return made;
}

/** Kassa: the subscriptions' charge jobs on Kassa's queue, due at once, run by BullmqWorker. Charges per second. */
export async function kassaRound(redisUrl: string, repository: SubscriptionRepository, count: number): Promise<number> {
  const connection = redisConnection(redisUrl);
  const prefix = `bench-subs-${randomUUID()}`;
  const queue = kassaQueue(connection, prefix);
  const scheduler = new BullmqScheduler(queue);
  // Due from now; their jobs fire together once they are all in the queue.
  const subscriptions = await seedActive(repository, count, new Date());
  const clock = new SystemClock();
  const charge = new RunSubscriptionCharge({
    subscriptions: repository,
    gateway: new TestEnvironmentBillingGateway(),
    clock,
    time: new RealTime(clock),
    ids,
    scheduler,
  });
  let charged = 0;
  const worker = await BullmqWorker.start(
    connection,
    {
      runJob: async (job) => {
        const r = await charge.execute({ projectId: job.projectId, subscriptionId: job.aggregateId });
        if (r.ok && r.value) charged += 1;
      },
      runDueWork: async () => undefined,
      relayEvents: async () => undefined,
    },
    silent,
    { prefix, concurrency: CONCURRENCY, sweepEveryMs: 600_000, relayEveryMs: 600_000 },
  );
  // The jobs as activation scheduled them, all due at one moment shortly after they are in.
  const due = Date.now() + LEAD_MS + count / 10;
  for (let i = 0; i < subscriptions.length; i += 500) {
    await Promise.all(subscriptions.slice(i, i + 500).map((s) => scheduler.schedule({ name: 'subscription.charge', projectId: 1, aggregateId: s.id, runAt: new Date(due).toISOString() })));
  }
  await waitFor(() => Date.now() >= due, 600_000, 'the due moment');
  const started = performance.now();
  await waitFor(() => charged >= count, 600_000, 'every subscription charged');
  const rate = count / ((performance.now() - started) / 1000);
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  return rate;
}
