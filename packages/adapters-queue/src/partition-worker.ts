import { type Processor, Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { KASSA_QUEUE } from './bullmq-scheduler.js';
import type { RedisClient } from './redis-target.js';

/**
 * When a partition's worker is taken as stalled: jobs have been due on its partition for `stallMs`
 * while it started and finished none. Checked every `everyMs`.
 */
export interface StallWatch {
  readonly everyMs: number;
  readonly stallMs: number;
}

/**
 * BullMQ's own watchdog resets a blocking connection that stopped answering, but on a Cluster the
 * reset waits for ioredis' `connect()`, which never settles when a node fails its ready check
 * mid-failover (ioredis#709): the worker's fetch loop then waits for ever, silent, its jobs left in
 * `wait` (seen here: two jobs for 300 s after a master was killed). A healthy worker takes a due job
 * within its block timeout (10 s at most), so half a minute is far past health.
 */
export const STALL_WATCH: StallWatch = { everyMs: 10_000, stallMs: 30_000 };

/**
 * One partition's BullMQ worker, made again when it has stalled (BullMQ's maintainers' advice for a
 * connection that does not come back: close the worker and make a new one). The new worker has its
 * own new client; the stalled one is closed without waiting for its jobs (a job it held comes back
 * after the stalled interval; every job is idempotent).
 */
export class PartitionWorker {
  private worker: Worker;
  private client: RedisClient;
  private readonly counts: Queue;
  private readonly watch: NodeJS.Timeout;
  private lastActivity: number;
  private dueSince: number | undefined;
  private checking = false;

  constructor(
    private readonly partition: string,
    private readonly processor: Processor,
    private readonly concurrency: number,
    private readonly connect: () => RedisClient,
    private readonly release: (client: RedisClient) => void,
    // The queue's counts are read on a client of their own (the locks'), not on the worker's that may be stuck.
    countsClient: RedisClient,
    private readonly logger: Logger,
    private readonly stall: StallWatch,
    private readonly now: () => number = Date.now,
  ) {
    this.counts = new Queue(KASSA_QUEUE, { connection: countsClient, prefix: partition });
    this.counts.on('error', () => undefined);
    this.lastActivity = now();
    this.client = connect();
    this.worker = this.make(this.client);
    this.watch = setInterval(() => void this.check(), stall.everyMs);
    this.watch.unref();
  }

  private make(client: RedisClient): Worker {
    const worker = new Worker(KASSA_QUEUE, this.processor, { connection: client, prefix: this.partition, concurrency: this.concurrency });
    const active = () => {
      this.lastActivity = this.now();
      this.dueSince = undefined;
    };
    worker.on('active', active);
    worker.on('completed', active);
    worker.on('failed', (job, err) => {
      active();
      // The job's ids (a delivery's for webhook.attempt) and the request that caused it, so that the line leads somewhere.
      const data = job?.data as { projectId?: number; aggregateId?: string; requestId?: string } | undefined;
      this.logger.error({ err: { type: err.name, message: err.message }, job: job?.name, projectId: data?.projectId, aggregateId: data?.aggregateId, requestId: data?.requestId }, 'queued job failed');
    });
    worker.on('error', (err) => this.logger.error({ err: { type: err.name, message: err.message } }, 'queue worker error'));
    return worker;
  }

  /** One look: are jobs due that this worker has not touched for stallMs? Then it is made again. Public for tests. */
  async check(): Promise<'healthy' | 'due' | 'restarted'> {
    if (this.checking) return 'healthy';
    this.checking = true;
    try {
      const lookedAt = this.now();
      const counts = await this.counts.getJobCounts('wait', 'prioritized');
      // A delayed job overdue by more than stallMs: a live worker promotes due jobs within its block timeout.
      const overdue = await this.counts.getDelayedCount(lookedAt - this.stall.stallMs);
      const due = (counts.wait ?? 0) + (counts.prioritized ?? 0) + overdue > 0;
      if (!due || this.lastActivity >= lookedAt - this.stall.everyMs) {
        if (!due) this.dueSince = undefined;
        return 'healthy';
      }
      this.dueSince ??= lookedAt;
      if (lookedAt - this.dueSince < this.stall.stallMs) return 'due';
      this.logger.warn({ partition: this.partition, dueForMs: lookedAt - this.dueSince, idleForMs: lookedAt - this.lastActivity }, 'queue worker stalled: made again');
      this.restart();
      return 'restarted';
    } catch {
      // Redis unreachable for the counts: no sign of a stall, only of a failover under way.
      return 'healthy';
    } finally {
      this.checking = false;
    }
  }

  private restart(): void {
    const [stalled, client] = [this.worker, this.client];
    this.client = this.connect();
    this.worker = this.make(this.client);
    this.lastActivity = this.now();
    this.dueSince = undefined;
    stalled.removeAllListeners();
    stalled.on('error', () => undefined);
    void Promise.race([stalled.close(true), new Promise((r) => setTimeout(r, 1_000).unref())])
      .catch(() => undefined)
      .finally(() => this.release(client));
  }

  /**
   * Stops taking jobs and waits for the ones running, at most `graceMs`: on a Cluster whose master
   * died, BullMQ's close sometimes waited for ever on the blocking connection to the dead node (1 run
   * in 3 here). A job cut short comes back after the stalled interval in another worker.
   */
  async close(graceMs: number): Promise<void> {
    clearInterval(this.watch);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((r) => {
      timer = setTimeout(() => r('late'), graceMs);
    });
    const closed = await Promise.race([this.worker.close(), late]);
    clearTimeout(timer);
    if (closed === 'late') await Promise.race([this.worker.close(true), new Promise((r) => setTimeout(r, 1_000))]);
    await this.counts.close();
  }
}
