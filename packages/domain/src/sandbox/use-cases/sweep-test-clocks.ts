import { dueJobs, type DueJob, type JobRunner } from '../../jobs/due-work.js';
import { scheduleDueWork } from '../../application/save-and-schedule.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { eachSettled } from '../../shared/each-settled.js';
import { testClockLifecycle } from '../test-clock.js';

/** Jobs of test clocks run at once by one sweep (as the sweep runs real time's). */
const DUE_WORK_CONCURRENCY = 10;
/** Ready test clocks a sweep looks at, in turn, and the work of each it takes at most. */
const CLOCKS_PER_SWEEP = 20;
const CLOCK_WORK_PER_SWEEP = 20;

/**
 * The test clocks' share of the due-work sweep (RunDueWork runs it after real time's work, so that a
 * clock's trouble never holds real time's back). An advance whose runner died (its lease ran out) is
 * asked for again, not run here: it can be long. Then what is due by their own time on a few ready
 * clocks (a job that failed or was lost while its clock stood still) runs. Returns how many jobs ran.
 */
export class SweepTestClocks {
  /** Where the last pass stopped among the test clocks (by id). */
  private clockCursor: string | undefined;

  constructor(
    private readonly ports: Pick<KassaPorts, 'invoices' | 'contracts' | 'subscriptions' | 'deliveries' | 'testClocks' | 'scheduler'>,
    private readonly runJob: JobRunner,
  ) {}

  async execute(now: string, limit: number): Promise<number> {
    const { testClocks, scheduler } = this.ports;
    // At the lease's end (past), not at the first ask: a new job id, never the failed job's.
    for (const c of await testClocks.findDue(now, limit)) await scheduleDueWork(scheduler, testClockLifecycle, c, testClockLifecycle.dueAt(c) ?? now);
    const onClocks = await this.dueOnReadyClocks();
    await eachSettled(onClocks, (job) => this.runJob.execute(job), 'due jobs of test clocks', DUE_WORK_CONCURRENCY);
    return onClocks.length;
  }

  /** CLOCKS_PER_SWEEP clocks a pass, in turn, so that many clocks cost a sweep little. */
  private async dueOnReadyClocks(): Promise<DueJob[]> {
    const clocks = await this.ports.testClocks.page(this.clockCursor, CLOCKS_PER_SWEEP);
    this.clockCursor = clocks.length < CLOCKS_PER_SWEEP ? undefined : clocks.at(-1)?.id;
    const due = await Promise.all(clocks.filter((c) => c.status === 'ready').map((c) => dueJobs(this.ports, c.frozenTime, CLOCK_WORK_PER_SWEEP, c.id)));
    return due.flat();
  }
}
