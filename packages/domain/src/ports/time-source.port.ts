import type { DomainError } from '../shared/errors.js';
import type { EventStamp } from '../shared/events.js';
import type { Result } from '../shared/result.js';
import type { Scheduler } from './scheduler.port.js';

/** Whatever can live on a test clock: its project and, when attached, the clock (its persisted `testClockId`). */
export interface OnClock {
  readonly projectId: number;
  readonly testClockId?: string;
}

/** Where a new aggregate begins: its first time, and the clock it is attached to, if any. */
export interface StartingTime {
  readonly now: Date;
  readonly testClockId?: string;
}

/**
 * What time it is for an aggregate: one time source per aggregate. Production binds RealTime (the
 * Clock port's time for everyone; test clocks do not exist); the test environment binds the
 * sandbox's TestClockTime (an aggregate attached to a test clock reads that clock, others real
 * time). Use cases ask this port and never read a test clock themselves. Both are built from a
 * Clock (and TestClockTime from the test clock repository): whoever swaps `clock` or `testClocks`
 * in KassaPorts builds `time` again from the new ones.
 */
export interface TimeSource {
  /** The time of `on`. */
  now(on: OnClock): Promise<Date>;
  /** `base` (a command's stamp in real time, stampOf) moved into `on`'s time, naming the clock it is on. */
  stamp(on: OnClock, base: EventStamp): Promise<EventStamp>;
  /**
   * Where a new aggregate of `projectId` begins when its request names `requestedClockId`
   * (test_info's): a refusal when that clock cannot take it; real time, on no clock, where clocks do
   * not exist (the request's clock is ignored, as production ignores all of test_info).
   */
  start(projectId: number, requestedClockId: string | undefined): Promise<Result<StartingTime, DomainError>>;
  /** Where `on`'s time is being moved to when an advance of its clock is under way (that advance runs what falls due until then), else undefined. */
  advancingTo(on: OnClock): Promise<string | undefined>;
  /** The scheduler as the use cases see it: `inner`, with each job run in its aggregate's time. */
  scheduler(inner: Scheduler): Scheduler;
}
