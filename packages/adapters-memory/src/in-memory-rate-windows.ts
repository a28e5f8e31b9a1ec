import { LRUCache } from 'lru-cache';
import type { RateWindows } from '@kassa-payments/operations';

/** At most this many windows are kept: past it the least recently counted goes (one per partner and minute). */
export const MAX_RATE_WINDOWS = 10_000;

/**
 * Rate windows of one process (embedded mode has one): in a bounded cache, never journaled (a
 * restart forgets the counts, as it forgets the sign-in throttle's).
 */
export class InMemoryRateWindows implements RateWindows {
  private readonly windows = new LRUCache<string, number>({ max: MAX_RATE_WINDOWS });

  async add(key: string, windowStart: string, expiresAt: string): Promise<number> {
    const id = `${key}|${windowStart}|${expiresAt}`;
    const count = (this.windows.get(id) ?? 0) + 1;
    this.windows.set(id, count);
    return count;
  }
}
