import type { RequestContext } from '../ports/request-context.port.js';
import { contractLifecycle } from '../contract/contract.js';
import { invoiceLifecycle } from '../invoice/invoice.js';
import type { KassaPorts } from '../ports/kassa-ports.js';
import type { Job, JobName } from '../ports/scheduler.port.js';
import type { Lifecycle } from '../shared/lifecycle.js';
import { subscriptionLifecycle } from '../subscription/subscription.js';
import { deliveryLifecycle } from '../webhook/webhook-delivery.js';

/** A piece of due work as a job, with the time it fell due. */
export type DueJob = Pick<Job, 'name' | 'projectId' | 'aggregateId'> & { readonly at: string };

// What a runner of due work (the sweep, the sandbox's advance of a test clock) needs of the job runner
// and the relay, as interfaces: RunJob runs the advance, so the advance does not import RunJob back.

/** Runs one job by name (RunJob). */
export interface JobRunner {
  /** `context`: the request the job serves (its events carry its id); by default the one the job names. */
  execute(job: JobToRun, context?: RequestContext): Promise<void>;
}

/** A job as a runner takes it: which work, on what, and the request that asked for it, if the job names one. */
export type JobToRun = Pick<Job, 'name' | 'projectId' | 'aggregateId'> & Partial<Pick<Job, 'requestId' | 'idempotencyKey' | 'traceparent'>>;

/** Moves events from the outboxes into deliveries (RelayEvents): at most `limit`, only `testClockId`'s aggregates' when given. */
export interface EventRelay {
  execute(limit?: number, testClockId?: string): Promise<number>;
}

/** Adds the jobs of `found` (a store's due aggregates) to `jobs`: each one's next work, as its lifecycle says. */
function addJobs<A extends { readonly projectId: number; readonly id: string }>(jobs: DueJob[], lifecycle: Pick<Lifecycle<A, JobName>, 'nextWork'>, found: readonly A[]): void {
  for (const a of found) {
    const work = lifecycle.nextWork(a);
    const ms = work ? Date.parse(work.at) : Number.NaN;
    if (work && !Number.isNaN(ms)) jobs.push({ name: work.job, projectId: a.projectId, aggregateId: a.id, at: new Date(ms).toISOString() });
  }
}

/**
 * Every piece of work due by `until` in the stores, as jobs: on no clock, or on `testClockId` only
 * (each store's `findDue` keeps the two apart). At most `limit` of each store, the earliest first.
 */
export async function dueJobs(ports: Pick<KassaPorts, 'invoices' | 'contracts' | 'subscriptions' | 'deliveries'>, until: string, limit: number, testClockId?: string): Promise<DueJob[]> {
  const { invoices, contracts, subscriptions, deliveries } = ports;
  const [i, c, s, d] = await Promise.all([
    invoices.findDue(until, limit, testClockId),
    contracts.findDue(until, limit, testClockId),
    subscriptions.findDue(until, limit, testClockId),
    deliveries.findDue(until, limit, testClockId),
  ]);
  const jobs: DueJob[] = [];
  addJobs(jobs, invoiceLifecycle, i);
  addJobs(jobs, contractLifecycle, c);
  addJobs(jobs, subscriptionLifecycle, s);
  addJobs(jobs, deliveryLifecycle, d);
  return jobs;
}
