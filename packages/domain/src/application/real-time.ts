import type { Clock } from '../ports/clock.port.js';
import type { Scheduler } from '../ports/scheduler.port.js';
import type { OnClock, StartingTime, TimeSource } from '../ports/time-source.port.js';
import type { DomainError } from '../shared/errors.js';
import type { EventStamp } from '../shared/events.js';
import { ok, type Result } from '../shared/result.js';

/** Production's time: the Clock port's for every aggregate. There are no test clocks: a requested one is ignored. */
export class RealTime implements TimeSource {
  constructor(private readonly clock: Clock) {}

  async now(_on: OnClock): Promise<Date> {
    return this.clock.now();
  }

  async stamp(_on: OnClock, base: EventStamp): Promise<EventStamp> {
    return base;
  }

  async start(_projectId: number, _requestedClockId: string | undefined): Promise<Result<StartingTime, DomainError>> {
    return ok({ now: this.clock.now() });
  }

  async advancingTo(_on: OnClock): Promise<string | undefined> {
    return undefined;
  }

  scheduler(inner: Scheduler): Scheduler {
    return inner;
  }
}
