import type { EventStamp } from '../shared/events.js';
import { appliedOrRefused, type Applied, type Change } from '../shared/lifecycle.js';
import { stepMachine } from '../shared/machine-step.js';
import { testClockEvent, type TestClockEvent } from './test-clock.events.js';
import type { TestClock, TestClockStatus } from './test-clock.fields.js';
import { ADVANCE_LEASE_SECONDS, testClockLifecycle } from './test-clock.lifecycle.js';
import { startTestClock, type TestClockMachineEvent } from './test-clock.machine.js';

export * from './test-clock.fields.js';

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
  const stepped = stepMachine(testClockLifecycle.machine, status, fields, event);
  if (!stepped) return undefined;
  const next: TestClock = { ...stepped.context, status: stepped.state as TestClockStatus, version: version + 1 };
  return { next, events: stepped.emitted.map(() => testClockEvent(next, stamp)) };
}

const leaseFrom = (realNow: string) => new Date(Date.parse(realNow) + ADVANCE_LEASE_SECONDS * 1000).toISOString();

/** POST test_clocks/{id}/advance: only a ready clock, only forwards. */
export function startAdvance(clock: TestClock, to: string, realNow: string): Change<TestClock, TestClock, TestClockEvent> {
  return appliedOrRefused(clock, apply(clock, { type: 'ADVANCE', to, leaseUntil: leaseFrom(realNow) }), () => testClockLifecycle.refusal(clock, 'ADVANCE'));
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
  return appliedOrRefused(clock, apply(clock, { type: 'FINISH' }, stamp), () => 'unchanged');
}
