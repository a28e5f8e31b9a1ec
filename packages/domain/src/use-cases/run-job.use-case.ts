import { invoiceNextWork } from '../invoice/invoice.js';
import { contractDueAt } from '../contract/contract.js';
import type { KassaPorts } from '../ports/kassa-ports.js';
import type { Job, JobName } from '../ports/scheduler.port.js';
import { subscriptionNextWork } from '../subscription/subscription.js';
import { ExecuteCharge } from './execute-charge.use-case.js';
import { ExpireContract } from './expire-contract.use-case.js';
import { CompleteRefund, ExpireInvoice } from './invoice-commands.use-case.js';
import { RunSubscriptionCharge } from './run-subscription-charge.use-case.js';
import { ExpirePendingSubscription } from './subscription-commands.use-case.js';

type JobPorts = Pick<KassaPorts, 'invoices' | 'contracts' | 'subscriptions' | 'gateway' | 'clock' | 'ids' | 'scheduler'>;

/**
 * Runs one job by name. Every job's use case re-loads its aggregate and asks the machine, so a
 * late, early, duplicated or stale job does nothing harmful.
 */
export class RunJob {
  private readonly handlers: Record<JobName, (projectId: number, id: string) => Promise<unknown>>;

  constructor(ports: JobPorts) {
    const charge = new ExecuteCharge(ports);
    const refund = new CompleteRefund(ports);
    const expireInvoice = new ExpireInvoice(ports);
    const expireContract = new ExpireContract(ports);
    const expireApproval = new ExpirePendingSubscription(ports);
    const chargeSubscription = new RunSubscriptionCharge(ports);
    this.handlers = {
      'invoice.charge': (projectId, invoiceId) => charge.execute({ projectId, invoiceId, trigger: 'job' }),
      'invoice.refund': (projectId, invoiceId) => refund.execute({ projectId, invoiceId }),
      'invoice.expire': (projectId, invoiceId) => expireInvoice.execute({ projectId, invoiceId }),
      'contract.expire': (projectId, contractId) => expireContract.execute({ projectId, contractId }),
      'subscription.expire-approval': (projectId, subscriptionId) => expireApproval.execute({ projectId, subscriptionId }),
      'subscription.charge': (projectId, subscriptionId) => chargeSubscription.execute({ projectId, subscriptionId }),
    };
  }

  async execute(job: Pick<Job, 'name' | 'projectId' | 'aggregateId'>): Promise<void> {
    await this.handlers[job.name](job.projectId, job.aggregateId);
  }
}

/**
 * The safety net behind the scheduler: finds every aggregate whose next work is due and runs it.
 * Work a lost or never-scheduled job left behind is done here. Returns how many jobs it ran.
 */
export class RunDueWork {
  constructor(
    private readonly ports: Pick<KassaPorts, 'invoices' | 'contracts' | 'subscriptions' | 'clock'>,
    private readonly runJob: RunJob,
  ) {}

  async execute(limit = 100): Promise<number> {
    const { invoices, contracts, subscriptions, clock } = this.ports;
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
    for (const job of jobs) await this.runJob.execute(job);
    return jobs.length;
  }
}
