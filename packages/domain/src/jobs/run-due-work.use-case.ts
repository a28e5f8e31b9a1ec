import { contractDueAt } from '../contract/contract.js';
import { invoiceNextWork } from '../invoice/invoice.js';
import type { KassaPorts } from '../ports/kassa-ports.js';
import type { Job } from '../ports/scheduler.port.js';
import { subscriptionNextWork } from '../subscription/subscription.js';
import { eachSettled } from '../shared/each-settled.js';
import type { ApplyRetention } from './apply-retention.use-case.js';
import type { RunJob } from './run-job.use-case.js';
import { scheduleSafely } from './schedule-safely.js';

/**
 * Due jobs run at once by one sweep: after Redis lost its jobs the sweep does all of them, and one
 * slow webhook endpoint (its attempts wait up to 15 s) must not hold the rest back.
 */
const DUE_WORK_CONCURRENCY = 10;

/**
 * The safety net behind the scheduler: finds every aggregate whose next work is due and runs it.
 * Work a lost or never-scheduled job left behind is done here. One job that throws does not stop the
 * others: they all run, then the failures are thrown together for the caller to log. Returns how
 * many jobs it ran.
 */
export class RunDueWork {
  constructor(
    private readonly ports: Pick<KassaPorts, 'invoices' | 'contracts' | 'subscriptions' | 'deliveries' | 'clock' | 'testClocks' | 'scheduler'>,
    private readonly runJob: RunJob,
    /** Nothing kept for ever: the sweep also applies the storage's retention (at most hourly). */
    private readonly retention?: ApplyRetention,
  ) {}

  async execute(limit = 100): Promise<number> {
    const { invoices, contracts, subscriptions, deliveries, clock, testClocks, scheduler } = this.ports;
    const now = clock.now().toISOString();
    const jobs: Pick<Job, 'name' | 'projectId' | 'aggregateId'>[] = [];
    for (const i of await invoices.findDue(now, limit)) {
      const work = invoiceNextWork(i);
      if (work) jobs.push({ name: `invoice.${work.kind}`, projectId: i.projectId, aggregateId: i.id });
    }
    for (const c of await contracts.findDue(now, limit)) {
      if (contractDueAt(c)) jobs.push({ name: 'contract.expire', projectId: c.projectId, aggregateId: c.id });
    }
    for (const s of await subscriptions.findDue(now, limit)) {
      const work = subscriptionNextWork(s);
      if (work) jobs.push({ name: `subscription.${work.kind}`, projectId: s.projectId, aggregateId: s.id });
    }
    for (const d of await deliveries.findDue(now, limit)) jobs.push({ name: 'webhook.attempt', projectId: d.projectId, aggregateId: d.id });
    // An advance whose runner died (its lease ran out) is asked for again, not run here: it can be long.
    for (const c of await testClocks.findDue(now, limit)) {
      await scheduleSafely(scheduler, { name: 'test_clock.advance', projectId: c.projectId, aggregateId: c.id, runAt: c.leaseUntil ?? now });
    }
    await eachSettled(jobs, (job) => this.runJob.execute(job), 'due jobs', DUE_WORK_CONCURRENCY);
    await this.retention?.execute();
    return jobs.length;
  }
}
