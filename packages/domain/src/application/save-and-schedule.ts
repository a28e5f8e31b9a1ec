import type { RequestContext } from '../ports/request-context.port.js';
import type { JobName, Scheduler } from '../ports/scheduler.port.js';
import type { DueWork, Lifecycle } from '../shared/lifecycle.js';
import { clockOf } from './event-stamp.js';

// The one place the domain asks the scheduler for work. Storage is the source of truth and the
// scheduler only the alarm clock: what falls due is the saved aggregate's (its lifecycle's
// `nextWork` names the job and its time), so no use case names a job.

/** What work is asked for on: an aggregate of a project, on a test clock or not. */
export interface Schedulable {
  readonly id: string;
  readonly projectId: number;
  readonly testClockId?: string;
}

type NextWork<A> = Pick<Lifecycle<A, JobName>, 'nextWork'>;

const sameWork = (a: DueWork, b: DueWork | null | undefined): boolean => b !== null && b !== undefined && a.job === b.job && a.at === b.at;

/**
 * The request a job is asked for by, which its events then carry: a request's command passes its id
 * (and Idempotency-Key) on; a job's command does not (next month's charge is not that request's doing).
 */
function requestOf(context: RequestContext | undefined): { requestId?: string; idempotencyKey?: string } {
  if (context?.requestId === undefined || context.by === 'job') return {};
  return { requestId: context.requestId, ...(context.idempotencyKey === undefined ? {} : { idempotencyKey: context.idempotencyKey }) };
}

/**
 * Asks for `work` on `a` without letting a scheduler outage fail the caller: the state is already
 * saved, and the due-work sweep finds the work if the job never arrives.
 */
async function ask(scheduler: Scheduler, a: Schedulable, work: DueWork<JobName>, traceparent?: string, context?: RequestContext): Promise<void> {
  try {
    await scheduler.schedule({
      name: work.job,
      projectId: a.projectId,
      aggregateId: a.id,
      runAt: work.at,
      ...clockOf(a),
      ...(traceparent === undefined ? {} : { traceparent }),
      ...requestOf(context),
    });
  } catch {
    // Deliberately swallowed: see above. The sweep is the retry path.
  }
}

/**
 * Asks for `a`'s next due work as it stands, without a write: the sweep's, for work a lost job left
 * behind, or a job's own that cannot run yet and asks to run again `at` a later time. `traceparent`:
 * the trace the job continues (a delivery's first attempt, the trace of the event's span).
 */
export async function scheduleDueWork<A extends Schedulable>(scheduler: Scheduler, lifecycle: NextWork<A>, a: A, at?: string, traceparent?: string, context?: RequestContext): Promise<void> {
  const work = lifecycle.nextWork(a);
  if (work) await ask(scheduler, a, at === undefined ? work : { ...work, at }, traceparent, context);
}

/**
 * Writes `next` (`write`: its creation when `before` is undefined, else its compare-and-set save over
 * `before`) and, once written, asks for its next due work if the write changed it. A write that
 * leaves the due work as it was asks for nothing: the write that set it did.
 */
export async function saveAndSchedule<A extends Schedulable, R extends { readonly ok: boolean }>(
  scheduler: Scheduler,
  lifecycle: NextWork<A>,
  before: A | undefined,
  next: A,
  write: Promise<R>,
  context?: RequestContext,
): Promise<R> {
  const written = await write;
  const work = written.ok ? lifecycle.nextWork(next) : null;
  if (work && !sameWork(work, before && lifecycle.nextWork(before))) await ask(scheduler, next, work, undefined, context);
  return written;
}
