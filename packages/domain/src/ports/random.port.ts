/** Randomness the domain uses (the jitter of webhook retries), through a port so tests fix it. */
export interface RandomSource {
  /** A number in [0, 1). */
  next(): number;
}
