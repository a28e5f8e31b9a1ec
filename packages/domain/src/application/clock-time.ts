import type { KassaPorts } from '../ports/kassa-ports.js';
import type { EventStamp } from '../shared/events.js';
import { stampOf } from './event-stamp.js';
import { fail, type DomainError } from '../shared/errors.js';
import { ok, type Result } from '../shared/result.js';
import { limitMessage, TEST_CLOCK_LIMITS } from '../shared/test-clock-limits.js';

/** Whatever can live on a test clock: its project and, when attached, the clock. */
export interface OnClock {
  readonly projectId: number;
  readonly testClockId?: string;
}

type TimePorts = Pick<KassaPorts, 'clock' | 'testClocks'>;

/**
 * The time of `on`: its test clock's when it is attached to one (the test environment), else the
 * Clock port's. A clock that is gone (deleted meanwhile) leaves real time.
 */
export async function timeOf(ports: TimePorts, on: OnClock): Promise<Date> {
  if (!on.testClockId) return ports.clock.now();
  const clock = await ports.testClocks.get(on.projectId, on.testClockId);
  return clock ? new Date(clock.frozenTime) : ports.clock.now();
}

/** The stamp of a command on `on`: stampOf, in `on`'s time, naming its clock. */
export async function stampFor(ports: TimePorts & Pick<KassaPorts, 'ids' | 'requests'>, on: OnClock): Promise<EventStamp> {
  const stamp = stampOf(ports.clock, ports.ids, ports.requests);
  if (!on.testClockId) return stamp;
  return { ...stamp, now: (await timeOf(ports, on)).toISOString(), testClockId: on.testClockId };
}

/** `{ testClockId }` when `on` has one, else nothing: spread into jobs and new aggregates. */
export const clockOf = (on: { readonly testClockId?: string | undefined }): { testClockId?: string } => (on.testClockId ? { testClockId: on.testClockId } : {});

/**
 * Where a new aggregate begins: on the test clock the request names (the test environment only;
 * production ignores it, as it does all of test_info), at that clock's time; else now. A clock that
 * is advancing takes nobody new (its advance's budget was counted from what it held), nor a clock
 * that holds its share (TEST_CLOCK_LIMITS.objectsPerClock).
 */
export async function startingTime(
  ports: TimePorts & Pick<KassaPorts, 'settings'>,
  projectId: number,
  testClockId: string | undefined,
): Promise<Result<{ readonly now: Date; readonly testClockId?: string }, DomainError>> {
  if (!testClockId || ports.settings.mode !== 'test') return ok({ now: ports.clock.now() });
  const clock = await ports.testClocks.get(projectId, testClockId);
  if (!clock) return fail('TEST_CLOCK_NOT_FOUND', `No test clock ${testClockId} in this project`);
  if (clock.status === 'advancing') return fail('TEST_CLOCK_ADVANCING');
  const limit = TEST_CLOCK_LIMITS.objectsPerClock;
  if ((await ports.testClocks.attachedTo(projectId, testClockId, limit)) >= limit) {
    return fail('TEST_CLOCK_LIMIT_EXCEEDED', limitMessage.objects(), { limit: 'objectsPerClock', value: limit });
  }
  return ok({ now: new Date(clock.frozenTime), testClockId });
}
