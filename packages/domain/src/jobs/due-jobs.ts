import { contractDueAt } from '../contract/contract.js';
import { invoiceNextWork } from '../invoice/invoice.js';
import type { KassaPorts } from '../ports/kassa-ports.js';
import type { Job } from '../ports/scheduler.port.js';
import { subscriptionNextWork } from '../subscription/subscription.js';

/** A piece of due work as a job, with the time it fell due. */
export type DueJob = Pick<Job, 'name' | 'projectId' | 'aggregateId'> & { readonly at: string };

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
  const add = (name: Job['name'], a: { readonly projectId: number; readonly id: string }, at: string | null | undefined) => {
    const ms = at ? Date.parse(at) : Number.NaN;
    if (!Number.isNaN(ms)) jobs.push({ name, projectId: a.projectId, aggregateId: a.id, at: new Date(ms).toISOString() });
  };
  for (const x of i) {
    const work = invoiceNextWork(x);
    if (work) add(`invoice.${work.kind}`, x, work.at);
  }
  for (const x of c) add('contract.expire', x, contractDueAt(x));
  for (const x of s) {
    const work = subscriptionNextWork(x);
    if (work) add(`subscription.${work.kind}`, x, work.at);
  }
  for (const x of d) add('webhook.attempt', x, x.nextAttemptAt);
  return jobs;
}
