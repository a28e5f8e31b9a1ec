import { jobContext, type Job, type KassaUseCases } from '@kassa-payments/domain';
import { currentTraceparent, inSpan, outsideTraces, tracingOn } from './telemetry/trace-context.js';

/** What the jobs run (in process, in-process-jobs.ts, or on BullMQ's workers, redis-jobs.ts): the use cases. */
export interface JobWork {
  runJob(job: Pick<Job, 'name' | 'projectId' | 'aggregateId' | 'requestId' | 'idempotencyKey' | 'traceparent'>): Promise<void>;
  /** The due-work sweep: how many jobs it ran. */
  runDueWork(): Promise<number>;
  /** The event relay: how many events it relayed. */
  relayEvents(): Promise<number>;
}

/**
 * A job runs the domain's `RunJob` use case (an invoice's charge, a delivery's attempt, ...) for the
 * request that scheduled it: with its context, so the events it records carry that request's id, and
 * in a span of that request's trace (traces on). The sweep and the relay run in neither.
 */
export function jobWork(useCases: Pick<KassaUseCases, 'runJob' | 'runDueWork' | 'relayEvents'>): JobWork {
  const traced = tracingOn();
  return {
    runJob: (job) =>
      inSpan(
        `job ${job.name}`,
        { 'kassa.job.name': job.name, 'kassa.project_id': job.projectId, 'kassa.aggregate_id': job.aggregateId },
        () => useCases.runJob.execute(job, jobContext(job, traced ? currentTraceparent() : undefined)),
        job.traceparent === undefined ? {} : { traceparent: job.traceparent },
      ),
    runDueWork: () => outsideTraces(() => useCases.runDueWork.execute()),
    relayEvents: () => outsideTraces(() => useCases.relayEvents.execute()),
  };
}
