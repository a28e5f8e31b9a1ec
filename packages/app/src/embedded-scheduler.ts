import { jobId, type Job, type Scheduler } from '@kassa/domain';
import type { Logger } from 'pino';

const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs jobs in this process: at once when due, else on a timer. A job that fails is logged and left
 * to the due-work sweep, which also covers timers lost with a restart (in-memory storage loses
 * the data too) and delays beyond what a timer can hold.
 */
export class EmbeddedScheduler implements Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private run: ((job: Job) => Promise<void>) | undefined;
  private stopped = false;

  constructor(private readonly logger: Logger, private readonly now: () => Date) {}

  /** Set once the use cases exist (they need this scheduler first). */
  attach(run: (job: Job) => Promise<void>): void {
    this.run = run;
  }

  async schedule(job: Job): Promise<void> {
    const id = jobId(job);
    if (this.stopped || this.timers.has(id)) return;
    const delay = Math.max(0, Date.parse(job.runAt) - this.now().getTime());
    if (delay > MAX_TIMER_MS) return; // the sweep will find it when it is due
    const timer = setTimeout(() => {
      this.timers.delete(id);
      this.execute(job);
    }, delay);
    timer.unref();
    this.timers.set(id, timer);
  }

  private execute(job: Job): void {
    if (!this.run || this.stopped) return;
    const p = this.run(job)
      .catch((err: unknown) => this.logger.error({ err, job: job.name, id: job.aggregateId }, 'job failed; the sweep retries it'))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Stops taking jobs and waits for the ones running. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
