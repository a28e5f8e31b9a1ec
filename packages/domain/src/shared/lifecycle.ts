import type { AnyStateMachine, ContextFrom, EmittedFrom, EventFromLogic } from 'xstate';
import type { DomainError } from './errors.js';
import type { EventStamp } from './events.js';
import { stepMachine } from './machine-step.js';
import { ok, type Err, type Result } from './result.js';
import { isAtOrAfter } from './time.js';

/** Work a job does on an aggregate, and from when: `job` names it as the scheduler and the sweep run it. */
export interface DueWork<J extends string = string> {
  readonly job: J;
  readonly at: string;
}

/** What a command the machine refused answers: an error, or `unchanged` (the aggregate answers as it is). */
export type Refusal = Err<DomainError> | 'unchanged';

/**
 * One aggregate's lifecycle, stated once, in its aggregate's module (`<aggregate>.ts`): the machine
 * that decides every step, what a command it refuses answers, which states are live, and what work
 * falls due. Storage (live keys, the due-work index, the retention) and scheduling read it here;
 * nothing restates it.
 */
export interface Lifecycle<A, J extends string = string, E = never> {
  readonly machine: AnyStateMachine;
  /** The answer to `event` when the machine refuses it in `a`'s state (named by the machine's refusing transitions). */
  readonly refusal: (a: A, event: E) => Refusal;
  /** Live: the aggregate holds its unique keys (if it has any), and the retention leaves it alone. */
  readonly isLive: (a: A) => boolean;
  /** The next work a job must do, or null: asked of the scheduler after a save that changes it. */
  readonly nextWork: (a: A) => DueWork<J> | null;
  /** When the due-work sweep must look at the aggregate, or null: kept beside it by storage (`dueAt`). */
  readonly dueAt: (a: A) => string | null;
}

/** `dueAt` for a lifecycle whose sweep looks when its next work falls due. */
export const dueWhenWorkIs =
  <A>(nextWork: (a: A) => DueWork | null) =>
  (a: A): string | null =>
    nextWork(a)?.at ?? null;

/**
 * The aggregate's next work if it is due at `now` (its time reached), else null: the one answer to
 * "is it due" that a job asks before it does the work.
 */
export function workDueAt<A, J extends string>(lifecycle: Pick<Lifecycle<A, J>, 'nextWork'>, a: A, now: string): DueWork<J> | null {
  const work = lifecycle.nextWork(a);
  return work && isAtOrAfter(now, work.at) ? work : null;
}

/**
 * What a command on an aggregate produced: the changed aggregate to save (absent when nothing
 * changed), the events it recorded, and the answer for the caller. A wrong PIN is a change (the
 * attempt is counted) and an error answer at once.
 */
export interface Change<A, T, E = never> {
  readonly next?: A;
  readonly events: readonly E[];
  readonly outcome: Result<T, DomainError>;
}

/** A stored aggregate: its machine's context fields, plus the state and the version. */
export type Aggregate<C> = C & { readonly state: string; readonly version: number };

/** One machine event applied to an aggregate: the next aggregate and the events of the step. */
export interface Applied<A, E> {
  readonly next: A;
  readonly events: E[];
}

/**
 * Applies one machine event to a stored aggregate: the next aggregate (version + 1) and the domain
 * events made of what the step emitted (`eventsOf` stamps them and adds what every event of the
 * aggregate says of it), or `undefined` when the machine refuses the event in this state.
 */
export function applyToAggregate<M extends AnyStateMachine, A extends Aggregate<ContextFrom<M>>, E>(
  machine: M,
  aggregate: A,
  event: EventFromLogic<M>,
  eventsOf: (next: A, emitted: readonly EmittedFrom<M>[], stamp: EventStamp) => E[],
  stamp: EventStamp,
): Applied<A, E> | undefined {
  const { state, version, ...fields } = aggregate as Aggregate<Record<string, unknown>>;
  const stepped = stepMachine(machine, state, fields as ContextFrom<M>, event);
  if (!stepped) return undefined;
  const next = { ...(stepped.context as Record<string, unknown>), state: stepped.state, version: version + 1 } as unknown as A;
  return { next, events: eventsOf(next, stepped.emitted, stamp) };
}

/** Nothing applied: nothing to save, nothing recorded, and the caller told so. */
const NOTHING_APPLIED: Change<never, boolean, never> = { events: [], outcome: ok(false) };

/**
 * The answer of a command that may find nothing to do (a late, early or repeated job): ok(true) with
 * the change when the machine took the event, else ok(false) and nothing changes.
 */
export const appliedOrNot = <A, E>(applied: Applied<A, E> | undefined): Change<A, boolean, E> => (applied ? { ...applied, outcome: ok(true) } : NOTHING_APPLIED);

/**
 * The answer of a command that answers the aggregate: the changed one, or, when the machine refused
 * the event, what the refusal says (an error, or the aggregate as it is).
 */
export function appliedOrRefused<A, E>(aggregate: A, applied: Applied<A, E> | undefined, refusal: () => Refusal): Change<A, A, E> {
  if (applied) return { ...applied, outcome: ok(applied.next) };
  const refused = refusal();
  return { events: [], outcome: refused === 'unchanged' ? ok(aggregate) : refused };
}
