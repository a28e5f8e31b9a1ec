import { type Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { KASSA_QUEUE, type QueuedJob } from './bullmq-scheduler.js';
import { PartitionWorker, STALL_WATCH, type StallWatch } from './partition-worker.js';
import type { RedisConnection } from './redis-connection.js';
import { runExclusive } from './redis-lock.js';
import type { RedisClient } from './redis-target.js';

/**
 * Where the worker's clients come from: options for one server (each client made from them), or a
 * function making a new client (Sentinel, Cluster; with `maxRetriesPerRequest: null`). The worker
 * closes every client it made.
 */
export type WorkerConnection = RedisConnection | (() => RedisClient);

/** What a worker runs: the domain's jobs, the due-work sweep and the event relay. */
export interface QueueWork {
  runJob(job: QueuedJob): Promise<void>;
  runDueWork(): Promise<unknown>;
  relayEvents(): Promise<unknown>;
}

export interface WorkerOptions {
  /**
   * Jobs this worker runs at once (default 50), over all its partitions: each partition's BullMQ
   * worker takes its share (rounded up), so that more partitions do not mean more jobs at once.
   */
  readonly concurrency?: number;
  /** How often the sweep runs (one BullMQ job scheduler: one worker at a time runs each tick). */
  readonly sweepEveryMs?: number;
  readonly relayEveryMs?: number;
  /** How often the worker puts the sweep's and relay's schedulers back, should Redis have lost them. */
  readonly schedulersRefreshMs?: number;
  /** BullMQ's key prefix: several Kassa deployments (or test runs) can share one Redis. */
  readonly prefix?: string;
  /**
   * The partitions' prefixes (KASSA_QUEUE_PARTITIONS; instead of `prefix`): the worker takes jobs
   * from every one; the sweep's and relay's schedulers and locks live in the first.
   */
  readonly prefixes?: readonly string[];
  /**
   * How long `close()` waits for the running jobs (default 20 s): longer than the longest job (a
   * webhook attempt's 15 s timeout), so that a stop does not cut one that would have finished.
   */
  readonly closeGraceMs?: number;
  /** When a partition's worker is taken as stalled and made again (default STALL_WATCH: jobs due 30 s, none taken). */
  readonly stallWatch?: StallWatch;
}

const CLOSE_GRACE_MS = 20_000;

const SWEEP = 'kassa.sweep';
const RELAY = 'kassa.relay';
/**
 * How long a periodic run holds its lock should its worker die mid-run. A run that takes longer
 * lets the next one start beside it, which only repeats work (every step is idempotent); a dead
 * worker's lock holds the relay back this long.
 */
const PERIODIC_LEASE_MS = 15_000;
/**
 * How long a periodic run holds its lock at most. A run hung on a call to a server that died (a
 * Cluster master's connection that never answers) would otherwise renew its lease for ever and stop
 * the relay or the sweep in every worker; past this the next tick runs beside it (redis-lock.ts).
 * The relay only reads and writes storage and adds jobs: a minute is far past a healthy run. The
 * sweep runs due jobs inline, webhook attempts among them (15 s each, 10 at a time, up to 100 and the
 * test clocks' 100): ten minutes, so that a healthy sweep after a failover's backlog is never doubled.
 */
const PERIODIC_MAX_HOLD_MS: Readonly<Record<string, number>> = { [RELAY]: 60_000, [SWEEP]: 600_000 };

/**
 * A BullMQ worker for Kassa's queue: the domain's jobs, and the periodic sweep and relay, each a job
 * scheduler, so N workers share them. A worker killed mid-job loses nothing: BullMQ hands the job to
 * another worker after the stalled interval, and every job is idempotent (at-least-once).
 */
export class BullmqWorker {
  private constructor(
    private readonly workers: readonly PartitionWorker[],
    private readonly queue: Queue,
    private readonly clients: readonly RedisClient[],
    private readonly refresh: NodeJS.Timeout,
    private readonly closeGraceMs: number,
  ) {}

  static async start(connection: WorkerConnection, work: QueueWork, logger: Logger, options: WorkerOptions = {}): Promise<BullmqWorker> {
    const prefixes = options.prefixes ?? [options.prefix ?? 'bull'];
    const prefix = prefixes[0] as string;
    const clients: RedisClient[] = [];
    const connect = () => {
      const client = typeof connection === 'function' ? connection() : new Redis({ ...connection });
      clients.push(client);
      return client;
    };
    const queue = new Queue(KASSA_QUEUE, { connection: connect(), prefix });
    const locks = connect();
    locks.on('error', (err: Error) => logger.error({ err: { type: err.name, message: err.message } }, 'queue lock connection error'));
    const upsertSchedulers = () =>
      Promise.all([
        queue.upsertJobScheduler(SWEEP, { every: options.sweepEveryMs ?? 5_000 }, { name: SWEEP, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } }),
        queue.upsertJobScheduler(RELAY, { every: options.relayEveryMs ?? 500 }, { name: RELAY, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } }),
      ]);
    try {
      await upsertSchedulers();
    } catch (e) {
      // Redis refused at the start: nothing of this worker may stay behind, retrying for ever.
      await queue.close();
      for (const client of clients) client.disconnect();
      throw e;
    }
    // A Redis that lost its data (restarted without persistence, failed over) lost the schedulers
    // too, and with them the sweep that finds the lost jobs' work: every worker puts them back, at
    // once when its connection comes back, and every so often for a loss without a disconnection.
    locks.on('ready', () => void upsertSchedulers().catch(() => undefined));
    const refresh = setInterval(
      () => upsertSchedulers().catch((err: Error) => logger.warn({ err: { type: err.name, message: err.message } }, 'job schedulers not refreshed')),
      options.schedulersRefreshMs ?? 30_000,
    );
    refresh.unref();
    const periodic: Record<string, () => Promise<unknown>> = { [SWEEP]: () => work.runDueWork(), [RELAY]: () => work.relayEvents() };
    // One BullMQ worker per partition, each with its share of the concurrency: a partition's backlog
    // does not hold another's jobs back, and the process runs no more jobs at once for having more partitions.
    const share = Math.ceil((options.concurrency ?? 50) / prefixes.length);
    const processor = async (job: Job) => {
      const run = periodic[job.name];
      // A tick that finds the previous run (here or in another worker) still going is skipped.
      if (run)
        return void (await runExclusive(locks, `${prefix}:${KASSA_QUEUE}:lock:${job.name}`, PERIODIC_LEASE_MS, run, {
          maxHoldMs: PERIODIC_MAX_HOLD_MS[job.name] as number,
          onOverrun: () => logger.warn({ job: job.name, maxHoldMs: PERIODIC_MAX_HOLD_MS[job.name] }, 'periodic run still going: its lock is let go, the next tick runs beside it'),
        }));
      await work.runJob(job.data as QueuedJob);
    };
    const release = (client: RedisClient) => {
      clients.splice(clients.indexOf(client), 1);
      client.disconnect();
    };
    const workers = prefixes.map((partition) => new PartitionWorker(partition, processor, share, connect, release, locks, logger, options.stallWatch ?? STALL_WATCH));
    queue.on('error', (err) => logger.error({ err: { type: err.name, message: err.message } }, 'queue error'));
    return new BullmqWorker(workers, queue, clients, refresh, options.closeGraceMs ?? CLOSE_GRACE_MS);
  }

  /** Stops taking jobs and waits for the ones running, at most `graceMs` (the worker's closeGraceMs) for each partition's worker. */
  async close(graceMs = this.closeGraceMs): Promise<void> {
    clearInterval(this.refresh);
    await Promise.all(this.workers.map((w) => w.close(graceMs)));
    await this.queue.close();
    // BullMQ leaves the clients it was given open (their blocking duplicates it closes itself).
    for (const client of this.clients) client.disconnect();
  }
}
