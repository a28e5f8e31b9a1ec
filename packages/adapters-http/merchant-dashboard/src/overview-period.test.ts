import { describe, expect, it } from 'vitest';
import { DEFAULT_PERIOD, periodOf, periodRange } from './overview-period.js';

describe('the overview period', () => {
  it('is one of 1h, 24h, 7d, 30d; absent or empty is a day; anything else (another word, a repeated parameter) is refused', () => {
    expect(['1h', '24h', '7d', '30d'].map(periodOf)).toEqual(['1h', '24h', '7d', '30d']);
    expect([periodOf(undefined), periodOf('')]).toEqual([DEFAULT_PERIOD, DEFAULT_PERIOD]);
    expect(DEFAULT_PERIOD).toBe('24h');
    for (const bad of ['2h', '24H', 'toString', '__proto__', ['1h', '7d'], { a: 1 }]) expect(periodOf(bad), JSON.stringify(bad)).toBeUndefined();
  });

  it('is the range up to now, now included: a week is 7 × 24 hours before it', () => {
    expect(periodRange('7d', new Date('2026-03-10T12:00:00.000Z'))).toEqual({ from: '2026-03-03T12:00:00.000Z', before: '2026-03-10T12:00:00.001Z' });
    expect(periodRange('1h', new Date('2026-03-10T12:00:00.000Z')).from).toBe('2026-03-10T11:00:00.000Z');
  });
});
