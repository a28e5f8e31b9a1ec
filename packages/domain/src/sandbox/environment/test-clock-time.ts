import type { Clock } from '../../ports/clock.port.js';
import type { Scheduler } from '../../ports/scheduler.port.js';
import type { TestClockRepository } from '../../ports/test-clock-repository.port.js';
import type { OnClock, StartingTime, TimeSource } from '../../ports/time-source.port.js';
import type { EventStamp } from '../../shared/events.js';
import { fail, type DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { limitMessage, TEST_CLOCK_LIMITS } from '../../shared/test-clock-limits.js';
import { ClockedScheduler } from './clocked-scheduler.js';
import { heldChangeRefused } from '../test-clock.js';

/**
 * The test environment's time: an aggregate attached to a test clock lives in that clock's time,
 * every other in the Clock port's. A clock that is gone (deleted meanwhile) leaves real time.
 */
export class TestClockTime implements TimeSource {
  constructor(
    private readonly testClocks: TestClockRepository,
    private readonly clock: Clock,
  ) {}

  async now(on: OnClock): Promise<Date> {
    if (!on.testClockId) return this.clock.now();
    const clock = await this.testClocks.get(on.projectId, on.testClockId);
    return clock ? new Date(clock.frozenTime) : this.clock.now();
  }

  async stamp(on: OnClock, base: EventStamp): Promise<EventStamp> {
    if (!on.testClockId) return base;
    return { ...base, now: (await this.now(on)).toISOString(), testClockId: on.testClockId };
  }

  /**
   * On the test clock the request names, at that clock's time; else now. A clock that is advancing
   * takes nobody new (its advance's budget was counted from what it held), nor a clock that holds
   * its share (TEST_CLOCK_LIMITS.objectsPerClock).
   */
  async start(projectId: number, requestedClockId: string | undefined): Promise<Result<StartingTime, DomainError>> {
    if (!requestedClockId) return ok({ now: this.clock.now() });
    const clock = await this.testClocks.get(projectId, requestedClockId);
    if (!clock) return fail('TEST_CLOCK_NOT_FOUND', `No test clock ${requestedClockId} in this project`);
    const refused = heldChangeRefused(clock);
    if (refused) return refused;
    const limit = TEST_CLOCK_LIMITS.objectsPerClock;
    if ((await this.testClocks.attachedTo(projectId, requestedClockId, limit)) >= limit) {
      return fail('TEST_CLOCK_LIMIT_EXCEEDED', limitMessage.objects(), { limit: 'objectsPerClock', value: limit });
    }
    return ok({ now: new Date(clock.frozenTime), testClockId: requestedClockId });
  }

  async advancingTo(on: OnClock): Promise<string | undefined> {
    if (!on.testClockId) return undefined;
    const clock = await this.testClocks.get(on.projectId, on.testClockId);
    return clock?.status === 'advancing' ? (clock.advancingTo ?? undefined) : undefined;
  }

  scheduler(inner: Scheduler): Scheduler {
    return new ClockedScheduler(inner, this.testClocks, this.clock);
  }
}
