import type { RequestContext } from '../ports/request-context.port.js';
import type { KassaPorts } from '../ports/kassa-ports.js';
import type { JobName, Scheduler } from '../ports/scheduler.port.js';
import type { SaveResult } from '../ports/save-result.js';
import type { DomainError } from '../shared/errors.js';
import type { EventStamp } from '../shared/events.js';
import type { Change, Lifecycle } from '../shared/lifecycle.js';
import type { Result } from '../shared/result.js';
import { stampFor } from './event-stamp.js';
import { retryOnConflict, RETRY } from './retry-on-conflict.js';
import { saveAndSchedule, type Schedulable } from './save-and-schedule.js';

/** What loading, changing and saving one aggregate needs. */
export interface CommandRun<A, T, M, E> {
  /** Asked for the work the saved aggregate's lifecycle says falls due (saveAndSchedule). */
  readonly scheduler: Scheduler;
  readonly lifecycle: Pick<Lifecycle<A, JobName>, 'nextWork'>;
  readonly load: () => Promise<A | undefined>;
  readonly missing: M;
  /** May wait (for the time of the aggregate's test clock, say). */
  readonly command: (aggregate: A) => Change<A, T, E> | Promise<Change<A, T, E>>;
  readonly save: (aggregate: A, events: readonly E[]) => Promise<SaveResult>;
  /** The request the command serves: the jobs its save asks for carry its id. */
  readonly context?: RequestContext | undefined;
}

/**
 * Load, ask the aggregate (its machine), save what changed and schedule what falls due, answer. A
 * lost race re-runs the whole step on fresh state, so concurrent wrong PINs can never count past the limit.
 */
export function runCommand<A extends Schedulable, T, M, E>(run: CommandRun<A, T, M, E>): Promise<Result<T, DomainError> | M> {
  return retryOnConflict(async () => {
    const aggregate = await run.load();
    if (!aggregate) return run.missing;
    const change = await run.command(aggregate);
    if (change.next && !(await saveAndSchedule(run.scheduler, run.lifecycle, aggregate, change.next, run.save(change.next, change.events), run.context)).ok) return RETRY;
    return change.outcome;
  });
}

/** What a command in its aggregate's time needs: the stamp's ports, and the scheduler its save asks. */
export type CommandPorts = Pick<KassaPorts, 'clock' | 'ids' | 'time' | 'scheduler'>;

/** A command stamped in its aggregate's time (its test clock's, when it has one). */
export interface StampedRun<A, T, M, E> extends Pick<CommandRun<A, T, M, E>, 'lifecycle' | 'load' | 'missing' | 'save'> {
  readonly command: (a: A, stamp: EventStamp) => Change<A, T, E>;
}

/** runCommand, the command stamped in the loaded aggregate's time: how every aggregate's commands run. */
export function runStampedCommand<A extends Schedulable, T, M, E>(ports: CommandPorts, run: StampedRun<A, T, M, E>, context?: RequestContext): Promise<Result<T, DomainError> | M> {
  return runCommand({ ...run, scheduler: ports.scheduler, context, command: async (a) => run.command(a, await stampFor(ports, a, context)) });
}
