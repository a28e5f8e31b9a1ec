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
import type { Clock, Scheduler } from '@kassa-payments/domain';
import type { Logger } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import { every, type Loop } from './background.js';
import { EmbeddedScheduler } from './embedded-scheduler.js';
import type { JobWork } from './job-work.js';

/** Where jobs go and who runs them: in this process, or BullMQ on Redis (shared by N processes). */
export interface Jobs {
  readonly kind: 'in-process' | 'redis';
  readonly scheduler: Scheduler;
  /**
   * Records this process's queue layout (KASSA_QUEUE_PARTITIONS) as the deployment's and renews it;
   * throws PartitionsMismatch when the running processes' differs. Called before anything is
   * written or served. A no-op in process.
   */
  claim(signal?: AbortSignal): Promise<void>;
  /** Throws while the layout last read from the deployment is not this process's (readiness). */
  layoutAgrees(): Promise<void>;
  /** Starts running jobs here (a no-op for an api-only process on Redis). */
  start(work: JobWork): Promise<void>;
  /**
   * For tests and simulations that move the clock: runs, round after round until a round finds
   * nothing due at the clock's now, the jobs due (in process: the scheduler's, held or on a timer),
   * the due-work sweep and the event relay, each beside no run of its own loop; returns how many
   * things ran. On Redis only the sweep and the relay run here (BullMQ's delayed jobs keep real
   * time; the sweep finds their work once it is due by the clock). A sweep or relay that fails
   * rejects it. 0 before `start` and after `stop`.
   */
  drainDue(): Promise<number>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  /** Jobs by state (the metrics). */
  depth(): Promise<Readonly<Record<'waiting' | 'delayed' | 'failed', number>>>;
  /** Answers when the queue's store does (Redis); throws otherwise (readiness). */
  ping(): Promise<void>;
}

const SWEEP_MS = 5_000;
const RELAY_MS = 200;
/** Rounds of a drain before it gives up: work that falls due again at the same now would loop for ever. */
const DRAIN_ROUNDS = 100;

/** Rounds of `round` until one ran nothing and left nothing under way: how many things ran in all. */
async function drainRounds(round: () => Promise<{ readonly ran: number; readonly settled: boolean }>): Promise<number> {
  let total = 0;
  for (let n = 0; n < DRAIN_ROUNDS; n += 1) {
    const { ran, settled } = await round();
    total += ran;
    if (ran === 0 && settled) return total;
  }
  throw new Error(`work still due after ${DRAIN_ROUNDS} rounds of draining: something falls due again at the same time`);
}

/** The things the runs did: each run's count (a run that returned none, or failed, did none). */
const counted = (results: readonly unknown[]): number => results.reduce<number>((sum, n) => sum + (typeof n === 'number' ? n : 0), 0);

/**
 * Embedded: timers for near jobs, the due-work sweep every 5 s, the relay every 200 ms. With a
 * `clock` given the scheduler reads it; one that moves only when its owner moves it ('when-told', a
 * test's ManualClock) sets no real timer for a job due later: it runs when `drainDue` finds it due.
 */
export function inProcessJobs(logger: Logger, clock?: Clock, moves: 'when-told' | 'by-itself' = 'when-told'): Jobs {
  const scheduler = clock ? new EmbeddedScheduler(logger, () => clock.now(), { injectedTime: moves === 'when-told' }) : new EmbeddedScheduler(logger, () => new Date());
  let loops: { readonly sweep: Loop; readonly relay: Loop } | undefined;
  let stopped = false;
  return {
    kind: 'in-process',
    scheduler,
    claim: async () => {},
    layoutAgrees: async () => {},
    async start(work) {
      scheduler.attach((job) => work.runJob(job));
      loops = { sweep: every(SWEEP_MS, () => work.runDueWork(), logger, 'due-work sweep'), relay: every(RELAY_MS, () => work.relayEvents(), logger, 'event relay') };
    },
    async drainDue() {
      const { sweep, relay } = loops ?? {};
      if (!sweep || !relay) return 0;
      return drainRounds(async () => {
        if (stopped) return { ran: 0, settled: true };
        // The sweep and the relay first, then the jobs: what they scheduled for now (a delivery the
        // relay made due at once, on a 0 ms timer) runs in this round, and the round ends only once
        // every job it started has ended.
        const swept = counted(await sweep.runNow());
        const relayed = counted(await relay.runNow());
        const ran = swept + relayed + (await scheduler.runDue());
        // A loop's own run that began meanwhile, or a job due now still to start: another round.
        return { ran, settled: !sweep.busy() && !relay.busy() && scheduler.idle() };
      });
    },
    async stop() {
      stopped = true;
      await Promise.all(Object.values(loops ?? {}).map((l) => l.stop()));
      await scheduler.stop();
    },
    depth: async () => scheduler.depth(),
    ping: async () => {},
  };
}

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
