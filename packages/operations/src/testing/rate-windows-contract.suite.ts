import type { TestApi } from '@kassa-payments/domain/testing';
import type { RateWindows } from '../ports/rate-windows.port.js';

let seq = 0;
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${++seq}`;

/** What every storage keeps of the counts of shared rate limits. */
export function describeRateWindowsContract(name: string, fresh: () => Promise<{ readonly rateWindows: RateWindows }>, t: TestApi): void {
  const { describe, it, expect } = t;
  describe(`rate windows: ${name}`, () => {
    it('racing adds count each once in their window; the next window and another key start from nothing', async () => {
      const { rateWindows } = await fresh();
      const key = unique('callback:partner');
      const counts = await Promise.all(Array.from({ length: 10 }, () => rateWindows.add(key, '2026-11-24T10:00:00.000Z', '2026-11-24T10:02:00.000Z')));
      // Each add answers its own count: 1 to 10, each once (what the limit's edge relies on).
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      expect(await rateWindows.add(key, '2026-11-24T10:00:00.000Z', '2026-11-24T10:02:00.000Z')).toBe(11);
      expect(await rateWindows.add(key, '2026-11-24T10:01:00.000Z', '2026-11-24T10:03:00.000Z')).toBe(1);
      expect(await rateWindows.add(unique('callback:other'), '2026-11-24T10:00:00.000Z', '2026-11-24T10:02:00.000Z')).toBe(1);
    });
  });
}
