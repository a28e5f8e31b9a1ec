import type { KassaPorts } from '../ports/kassa-ports.js';
import { eachSettled } from '../shared/each-settled.js';
import type { ApplyRetention } from './apply-retention.use-case.js';
import type { RunJob } from './run-job.use-case.js';
import { dueJobs, type DueJob } from './due-work.js';
import { scheduleDueWork } from '../application/save-and-schedule.js';
import { testClockLifecycle } from '../sandbox/test-clock.lifecycle.js';

/**
 * Due jobs run at once by one sweep: after Redis lost its jobs the sweep does all of them, and one
 * slow webhook endpoint (its attempts wait up to 15 s) must not hold the rest back.
 */
const DUE_WORK_CONCURRENCY = 10;
/** Ready test clocks a sweep looks at, in turn, and the work of each it takes at most. */
const CLOCKS_PER_SWEEP = 20;
const CLOCK_WORK_PER_SWEEP = 20;

/**
 * The safety net behind the scheduler: finds every aggregate whose next work is due and runs it.
 * Work a lost or never-scheduled job left behind is done here. One job that throws does not stop the
 * others: they all run, then the failures are thrown together for the caller to log. Returns how
 * many jobs it ran.
 */
export class RunDueWork {
  /** Where the last pass stopped among the test clocks (by id). */
  private clockCursor: string | undefined;

  constructor(
    private readonly ports: Pick<KassaPorts, 'invoices' | 'contracts' | 'subscriptions' | 'deliveries' | 'clock' | 'testClocks' | 'scheduler'>,
    private readonly runJob: RunJob,
    /** Nothing kept for ever: the sweep also applies the storage's retention (at most hourly). */
    private readonly retention?: ApplyRetention,
  ) {}

  async execute(limit = 100): Promise<number> {
    const { clock, testClocks, scheduler } = this.ports;
    const now = clock.now().toISOString();
    const jobs: DueJob[] = await dueJobs(this.ports, now, limit);
    try {
      await eachSettled(jobs, (job) => this.runJob.execute(job), 'due jobs', DUE_WORK_CONCURRENCY);
      // Test clocks after real time's work, so that a clock's trouble never holds real time's back.
      // An advance whose runner died (its lease ran out) is asked for again, not run here: it can be long.
      // At the lease's end (past), not at the first ask: a new job id, never the failed job's.
      for (const c of await testClocks.findDue(now, limit)) await scheduleDueWork(scheduler, testClockLifecycle, c, testClockLifecycle.dueAt(c) ?? now);
      const onClocks = await this.dueOnReadyClocks();
      await eachSettled(onClocks, (job) => this.runJob.execute(job), 'due jobs of test clocks', DUE_WORK_CONCURRENCY);
      return jobs.length + onClocks.length;
    } finally {
      await this.retention?.execute();
    }
  }

  /**
   * What is due by their own time on a few ready test clocks (a job that failed or was lost while its
   * clock stood still): CLOCKS_PER_SWEEP clocks a pass, in turn, so that many clocks cost a sweep little.
   */
  private async dueOnReadyClocks(): Promise<DueJob[]> {
    const clocks = await this.ports.testClocks.page(this.clockCursor, CLOCKS_PER_SWEEP);
    this.clockCursor = clocks.length < CLOCKS_PER_SWEEP ? undefined : clocks.at(-1)?.id;
    const due = await Promise.all(clocks.filter((c) => c.status === 'ready').map((c) => dueJobs(this.ports, c.frozenTime, CLOCK_WORK_PER_SWEEP, c.id)));
    return due.flat();
  }
}
