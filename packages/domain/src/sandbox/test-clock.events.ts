import type { EventEnvelope, EventStamp } from '../shared/events.js';
import { stamped } from '../shared/events.js';
import type { TestClock } from './test-clock.fields.js';

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
export function testClockEvent(clock: TestClock, stamp: Pick<EventStamp, 'requestId' | 'idempotencyKey'>): TestClockReady {
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
