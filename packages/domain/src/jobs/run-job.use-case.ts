import type { JobRunner, JobToRun } from './due-work.js';
import type { RequestContext } from '../ports/request-context.port.js';
import type { JobName } from '../ports/scheduler.port.js';
import type { InvoiceRef } from '../invoice/use-cases/invoice-command.js';
import type { CompleteRefund } from '../invoice/use-cases/complete-refund.use-case.js';
import type { ChargeInvoice } from '../invoice/use-cases/charge-invoice.use-case.js';
import type { ExpireContract } from '../contract/use-cases/expire-contract.use-case.js';
import type { RunSubscriptionCharge } from '../subscription/use-cases/run-subscription-charge.use-case.js';
import type { AttemptDelivery } from '../webhook/use-cases/attempt-delivery.use-case.js';

interface Runs<I> {
  execute(input: I, context?: RequestContext): Promise<unknown>;
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
  private readonly handlers: Record<JobName, (projectId: number, id: string, context: RequestContext) => Promise<unknown>>;

  constructor(useCases: JobUseCases) {
    const { chargeInvoice, completeRefund, expireInvoice, expireContract, expirePendingSubscription, runSubscriptionCharge, attemptDelivery, runTestClockAdvance } = useCases;
    this.handlers = {
      'invoice.charge': (projectId, invoiceId, context) => chargeInvoice.execute({ projectId, invoiceId, trigger: 'job' }, context),
      'invoice.refund': (projectId, invoiceId, context) => completeRefund.execute({ projectId, invoiceId }, context),
      'invoice.expire': (projectId, invoiceId, context) => expireInvoice.execute({ projectId, invoiceId }, context),
      'contract.expire': (projectId, contractId, context) => expireContract.execute({ projectId, contractId }, context),
      'subscription.expire-approval': (projectId, subscriptionId, context) => expirePendingSubscription.execute({ projectId, subscriptionId }, context),
      'subscription.charge': (projectId, subscriptionId, context) => runSubscriptionCharge.execute({ projectId, subscriptionId }, context),
      'webhook.attempt': (projectId, deliveryId, context) => attemptDelivery.execute({ projectId, deliveryId }, context),
      'test_clock.advance': (projectId, testClockId, context) => runTestClockAdvance.execute({ projectId, testClockId }, context),
    };
  }

  /** Runs `job` for the request it names (its events carry that request's id), or for `context` when given (a test clock's advance runs its objects' work for its own request). */
  async execute(job: JobToRun, context: RequestContext = jobContext(job)): Promise<void> {
    await this.handlers[job.name](job.projectId, job.aggregateId, context);
  }
}

/**
 * The context a job runs in: the request that scheduled it, if any, run by a job (what it schedules
 * is no longer that request's doing). `traceparent`: the job's own span's, when traces are on.
 */
export const jobContext = (job: JobToRun, traceparent?: string): RequestContext => ({
  by: 'job',
  ...(job.requestId === undefined ? {} : { requestId: job.requestId }),
  ...(job.idempotencyKey === undefined ? {} : { idempotencyKey: job.idempotencyKey }),
  ...(traceparent === undefined ? {} : { traceparent }),
});
