import { fail } from '../shared/errors.js';
import type { EventStamp } from '../shared/events.js';
import type { Change } from '../shared/lifecycle.js';
import { ok } from '../shared/result.js';
import { testClockEvent, type TestClockEvent } from './test-clock.events.js';
import type { TestClock } from './test-clock.fields.js';

export * from './test-clock.fields.js';

/** How long a runner holds an advance between two steps before the sweep may take it over. */
export const ADVANCE_LEASE_SECONDS = 60;

export function openTestClock(input: { readonly id: string; readonly projectId: number; readonly name: string | null; readonly frozenTime: string; readonly now: string }): TestClock {
  return {
    id: input.id,
    projectId: input.projectId,
    name: input.name,
    frozenTime: input.frozenTime,
    status: 'ready',
    advancingTo: null,
    leaseUntil: null,
    leaseOwner: null,
    advances: 0,
    createdAt: input.now,
    version: 1,
  };
}

/** When the sweep should look at the clock: an advance whose runner's lease ran out. */
export const testClockDueAt = (c: TestClock): string | null => (c.status === 'advancing' ? c.leaseUntil : null);

const leaseFrom = (realNow: string) => new Date(Date.parse(realNow) + ADVANCE_LEASE_SECONDS * 1000).toISOString();

/** POST test_clocks/{id}/advance: only a ready clock, only forwards. */
export function startAdvance(clock: TestClock, to: string, realNow: string): Change<TestClock, TestClock, TestClockEvent> {
  if (clock.status === 'advancing') return { outcome: fail('TEST_CLOCK_ADVANCING'), events: [] };
  if (Date.parse(to) <= Date.parse(clock.frozenTime)) return { outcome: fail('TEST_CLOCK_TIME_INVALID', `frozen_time must be after the clock's time (${clock.frozenTime})`), events: [] };
  const next: TestClock = { ...clock, status: 'advancing', advancingTo: to, leaseUntil: leaseFrom(realNow), leaseOwner: null, advances: clock.advances + 1, version: clock.version + 1 };
  return { next, outcome: ok(next), events: [] };
}

/**
 * A runner takes the advance: when no runner has it yet, or its holder's lease ran out (it died).
 * Undefined when another runner holds it.
 */
export function claimAdvance(clock: TestClock, owner: string, realNow: string): TestClock | undefined {
  if (clock.status !== 'advancing') return undefined;
  const held = clock.leaseOwner !== null && clock.leaseOwner !== owner && clock.leaseUntil !== null && Date.parse(clock.leaseUntil) > Date.parse(realNow);
  return held ? undefined : { ...clock, leaseOwner: owner, leaseUntil: leaseFrom(realNow), version: clock.version + 1 };
}

/** One step of an advance: the clock shows `at` (never moves back, never past the target) and the runner's lease is renewed. */
export function stepTestClock(clock: TestClock, at: string, realNow: string): TestClock {
  const target = clock.advancingTo ?? clock.frozenTime;
  const time = Math.min(Math.max(Date.parse(at), Date.parse(clock.frozenTime)), Date.parse(target));
  return { ...clock, frozenTime: new Date(time).toISOString(), leaseUntil: leaseFrom(realNow), version: clock.version + 1 };
}

/** The advance is done: the clock shows its target, is ready, and says so (`test_clock.ready`). */
export function finishAdvance(clock: TestClock, stamp: Pick<EventStamp, 'requestId' | 'idempotencyKey'>): Change<TestClock, TestClock, TestClockEvent> {
  if (clock.status !== 'advancing' || clock.advancingTo === null) return { outcome: ok(clock), events: [] };
  const next: TestClock = { ...clock, frozenTime: clock.advancingTo, status: 'ready', advancingTo: null, leaseUntil: null, leaseOwner: null, version: clock.version + 1 };
  const events: TestClockEvent[] = [testClockEvent(next, stamp)];
  return { next, outcome: ok(next), events };
}
