import { jobId, type Job, type Scheduler } from '@kassa-payments/domain';
import type { Logger } from 'pino';

/**
 * Jobs further away than this get no timer: the due-work sweep (every few seconds) runs them when
 * they are due. Holding a timer for every invoice's 24-hour expiry cost memory and GC time.
 */
const TIMER_HORIZON_MS = 5 * 60 * 1000;

/**
 * Runs jobs in this process: at once when due, else on a timer when due soon. A job that fails is
 * logged and left to the due-work sweep, which also runs the far-off jobs and those whose timers a
 * restart lost.
 */
export class EmbeddedScheduler implements Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private run: ((job: Job) => Promise<void>) | undefined;
  private stopped = false;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  /** Set once the use cases exist (they need this scheduler first). */
  attach(run: (job: Job) => Promise<void>): void {
    this.run = run;
  }

  async schedule(job: Job): Promise<void> {
    const delay = Math.max(0, Date.parse(job.runAt) - this.now().getTime());
    if (delay > TIMER_HORIZON_MS) return; // the sweep will find it when it is due
    const id = jobId(job);
    if (this.stopped || this.timers.has(id)) return;
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
      .catch((err: unknown) => this.logger.error({ err, job: job.name, projectId: job.projectId, aggregateId: job.aggregateId, requestId: job.requestId }, 'job failed; the sweep retries it'))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Jobs running now (waiting for nothing but the event loop) and timers set (delayed); a failed job goes to the sweep. */
  depth(): { readonly waiting: number; readonly delayed: number; readonly failed: number } {
    return { waiting: this.running.size, delayed: this.timers.size, failed: 0 };
  }

  /** Stops taking jobs and waits for the ones running. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
