import type { JobRunner } from './due-work.js';
import type { Job, JobName } from '../ports/scheduler.port.js';
import type { InvoiceRef } from '../invoice/use-cases/invoice-command.js';
import type { CompleteRefund } from '../invoice/use-cases/complete-refund.use-case.js';
import type { ChargeInvoice } from '../invoice/use-cases/charge-invoice.use-case.js';
import type { ExpireContract } from '../contract/use-cases/expire-contract.use-case.js';
import type { RunSubscriptionCharge } from '../subscription/use-cases/run-subscription-charge.use-case.js';
import type { AttemptDelivery } from '../webhook/use-cases/attempt-delivery.use-case.js';

interface Runs<I> {
  execute(input: I): Promise<unknown>;
}

/** The already-built use cases a job runs: the same instances the transports call. */
export interface JobUseCases {
  readonly chargeInvoice: Pick<ChargeInvoice, 'execute'>;
  readonly completeRefund: Pick<CompleteRefund, 'execute'>;
  readonly expireInvoice: Runs<InvoiceRef>;
  readonly expireContract: Pick<ExpireContract, 'execute'>;
  readonly expirePendingSubscription: Runs<{ readonly projectId: number; readonly subscriptionId: string }>;
  readonly runSubscriptionCharge: Pick<RunSubscriptionCharge, 'execute'>;
  readonly attemptDelivery: Pick<AttemptDelivery, 'execute'>;
  readonly runTestClockAdvance: Runs<{ readonly projectId: number; readonly testClockId: string }>;
}

/**
 * Runs one job by name. Every job's use case re-loads its aggregate and asks the machine, so a
 * late, early, duplicated or stale job does nothing harmful.
 */
export class RunJob implements JobRunner {
  private readonly handlers: Record<JobName, (projectId: number, id: string) => Promise<unknown>>;

  constructor(useCases: JobUseCases) {
    const { chargeInvoice, completeRefund, expireInvoice, expireContract, expirePendingSubscription, runSubscriptionCharge, attemptDelivery, runTestClockAdvance } = useCases;
    this.handlers = {
      'invoice.charge': (projectId, invoiceId) => chargeInvoice.execute({ projectId, invoiceId, trigger: 'job' }),
      'invoice.refund': (projectId, invoiceId) => completeRefund.execute({ projectId, invoiceId }),
      'invoice.expire': (projectId, invoiceId) => expireInvoice.execute({ projectId, invoiceId }),
      'contract.expire': (projectId, contractId) => expireContract.execute({ projectId, contractId }),
      'subscription.expire-approval': (projectId, subscriptionId) => expirePendingSubscription.execute({ projectId, subscriptionId }),
      'subscription.charge': (projectId, subscriptionId) => runSubscriptionCharge.execute({ projectId, subscriptionId }),
      'webhook.attempt': (projectId, deliveryId) => attemptDelivery.execute({ projectId, deliveryId }),
      'test_clock.advance': (projectId, testClockId) => runTestClockAdvance.execute({ projectId, testClockId }),
    };
  }

  async execute(job: Pick<Job, 'name' | 'projectId' | 'aggregateId'>): Promise<void> {
    await this.handlers[job.name](job.projectId, job.aggregateId);
  }
}
