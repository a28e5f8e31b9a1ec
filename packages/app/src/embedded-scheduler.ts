import { jobId, type Job, type Scheduler } from '@kassa-payments/domain';
import type { Logger } from 'pino';

/**
 * Jobs further away than this get no timer: the due-work sweep (every few seconds) runs them when
 * they are due. Holding a timer for every invoice's 24-hour expiry cost memory and GC time.
 */
const TIMER_HORIZON_MS = 5 * 60 * 1000;

export interface EmbeddedSchedulerOptions {
  /**
   * Time is moved by whoever owns the clock (a test's or a simulation's ManualClock): a job due later
   * than the clock's now gets no real timer; it waits, held here, until `runDue` finds it due.
   */
  readonly injectedTime?: boolean;
}

/**
 * Runs jobs in this process: at once when due, else on a timer when due soon. A job that fails is
 * logged and left to the due-work sweep, which also runs the far-off jobs and those whose timers a
 * restart lost. With injected time, later jobs wait for `runDue` instead of a timer.
 */
export class EmbeddedScheduler implements Scheduler {
  private readonly timers = new Map<string, { readonly timer: NodeJS.Timeout; readonly job: Job }>();
  /** Injected time: the jobs due later than the clock's now, by id. */
  private readonly held = new Map<string, Job>();
  private readonly running = new Set<Promise<void>>();
  private run: ((job: Job) => Promise<void>) | undefined;
  private stopped = false;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => Date,
    private readonly options: EmbeddedSchedulerOptions = {},
  ) {}

  /** Set once the use cases exist (they need this scheduler first). */
  attach(run: (job: Job) => Promise<void>): void {
    this.run = run;
  }

  async schedule(job: Job): Promise<void> {
    const delay = Math.max(0, Date.parse(job.runAt) - this.now().getTime());
    const id = jobId(job);
    if (this.stopped) return;
    if (this.options.injectedTime && delay > 0) {
      this.held.set(id, job);
      return;
    }
    if (delay > TIMER_HORIZON_MS) return; // the sweep will find it when it is due
    if (this.timers.has(id)) return;
    const timer = setTimeout(() => {
      this.timers.delete(id);
      this.execute(job);
    }, delay);
    timer.unref();
    this.timers.set(id, { timer, job });
  }

  /**
   * Runs now the jobs due at the clock's now (the held ones, and those whose timer has not fired
   * yet), and waits for every running job to end. Returns how many it started.
   */
  async runDue(): Promise<number> {
    if (!this.run || this.stopped) return 0;
    const now = this.now().getTime();
    const due: Job[] = [];
    for (const [id, { timer, job }] of this.timers)
      if (Date.parse(job.runAt) <= now) {
        clearTimeout(timer);
        this.timers.delete(id);
        due.push(job);
      }
    for (const [id, job] of this.held)
      if (Date.parse(job.runAt) <= now) {
        this.held.delete(id);
        due.push(job);
      }
    for (const job of due) this.execute(job);
    await Promise.allSettled([...this.running]);
    return due.length;
  }

  /** No job running, none due at the clock's now waiting for its timer or held. */
  idle(): boolean {
    const now = this.now().getTime();
    const due = (job: Job) => Date.parse(job.runAt) <= now;
    return this.running.size === 0 && ![...this.timers.values()].some(({ job }) => due(job)) && ![...this.held.values()].some(due);
  }

  private execute(job: Job): void {
    if (!this.run || this.stopped) return;
    const p = this.run(job)
      .catch((err: unknown) => this.logger.error({ err, job: job.name, projectId: job.projectId, aggregateId: job.aggregateId, requestId: job.requestId }, 'job failed; the sweep retries it'))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Jobs running now (waiting for nothing but the event loop) and timers set or jobs held (delayed); a failed job goes to the sweep. */
  depth(): { readonly waiting: number; readonly delayed: number; readonly failed: number } {
    return { waiting: this.running.size, delayed: this.timers.size + this.held.size, failed: 0 };
  }

  /** Stops taking jobs and waits for the ones running. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.held.clear();
    await Promise.allSettled([...this.running]);
  }
}
