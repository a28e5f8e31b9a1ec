import type { KassaPorts } from '../ports/kassa-ports.js';
import { eachSettled } from '../shared/each-settled.js';
import type { ApplyRetention } from './apply-retention.use-case.js';
import { dueJobs, type DueJob, type JobRunner } from './due-work.js';

/**
 * Due jobs run at once by one sweep: after Redis lost its jobs the sweep does all of them, and one
 * slow webhook endpoint (its attempts wait up to 15 s) must not hold the rest back.
 */
const DUE_WORK_CONCURRENCY = 10;

/** The sweep of the test clocks' work (the sandbox's SweepTestClocks): how many jobs it ran. */
export interface ClockSweep {
  execute(now: string, limit: number): Promise<number>;
}

/**
 * The safety net behind the scheduler: finds every aggregate whose next work is due and runs it.
 * Work a lost or never-scheduled job left behind is done here. One job that throws does not stop the
 * others: they all run, then the failures are thrown together for the caller to log. Returns how
 * many jobs it ran.
 */
export class RunDueWork {
  constructor(
    private readonly ports: Pick<KassaPorts, 'invoices' | 'contracts' | 'subscriptions' | 'deliveries' | 'clock'>,
    private readonly runJob: JobRunner,
    /** Nothing kept for ever: the sweep also applies the storage's retention (at most hourly). */
    private readonly retention?: Pick<ApplyRetention, 'execute'>,
    /** Test clocks after real time's work, so that a clock's trouble never holds real time's back. */
    private readonly clocks?: ClockSweep,
  ) {}

  async execute(limit = 100): Promise<number> {
    const now = this.ports.clock.now().toISOString();
    const jobs: DueJob[] = await dueJobs(this.ports, now, limit);
    try {
      await eachSettled(jobs, (job) => this.runJob.execute(job), 'due jobs', DUE_WORK_CONCURRENCY);
      return jobs.length + ((await this.clocks?.execute(now, limit)) ?? 0);
    } finally {
      await this.retention?.execute();
    }
  }
}
