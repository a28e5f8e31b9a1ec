import type { ContractJob } from '../contract/contract.js';
import type { InvoiceJob } from '../invoice/invoice.js';
import type { TestClockJob } from '../sandbox/test-clock.js';
import type { SubscriptionJob } from '../subscription/subscription.js';
import type { DeliveryJob } from '../webhook/webhook-delivery.js';

/** The kinds of deferred work the domain asks for: each lifecycle's jobs. */
export type JobName = InvoiceJob | ContractJob | SubscriptionJob | DeliveryJob | TestClockJob;

/** Deferred work as data: which job, on which aggregate, from when. */
export interface Job {
  readonly name: JobName;
  readonly projectId: number;
  readonly aggregateId: string;
  readonly runAt: string;
  /** The request whose command scheduled the job: the events the job records carry it too. */
  readonly requestId?: string;
  /** That request's Idempotency-Key, if any. */
  readonly idempotencyKey?: string;
  /**
   * The W3C trace context (`traceparent`) of the work that scheduled the job, when traces are on:
   * the job's span continues that trace. Opaque to the domain.
   */
  readonly traceparent?: string;
  /** The test clock of the aggregate: `runAt` is that clock's time, and its advance runs the job. */
  readonly testClockId?: string;
}

/**
 * Runs jobs at or after `runAt`. Scheduling the same job twice is harmless (deterministic ids), and
 * so is a late or stale job: its use case re-loads the aggregate and asks the machine. A job lost
 * by the scheduler is still found by the repositories' `findDue` sweep.
 */
export interface Scheduler {
  schedule(job: Job): Promise<void>;
}

/** A deterministic id for a job, without ':' (BullMQ reserves it). */
export const jobId = (job: Job): string => `${job.name.replace('.', '_')}-${job.aggregateId}-${Date.parse(job.runAt)}`;
