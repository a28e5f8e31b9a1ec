import { describe, expect, it } from 'vitest';
import { advanceHeld, claimAdvance, finishAdvance, heldChangeRefused, openTestClock, startAdvance, stepTestClock, testClockLifecycle, type TestClock } from './test-clock.js';

const REAL = '2026-12-28T10:00:00.000Z';
const T0 = '2027-01-01T00:00:00.000Z';
const clock = () => openTestClock({ id: 'tc-1', projectId: 1, name: 'n', frozenTime: T0, now: REAL });
const advancing = (): TestClock => startAdvance(clock(), '2027-01-02T00:00:00.000Z', REAL).next as TestClock;

describe('the test clock lifecycle (its machine, through its commands)', () => {
  it('advances only a ready clock, only forwards', () => {
    expect(clock()).toMatchObject({ status: 'ready', advances: 0, leaseUntil: null, version: 1 });
    expect(startAdvance(clock(), T0, REAL)).toMatchObject({
      events: [],
      outcome: { ok: false, error: { code: 'TEST_CLOCK_TIME_INVALID', message: `frozen_time must be after the clock's time (${T0})` } },
    });
    const started = advancing();
    expect(started).toMatchObject({ status: 'advancing', advancingTo: '2027-01-02T00:00:00.000Z', leaseUntil: '2026-12-28T10:01:00.000Z', leaseOwner: null, advances: 1, version: 2 });
    expect(startAdvance(started, '2027-02-01T00:00:00.000Z', REAL).outcome).toMatchObject({ ok: false, error: { code: 'TEST_CLOCK_ADVANCING' } });
  });

  it('one runner holds the advance until its lease runs out; its steps never move the clock back or past the target', () => {
    const mine = claimAdvance(advancing(), 'a', REAL) as TestClock;
    expect(mine).toMatchObject({ leaseOwner: 'a', version: 3 });
    expect(claimAdvance(mine, 'b', '2026-12-28T10:00:59.000Z')).toBeUndefined();
    expect(claimAdvance(mine, 'b', '2026-12-28T10:01:00.000Z')).toMatchObject({ leaseOwner: 'b', leaseUntil: '2026-12-28T10:02:00.000Z' });
    expect(claimAdvance(clock(), 'a', REAL)).toBeUndefined();
    expect(stepTestClock(mine, '2026-01-01T00:00:00.000Z', REAL)?.frozenTime).toBe(T0);
    expect(stepTestClock(mine, '2027-01-01T05:00:00.000Z', '2026-12-28T10:00:30.000Z')).toMatchObject({ frozenTime: '2027-01-01T05:00:00.000Z', leaseUntil: '2026-12-28T10:01:30.000Z' });
    expect(stepTestClock(mine, '2028-01-01T00:00:00.000Z', REAL)?.frozenTime).toBe('2027-01-02T00:00:00.000Z');
  });

  it('finishes at its target and says so once per advance; a ready clock has nothing to finish', () => {
    const done = finishAdvance(advancing(), { requestId: 'r-1' });
    expect(done.next).toMatchObject({ status: 'ready', frozenTime: '2027-01-02T00:00:00.000Z', advancingTo: null, leaseUntil: null, leaseOwner: null });
    expect(done.events).toEqual([
      {
        id: 'tc-1-ready-1',
        occurredAt: '2027-01-02T00:00:00.000Z',
        projectId: 1,
        aggregate: { kind: 'test_clock', id: 'tc-1' },
        requestId: 'r-1',
        testClockId: 'tc-1',
        type: 'TestClockReady',
        name: 'n',
        frozenTime: '2027-01-02T00:00:00.000Z',
      },
    ]);
    expect(finishAdvance(clock(), {})).toEqual({ events: [], outcome: { ok: true, value: clock() } });
  });

  it('an advance asked for is due at once; a held one when its lease runs out, which is when the sweep looks at either', () => {
    expect(testClockLifecycle.nextWork(clock())).toBeNull();
    expect(testClockLifecycle.nextWork(advancing())).toEqual({ job: 'test_clock.advance', at: REAL });
    const held = claimAdvance(advancing(), 'a', '2026-12-28T10:00:10.000Z') as TestClock;
    expect(testClockLifecycle.nextWork(held)).toEqual({ job: 'test_clock.advance', at: '2026-12-28T10:01:10.000Z' });
    expect([testClockLifecycle.dueAt(advancing()), testClockLifecycle.dueAt(held), testClockLifecycle.dueAt(clock())]).toEqual(['2026-12-28T10:01:00.000Z', '2026-12-28T10:01:10.000Z', null]);
  });

  it('what a clock holds changes only while it is ready; an advance held by a live lease is left to its runner', () => {
    expect(heldChangeRefused(clock())).toBeUndefined();
    expect(heldChangeRefused(advancing())).toMatchObject({ ok: false, error: { code: 'TEST_CLOCK_ADVANCING' } });
    expect([advanceHeld(clock(), REAL), advanceHeld(advancing(), REAL), advanceHeld(advancing(), '2026-12-28T10:01:00.000Z')]).toEqual([false, true, false]);
  });
});
