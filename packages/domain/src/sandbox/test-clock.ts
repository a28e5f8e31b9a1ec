import { assertEvent, assign, emit, setup } from 'xstate';
import { fail, type DomainError, type ErrorCode } from '../shared/errors.js';
import type { Err } from '../shared/result.js';
import { stamped, type EventEnvelope, type EventStamp } from '../shared/events.js';
import { appliedOrRefused, type Applied, type Change, type DueWork, type Lifecycle, type Refusal } from '../shared/lifecycle.js';
import { machineAccepts, namedRefusal, refuses, rememberedStart, stepMachine } from '../shared/machine-step.js';
import { isAtOrAfter } from '../shared/time.js';

// The sandbox's test clock, top to bottom: its fields and status, its event, its machine, its
// lifecycle (when its advance falls due, whether a runner still holds it), then its commands, whose
// refusals are the machine's own answers.

// ---- Fields and status ----------------------------------------------------------------------

export type TestClockStatus = 'ready' | 'advancing';

/**
 * A sandbox clock (test environment only): the time of whatever is attached to it. It stands still
 * until advanced; an advance runs every piece of the attached work that falls due, in time order,
 * each at its own due time, then the clock is `ready` again at the time asked for.
 */
export interface TestClockFields {
  readonly id: string;
  readonly projectId: number;
  readonly name: string | null;
  /** The attached objects' time. While advancing: the due time of the work being run. */
  readonly frozenTime: string;
  /** Where the running advance ends; null when ready. */
  readonly advancingTo: string | null;
  /**
   * Real time until which the runner of the advance holds it; renewed at every step. Past it (the
   * runner died) the due-work sweep resumes the advance.
   */
  readonly leaseUntil: string | null;
  /** Which runner holds the advance (null: none yet, the job asked for has not started). */
  readonly leaseOwner: string | null;
  /** How many advances were asked for: part of each `TestClockReady` event's identity. */
  readonly advances: number;
  /** Real time, when created. */
  readonly createdAt: string;
}

/** A test clock as stored: its fields (its machine's context), its status (the machine's state) and its version. */
export interface TestClock extends TestClockFields {
  readonly status: TestClockStatus;
  readonly version: number;
}

// ---- Events ---------------------------------------------------------------------------------

/** A test clock finished an advance: everything due up to its time has run (`test_clock.ready`). */
export interface TestClockReady extends EventEnvelope<'test_clock'> {
  readonly type: 'TestClockReady';
  readonly name: string | null;
  readonly frozenTime: string;
}

export type TestClockEvent = TestClockReady;

/**
 * The clock's event for its n-th advance: its id is derived from the clock and the advance, so a
 * finish that runs twice (a resumed advance) records the same event, and receivers de-duplicate it.
 */
function testClockEvent(clock: TestClock, stamp: Pick<EventStamp, 'requestId' | 'idempotencyKey'>): TestClockReady {
  return stamped(
    'test_clock',
    clock,
    { type: 'TestClockReady', name: clock.name, frozenTime: clock.frozenTime },
    {
      ...stamp,
      now: clock.frozenTime,
      newId: () => `${clock.id}-ready-${clock.advances}`,
      testClockId: clock.id,
    },
  );
}

// ---- Machine --------------------------------------------------------------------------------

/** What a refused command answers (`refuses`): an error code, or `unchanged` (the clock as it is). */
const refusedWith = (answer: ErrorCode | 'unchanged') => refuses(answer);

export type TestClockMachineEvent =
  /** POST test_clocks/{id}/advance: to `to`; the job asked for runs it within the lease. */
  | { type: 'ADVANCE'; to: string; leaseUntil: string }
  /** A runner takes the advance until `leaseUntil` (real time), unless another holds a lease still running at `realNow`. */
  | { type: 'CLAIM'; owner: string; realNow: string; leaseUntil: string }
  /** The runner shows the clock at `at` (never back, never past the target) and renews its lease. */
  | { type: 'STEP'; at: string; leaseUntil: string }
  /** Everything due up to the target has run: the clock shows the target. */
  | { type: 'FINISH' }
  /**
   * What the clock holds may change from outside: an object joins it, or the clock goes with its
   * objects (asked with `can`, never applied: an advance's budget was counted from what it held).
   */
  | { type: 'CHANGE_HELD' };

const ms = Date.parse;

/**
 * The test clock's lifecycle: ready, it stands still until an advance is asked for (only forwards);
 * advancing, one runner at a time holds it (a lease it renews at every step, which another runner may
 * take once it runs out) and walks it to its target, then it is ready again and says so
 * (`TestClockReady`). A command a state refuses answers `unchanged` unless a refusing transition
 * names an error.
 */
