// The numbers alone, in shared/: a new aggregate's start (the test environment's time source,
// sandbox/environment/test-clock-time.ts) checks one of them, and the sandbox's use cases the rest.

/**
 * The sandbox's budget (docs/merchants/sandbox.md, "Test clocks"): a shared sandbox serves every merchant, so no one
 * call may cost minutes. Beyond a limit the request is refused up front with TEST_CLOCK_LIMIT_EXCEEDED.
 */
export const TEST_CLOCK_LIMITS = {
  /** Clocks one project holds at once. */
  clocksPerProject: 100,
  /** Contracts, invoices and subscriptions attached to one clock. */
  objectsPerClock: 1_000,
  /**
   * Pieces of work one advance may run: charges (and their retries), expiries, approval deadlines.
   * Webhook attempts come on top, at most ten an event and endpoint, paced per endpoint.
   */
  piecesPerAdvance: 10_000,
  /**
   * Events a project's clocks keep, all of them together (each object's creation records one, each
   * charge another): an advance is let in only while what they keep plus its pieces of work stays
   * within it (issue 43, item 5), with what the advances still under way have left to do. One advance of the whole budget fits, a second only once a clock is deleted; the bytes they keep are bounded by the retention too (KASSA_TEST_CLOCK_RETENTION_MB).
   */
  eventsPerProject: 20_000,
  /** Days a clock lives, in real time from its creation, before it goes with everything on it (Stripe's 30). */
  retentionDays: 30,
} as const;

/** The message of a refused request: which limit, and its value. */
export const limitMessage = {
  clocks: () => `A project holds at most ${TEST_CLOCK_LIMITS.clocksPerProject} test clocks (clocksPerProject): delete one first`,
  objects: () => `A test clock holds at most ${TEST_CLOCK_LIMITS.objectsPerClock} contracts, invoices and subscriptions (objectsPerClock): use another clock`,
  pieces: (estimate: number) =>
    `This advance would run about ${estimate} pieces of work (charges, expiries, approval deadlines); one advance runs at most ${TEST_CLOCK_LIMITS.piecesPerAdvance} (piecesPerAdvance): advance in smaller steps`,
  events: (kept: number, estimate: number) =>
    `This project's test clocks keep ${kept} events (with what the advances under way still have to do) and this advance would add about ${estimate}; they keep at most ${TEST_CLOCK_LIMITS.eventsPerProject} (eventsPerProject): delete a test clock you are done with, or advance in smaller steps`,
};
