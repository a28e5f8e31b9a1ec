import type { Job, JobName } from '../ports/scheduler.port.js';
import type { CompleteRefund } from './complete-refund.use-case.js';
import type { ExecuteCharge } from './execute-charge.use-case.js';
import type { ExpireContract } from './expire-contract.use-case.js';
import type { ExpireInvoice } from './expire-invoice.use-case.js';
import type { ExpirePendingSubscription } from './expire-pending-subscription.use-case.js';
import type { RunSubscriptionCharge } from './run-subscription-charge.use-case.js';
import type { AttemptDelivery } from './attempt-delivery.use-case.js';

/** The already-built use cases a job runs: the same instances the transports call. */
export interface JobUseCases {
  readonly executeCharge: Pick<ExecuteCharge, 'execute'>;
  readonly completeRefund: Pick<CompleteRefund, 'execute'>;
  readonly expireInvoice: Pick<ExpireInvoice, 'execute'>;
  readonly expireContract: Pick<ExpireContract, 'execute'>;
  readonly expirePendingSubscription: Pick<ExpirePendingSubscription, 'execute'>;
  readonly runSubscriptionCharge: Pick<RunSubscriptionCharge, 'execute'>;
  readonly attemptDelivery: Pick<AttemptDelivery, 'execute'>;
}

/**
 * Runs one job by name. Every job's use case re-loads its aggregate and asks the machine, so a
 * late, early, duplicated or stale job does nothing harmful.
 */
export class RunJob {
  private readonly handlers: Record<JobName, (projectId: number, id: string) => Promise<unknown>>;

  constructor(useCases: JobUseCases) {
    const { executeCharge, completeRefund, expireInvoice, expireContract, expirePendingSubscription, runSubscriptionCharge, attemptDelivery } = useCases;
    this.handlers = {
      'invoice.charge': (projectId, invoiceId) => executeCharge.execute({ projectId, invoiceId, trigger: 'job' }),
      'invoice.refund': (projectId, invoiceId) => completeRefund.execute({ projectId, invoiceId }),
      'invoice.expire': (projectId, invoiceId) => expireInvoice.execute({ projectId, invoiceId }),
      'contract.expire': (projectId, contractId) => expireContract.execute({ projectId, contractId }),
      'subscription.expire-approval': (projectId, subscriptionId) => expirePendingSubscription.execute({ projectId, subscriptionId }),
      'subscription.charge': (projectId, subscriptionId) => runSubscriptionCharge.execute({ projectId, subscriptionId }),
      'webhook.attempt': (projectId, deliveryId) => attemptDelivery.execute({ projectId, deliveryId }),
    };
  }

  async execute(job: Pick<Job, 'name' | 'projectId' | 'aggregateId'>): Promise<void> {
    await this.handlers[job.name](job.projectId, job.aggregateId);
  }
}
