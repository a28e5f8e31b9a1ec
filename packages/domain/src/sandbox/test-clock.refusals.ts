import { fail } from '../shared/errors.js';
import type { Refusal } from '../shared/lifecycle.js';
import type { TestClock } from './test-clock.fields.js';

/** The test clock's command its machine may refuse. */
export type TestClockRefusable = 'ADVANCE';

/** The answer to an advance the clock's machine refused: one is under way, or the time asked for is not after the clock's. */
export const testClockRefusal = (clock: TestClock, _command: TestClockRefusable): Refusal =>
  clock.status === 'advancing' ? fail('TEST_CLOCK_ADVANCING') : fail('TEST_CLOCK_TIME_INVALID', `frozen_time must be after the clock's time (${clock.frozenTime})`);
