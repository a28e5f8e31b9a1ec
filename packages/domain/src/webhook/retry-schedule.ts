/**
 * Standard Webhooks' schedule: the first attempt at once, then these delays after each failure
 * (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h: about three days in all). After the last
 * the delivery is dead.
 */
export const RETRY_DELAYS_SECONDS: readonly number[] = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400];

/** Attempts a delivery gets in all: the first and one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** Up to this share of a delay is added at random, so that retries of many deliveries spread out. */
export const JITTER = 0.1;

/** The longest `Retry-After` honoured (a day): a larger one would keep a delivery pending for ever. */
export const MAX_RETRY_AFTER_SECONDS = 86_400;

/**
 * Seconds until the next attempt after `failedAttempts` failures, or null when none is left.
 * `random` is in [0, 1). A `Retry-After` the endpoint sent (429, 503) wins when it asks for longer.
 */
export function nextAttemptDelay(failedAttempts: number, random: number, retryAfterSeconds?: number): number | null {
  const base = RETRY_DELAYS_SECONDS[failedAttempts - 1];
  if (base === undefined || failedAttempts < 1) return null;
  const delay = base + base * JITTER * random;
  const asked = retryAfterSeconds === undefined ? 0 : Math.min(retryAfterSeconds, MAX_RETRY_AFTER_SECONDS);
  return Math.max(asked, delay);
}
