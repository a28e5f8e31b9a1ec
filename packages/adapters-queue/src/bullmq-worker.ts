import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import { KASSA_QUEUE, type QueuedJob } from './bullmq-scheduler.js';

/** What a worker runs: the domain's jobs, the due-work sweep and the event relay. */
export interface QueueWork {
  runJob(job: QueuedJob): Promise<void>;
  runDueWork(): Promise<unknown>;
  relayEvents(): Promise<unknown>;
}

export interface WorkerOptions {
  readonly concurrency?: number;
  /** How often the sweep runs (one BullMQ job scheduler: one worker at a time runs each tick). */
  readonly sweepEveryMs?: number;
  readonly relayEveryMs?: number;
  /** BullMQ's key prefix: several Kassa deployments (or test runs) can share one Redis. */
  readonly prefix?: string;
}

const SWEEP = 'kassa.sweep';
const RELAY = 'kassa.relay';

/**
 * A BullMQ worker for Kassa's queue: the domain's jobs, and the periodic sweep and relay, each a job
 * scheduler, so N workers share them. A worker killed mid-job loses nothing: BullMQ hands the job to
 * another worker after the stalled interval, and every job is idempotent (at-least-once).
 */
export class BullmqWorker {
  private constructor(
    private readonly worker: Worker,
    private readonly queue: Queue,
  ) {}

  static async start(connection: ConnectionOptions, work: QueueWork, logger: Logger, options: WorkerOptions = {}): Promise<BullmqWorker> {
    const prefix = options.prefix ?? 'bull';
    const queue = new Queue(KASSA_QUEUE, { connection, prefix });
    await queue.upsertJobScheduler(SWEEP, { every: options.sweepEveryMs ?? 5_000 }, { name: SWEEP, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } });
    await queue.upsertJobScheduler(RELAY, { every: options.relayEveryMs ?? 500 }, { name: RELAY, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } });
    const worker = new Worker(
      KASSA_QUEUE,
      async (job) => {
        if (job.name === SWEEP) return void (await work.runDueWork());
        if (job.name === RELAY) return void (await work.relayEvents());
        await work.runJob(job.data as QueuedJob);
      },
      { connection, prefix, concurrency: options.concurrency ?? 50 },
    );
    worker.on('failed', (job, err) => logger.error({ err: { type: err.name, message: err.message }, job: job?.name }, 'queued job failed'));
    worker.on('error', (err) => logger.error({ err: { type: err.name, message: err.message } }, 'queue worker error'));
    queue.on('error', (err) => logger.error({ err: { type: err.name, message: err.message } }, 'queue error'));
    return new BullmqWorker(worker, queue);
  }

  /** Stops taking jobs and waits for the ones running. */
  async close(): Promise<void> {
    await this.worker.close();
    await this.queue.close();
  }
}
