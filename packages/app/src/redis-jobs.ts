import {
  BullmqScheduler,
  BullmqWorker,
  claimPartitions,
  kassaQueue,
  needsHashTags,
  PARTITIONS_CLAIM_TTL_MS,
  PartitionedScheduler,
  PartitionsMismatch,
  partitionPrefix,
  partitionsKey,
  redisClient,
  type RedisTarget,
} from '@kassa-payments/adapters-queue';
import { WEBHOOK_TIMEOUT_MS } from '@kassa-payments/adapters-webhooks';
import type { Logger } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobWork } from './job-work.js';
import { drainRounds, type Jobs } from './jobs.js';

/** Where the queue lives and how it is cut (settings.jobs). */
export interface RedisJobsOptions {
  readonly target: RedisTarget;
  readonly prefix: string;
  /** KASSA_QUEUE_PARTITIONS: queues, each its own hash tag on a Cluster, jobs routed by project. */
  readonly partitions: number;
  /** KASSA_JOB_CONCURRENCY: jobs a worker runs at once over all the partitions (default 50). */
  readonly concurrency?: number;
  readonly runsJobs: boolean;
}

/**
 * BullMQ on Redis (one server, a master behind Sentinel, or a Cluster): every role schedules into
 * the queues; `all` and `worker` also run them.
 */
export function redisJobs(options: RedisJobsOptions, logger: Logger): Jobs {
  const { target, runsJobs } = options;
  const prefixes = Array.from({ length: options.partitions }, (_, n) => partitionPrefix(options.prefix, n, options.partitions, needsHashTags(target)));
  // One producer client shared by the partitions' queues (BullMQ leaves a client it is given open).
  const client = redisClient(target, 'producer');
  const queues = prefixes.map((prefix) => kassaQueue(client, prefix));
  // Without a listener ioredis prints Redis trouble to the console, outside the structured log.
  for (const queue of queues) queue.on('error', (err) => logger.error({ err: { type: err.name, message: err.message } }, 'queue error'));
  const schedulers = queues.map((queue) => new BullmqScheduler(queue));
  let worker: BullmqWorker | undefined;
  let started: JobWork | undefined;
  // Every process records its partition count and renews it: one started with another count than
  // the running ones' refuses to start (its jobs would go to queues their workers never read).
  const claimKey = partitionsKey(options.prefix, needsHashTags(target));
  let renewClaim: NodeJS.Timeout | undefined;
  let mismatch: PartitionsMismatch | undefined;
  let stopped = false;
  const claimOnce = async () => {
    try {
      await claimPartitions(client, claimKey, options.partitions);
      mismatch = undefined;
    } catch (e) {
      if (e instanceof PartitionsMismatch) mismatch = e;
      throw e;
    }
  };
  return {
    kind: 'redis',
    scheduler: schedulers.length === 1 ? (schedulers[0] as BullmqScheduler) : new PartitionedScheduler(schedulers),
    async claim(signal) {
      // The producer's connection fails at once while it is not up yet. A worker, which can do
      // nothing without Redis, waits for it; an api process waits 2 s at most and starts (it answers
      // without Redis), then tries every second until it has claimed.
      const started = Date.now();
      // A worker says at its first failure that it waits (then every 10 s): its operator sees why it has not started.
      let warned = runsJobs ? started - 10_000 : started;
      let claimed = false;
      for (;;) {
        try {
          await claimOnce();
          claimed = true;
          break;
        } catch (e) {
          if (e instanceof PartitionsMismatch) throw e;
          const waited = Date.now() - started;
          if (!runsJobs && waited > 2_000) {
            logger.warn({ err: { type: (e as Error).name, message: (e as Error).message } }, 'queue partitions not recorded yet: Redis did not answer');
            break;
          }
          if (Date.now() - warned > 10_000) {
            warned = Date.now();
            logger.warn({ err: { type: (e as Error).name, message: (e as Error).message }, waitedMs: waited }, 'waiting for Redis to record the queue partitions');
          }
          // A stop asked for meanwhile (SIGTERM while a worker waits for Redis) ends the wait: it rejects.
          await sleep(200, undefined, signal ? { signal } : {});
        }
      }
      if (stopped) return;
      // A mismatch found later (the record ran out while Redis was away, and a process with another
      // count took it; or, on an api process, the first claim made after its start) makes this process
      // not ready: its readiness names it, an alert follows.
      const renewEvery = (ms: number) => {
        clearInterval(renewClaim);
        if (stopped) return;
        // Redis answered (a claim, or a mismatch: said every 20 s, not every second, while readiness
        // holds it): the first claim is made, and the renewal slows to its pace.
        const answered = () => {
          if (claimed) return;
          claimed = true;
          renewEvery(PARTITIONS_CLAIM_TTL_MS / 3);
        };
        renewClaim = setInterval(
          () =>
            void claimOnce().then(answered, (e: Error) => {
              if (!(e instanceof PartitionsMismatch)) return;
              logger.error({ partitions: e.mine, recorded: e.recorded }, e.message);
              answered();
            }),
          ms,
        );
        renewClaim.unref();
      };
      renewEvery(claimed ? PARTITIONS_CLAIM_TTL_MS / 3 : 1_000);
    },
    async layoutAgrees() {
      if (mismatch) throw mismatch;
    },
    async drainDue() {
      const work = started;
      if (!work) return 0;
      return drainRounds(async () => ({ ran: stopped ? 0 : (await work.runDueWork()) + (await work.relayEvents()), settled: true }));
    },
    async start(work) {
      started = work;
      if (runsJobs)
        worker = await BullmqWorker.start(
          () => redisClient(target, 'worker'),
          { runJob: (job) => work.runJob(job), runDueWork: () => work.runDueWork(), relayEvents: () => work.relayEvents() },
          logger,
          {
            prefixes,
            ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
            // A stop waits out a webhook attempt (its 15 s timeout) before it gives a running job up.
            closeGraceMs: WEBHOOK_TIMEOUT_MS + 5_000,
          },
        );
    },
    async stop() {
      stopped = true;
      clearInterval(renewClaim);
      await worker?.close();
      await Promise.all(queues.map((q) => q.close()));
      client.disconnect();
    },
    async depth() {
      const all = await Promise.all(queues.map((q) => q.getJobCounts('waiting', 'delayed', 'failed')));
      const sum = (state: string) => all.reduce((n, counts) => n + (counts[state] ?? 0), 0);
      return { waiting: sum('waiting'), delayed: sum('delayed'), failed: sum('failed') };
    },
    async ping() {
      // One round trip to each partition's Redis through the producer's connection, which fails at once while Redis is away.
      await Promise.all(queues.map((q) => q.getJobCounts('waiting')));
    },
  };
}