export const testClockMachine = setup({
  types: {} as { context: TestClockFields; events: TestClockMachineEvent; input: TestClockFields; emitted: { type: 'TestClockReady' } },
  actions: {
    begin: assign(({ context, event }) => {
      assertEvent(event, 'ADVANCE');
      return { advancingTo: event.to, leaseUntil: event.leaseUntil, leaseOwner: null, advances: context.advances + 1 };
    }),
    claim: assign(({ event }) => {
      assertEvent(event, 'CLAIM');
      return { leaseOwner: event.owner, leaseUntil: event.leaseUntil };
    }),
    step: assign(({ context, event }) => {
      assertEvent(event, 'STEP');
      const target = ms(context.advancingTo ?? context.frozenTime);
      return { frozenTime: new Date(Math.min(Math.max(ms(event.at), ms(context.frozenTime)), target)).toISOString(), leaseUntil: event.leaseUntil };
    }),
    finish: assign(({ context }) => ({ frozenTime: context.advancingTo ?? context.frozenTime, advancingTo: null, leaseUntil: null, leaseOwner: null })),
    emitReady: emit({ type: 'TestClockReady' } as const),
    // A named no-op: XState's `can` counts a transition only when it has a target or an action.
    changeMayBegin: () => {},
  },
  guards: {
    forwards: ({ context, event }) => event.type === 'ADVANCE' && ms(event.to) > ms(context.frozenTime),
    leaseFree: ({ context, event }) =>
      event.type === 'CLAIM' && (context.leaseOwner === null || context.leaseOwner === event.owner || context.leaseUntil === null || ms(context.leaseUntil) <= ms(event.realNow)),
    targetSet: ({ context }) => context.advancingTo !== null,
  },
}).createMachine({
  id: 'testClock',
  context: ({ input }) => input,
  initial: 'ready',
  states: {
    ready: {
      on: {
        ADVANCE: [{ guard: 'forwards', target: 'advancing', actions: 'begin' }, refusedWith('TEST_CLOCK_TIME_INVALID')],
        CHANGE_HELD: { actions: 'changeMayBegin' },
      },
    },
    advancing: {
      on: {
        ADVANCE: refusedWith('TEST_CLOCK_ADVANCING'),
        CHANGE_HELD: refusedWith('TEST_CLOCK_ADVANCING'),
        CLAIM: { guard: 'leaseFree', actions: 'claim' },
        STEP: { actions: 'step' },
        FINISH: { guard: 'targetSet', target: 'ready', actions: ['finish', 'emitReady'] },
      },
    },
  },
});

/** The first state of a new clock (it reads nothing from the input; initialTransition is costly, see decisions). */
const startTestClock = rememberedStart(testClockMachine, () => '');

/** The answer to a command the machine refused: the error its refusing transition names (a time not after the clock's says which), else `unchanged`. */
function testClockRefusal(clock: TestClock, event: TestClockMachineEvent): Refusal {
  const { status, version: _v, ...fields } = clock;
  const answer = (namedRefusal(testClockMachine, status, fields, event) ?? 'unchanged') as ErrorCode | 'unchanged';
  if (answer === 'unchanged') return answer;
  return answer === 'TEST_CLOCK_TIME_INVALID' ? fail(answer, `frozen_time must be after the clock's time (${clock.frozenTime})`) : fail(answer);
}

// ---- Lifecycle: when its advance falls due --------------------------------------------------

/** The test clock's one job: running its advance. */
export type TestClockJob = 'test_clock.advance';

/** How long a runner holds an advance between two steps before the sweep may take it over. */
export const ADVANCE_LEASE_SECONDS = 60;

/** When the advance under way was asked for: its first lease began then (real time). */
export const advanceAskedAt = (c: Pick<TestClock, 'leaseUntil'>): number => (c.leaseUntil === null ? 0 : Date.parse(c.leaseUntil) - ADVANCE_LEASE_SECONDS * 1000);

/** A clock holds no key and never ends by its state: it lives until deleted (by its merchant, or by its retention). */
const isLive = (): boolean => true;

/**
 * An advance runs as a job: at once when asked for (no runner holds it yet), and again once the lease
 * of the runner that holds it runs out (the runner died).
 */
function nextWork(c: TestClock): DueWork<TestClockJob> | null {
  if (c.status !== 'advancing' || c.leaseUntil === null) return null;
  return { job: 'test_clock.advance', at: c.leaseOwner === null ? new Date(advanceAskedAt(c)).toISOString() : c.leaseUntil };
}

