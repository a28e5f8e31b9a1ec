import { jobId, type Job, type Scheduler } from '@kassa/domain';
import { Queue, type ConnectionOptions } from 'bullmq';

/** The queue every Kassa process shares: the domain's jobs and the periodic work. */
export const KASSA_QUEUE = 'kassa-jobs';

/** What a queued job carries: the domain's job as data. */
export type QueuedJob = Pick<Job, 'name' | 'projectId' | 'aggregateId' | 'runAt' | 'requestId' | 'idempotencyKey'>;

/**
 * The domain's jobs as BullMQ delayed jobs, with the domain's deterministic ids (a job scheduled
 * twice is one job while it waits). Storage stays the source of truth: a job lost with Redis is found
 * by the due-work sweep, and every job re-loads its aggregate before it acts.
 */
export class BullmqScheduler implements Scheduler {
  constructor(
    private readonly queue: Queue,
    private readonly now: () => number = Date.now,
  ) {}

  async schedule(job: Job): Promise<void> {
    const data: QueuedJob = {
      name: job.name,
      projectId: job.projectId,
      aggregateId: job.aggregateId,
      runAt: job.runAt,
      ...(job.requestId === undefined ? {} : { requestId: job.requestId }),
      ...(job.idempotencyKey === undefined ? {} : { idempotencyKey: job.idempotencyKey }),
    };
    await this.queue.add(job.name, data, {
      jobId: jobId(job),
      delay: Math.max(0, Date.parse(job.runAt) - this.now()),
      removeOnComplete: true,
      removeOnFail: { count: 1000 },
      // A job that throws (storage briefly away) is tried again; after that the sweep finds its work.
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
    });
  }
}

/** Kassa's queue on a Redis connection (close it when done). */
export const kassaQueue = (connection: ConnectionOptions, prefix?: string): Queue => new Queue(KASSA_QUEUE, { connection, ...(prefix ? { prefix } : {}) });
