import { jobId, type Job, type Scheduler } from '@kassa-payments/domain';
import { STORED_SHAPES } from '@kassa-payments/operations';
import DataLoader from 'dataloader';
import { Queue, type ConnectionOptions } from 'bullmq';
import type { RedisClient } from './redis-target.js';

/** The queue every Kassa process shares: the domain's jobs and the periodic work. */
export const KASSA_QUEUE = 'kassa-jobs';

/**
 * What a queued job carries: the domain's job as data, and its shape (absent in the jobs 0.1.0
 * queued: 1). A worker reads the fields it knows by name, so jobs of the release before and after it
 * run alike during a rolling upgrade.
 */
export type QueuedJob = Pick<Job, 'name' | 'projectId' | 'aggregateId' | 'runAt' | 'requestId' | 'idempotencyKey' | 'traceparent'> & { readonly shape?: number };

/**
 * The domain's jobs as BullMQ delayed jobs, with the domain's deterministic ids (a job scheduled
 * twice is one job while it waits). Storage stays the source of truth: a job lost with Redis is found
 * by the due-work sweep, and every job re-loads its aggregate before it acts. The jobs scheduled in
 * one turn of the event loop go in one `addBulk` (DataLoader, its cache off): fifty charges finishing
 * side by side cost Redis one round trip, not fifty (each `schedule` still resolves once its job is in).
 */
export class BullmqScheduler implements Scheduler {
  private readonly adds: DataLoader<Job, true>;

  constructor(
    private readonly queue: Queue,
    private readonly now: () => number = Date.now,
  ) {
    this.adds = new DataLoader<Job, true>(
      async (jobs) => {
        await this.queue.addBulk(jobs.map((job) => ({ name: job.name, data: dataOf(job), opts: this.optionsOf(job) })));
        return jobs.map(() => true as const);
      },
      { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
    );
  }

  async schedule(job: Job): Promise<void> {
    await this.adds.load(job);
  }

  private optionsOf(job: Job) {
    return {
      jobId: jobId(job),
      delay: Math.max(0, Date.parse(job.runAt) - this.now()),
      removeOnComplete: true,
      removeOnFail: { count: 1000 },
      // A job that throws (storage briefly away) is tried again; after that the sweep finds its work.
      attempts: 3,
      backoff: { type: 'exponential' as const, delay: 1000 },
    };
  }
}

/** What a queued job carries: the domain's job as data. */
const dataOf = (job: Job): QueuedJob => ({
  shape: STORED_SHAPES.job,
  name: job.name,
  projectId: job.projectId,
  aggregateId: job.aggregateId,
  runAt: job.runAt,
  ...(job.requestId === undefined ? {} : { requestId: job.requestId }),
  ...(job.idempotencyKey === undefined ? {} : { idempotencyKey: job.idempotencyKey }),
  // The trace the job continues (traces on): the W3C context travels in the job's data.
  ...(job.traceparent === undefined ? {} : { traceparent: job.traceparent }),
});

/** Kassa's queue on a Redis connection: options, or a client of the caller's (close both when done). */
export const kassaQueue = (connection: ConnectionOptions | RedisClient, prefix?: string): Queue => new Queue(KASSA_QUEUE, { connection, ...(prefix ? { prefix } : {}) });
