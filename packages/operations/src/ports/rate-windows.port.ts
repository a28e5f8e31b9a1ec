/**
 * Counts in fixed time windows, kept in storage so that every API process of a deployment counts
 * into one (the test environment's callback rate per partner): a limit counted in each process
 * would let as many times more through as there are processes.
 */
export interface RateWindows {
  /**
   * Adds one to `key`'s count in the window that began at `windowStart` (kept until `expiresAt`),
   * atomically; answers the count after it (at least its own: racing adds never all read a count
   * from before any of them).
   */
  add(key: string, windowStart: string, expiresAt: string): Promise<number>;
}
