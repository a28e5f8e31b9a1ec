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