/** When the sweep must look at the clock: once the lease of its advance has run out, whether a runner took it or not. */
const dueAt = (c: TestClock): string | null => (c.status === 'advancing' ? c.leaseUntil : null);

/**
 * The test clock lifecycle (see `Lifecycle`): storage and scheduling read it here. The sweep looks at
 * an advance only once its lease ran out, whether a runner took it or not: a job asked for at once has
 * had a lease's length to begin.
 */
export const testClockLifecycle = {
  machine: testClockMachine,
  refusal: testClockRefusal,
  isLive,
  nextWork,
  dueAt,
} satisfies Lifecycle<TestClock, TestClockJob, TestClockMachineEvent>;

/** An advance under way whose runner's lease still runs at `now` (real time): the sweep leaves it to its runner, the retention too. */
export const advanceHeld = (c: TestClock, now: string): boolean => {
  const due = dueAt(c);
  return due !== null && !isAtOrAfter(now, due);
};

// ---- Commands -------------------------------------------------------------------------------

export function openTestClock(input: { readonly id: string; readonly projectId: number; readonly name: string | null; readonly frozenTime: string; readonly now: string }): TestClock {
  const started = startTestClock({
    id: input.id,
    projectId: input.projectId,
    name: input.name,
    frozenTime: input.frozenTime,
    advancingTo: null,
    leaseUntil: null,
    leaseOwner: null,
    advances: 0,
    createdAt: input.now,
  });
  return { ...started.context, status: started.state as TestClockStatus, version: 1 };
}

type Stamp = Pick<EventStamp, 'requestId' | 'idempotencyKey'>;

/** One step of the clock's machine: the clock after it (version + 1), with the events it emitted; undefined when refused. */
function apply(clock: TestClock, event: TestClockMachineEvent, stamp: Stamp = {}): Applied<TestClock, TestClockEvent> | undefined {
  const { status, version, ...fields } = clock;
  const stepped = stepMachine(testClockMachine, status, fields, event);
  if (!stepped) return undefined;
  const next: TestClock = { ...stepped.context, status: stepped.state as TestClockStatus, version: version + 1 };
  return { next, events: stepped.emitted.map(() => testClockEvent(next, stamp)) };
}

const leaseFrom = (realNow: string) => new Date(Date.parse(realNow) + ADVANCE_LEASE_SECONDS * 1000).toISOString();

/**
 * Whether what the clock holds may change now (an object joins it, or it is deleted with its
 * objects): undefined when it may, else the machine's refusal (TEST_CLOCK_ADVANCING).
 */
export function heldChangeRefused(clock: TestClock): Err<DomainError> | undefined {
  const event = { type: 'CHANGE_HELD' } as const;
  const { status, version: _v, ...fields } = clock;
  if (machineAccepts(testClockMachine, status, fields, event)) return undefined;
  const refused = testClockRefusal(clock, event);
  return refused === 'unchanged' ? undefined : refused;
}

/** POST test_clocks/{id}/advance: only a ready clock, only forwards. */
export function startAdvance(clock: TestClock, to: string, realNow: string): Change<TestClock, TestClock, TestClockEvent> {
  const event = { type: 'ADVANCE', to, leaseUntil: leaseFrom(realNow) } as const;
  return appliedOrRefused(clock, apply(clock, event), () => testClockRefusal(clock, event));
}

/**
 * A runner takes the advance: when no runner has it yet, or its holder's lease ran out (it died).
 * Undefined when another runner holds it.
 */
export function claimAdvance(clock: TestClock, owner: string, realNow: string): TestClock | undefined {
  return apply(clock, { type: 'CLAIM', owner, realNow, leaseUntil: leaseFrom(realNow) })?.next;
}

/** One step of an advance: the clock shows `at` (never moves back, never past the target) and the runner's lease is renewed. */
export function stepTestClock(clock: TestClock, at: string, realNow: string): TestClock | undefined {
  return apply(clock, { type: 'STEP', at, leaseUntil: leaseFrom(realNow) })?.next;
}

/** The advance is done: the clock shows its target, is ready, and says so (`test_clock.ready`). */
export function finishAdvance(clock: TestClock, stamp: Stamp): Change<TestClock, TestClock, TestClockEvent> {
  const event = { type: 'FINISH' } as const;
  return appliedOrRefused(clock, apply(clock, event, stamp), () => testClockRefusal(clock, event));
}
