import type { TimeRange } from '@kassa-payments/domain';

// The overview's periods: what `?period=` may name. Thirty days is the longest: the event log the
// sums read keeps that much by default (KASSA_RETENTION_DAYS).

export const PERIODS = { '1h': 3_600, '24h': 86_400, '7d': 7 * 86_400, '30d': 30 * 86_400 } as const;
export type Period = keyof typeof PERIODS;
export const PERIOD_NAMES = Object.keys(PERIODS) as Period[];
/** Without `?period=`: a day, which a newcomer's first session fits in. */
export const DEFAULT_PERIOD: Period = '24h';

const isPeriod = (value: string): value is Period => Object.hasOwn(PERIODS, value);

/** `?period=` read: absent or empty is the default; anything else but a period's name (an array too) is refused. */
export function periodOf(value: unknown): Period | undefined {
  if (value === undefined || value === '') return DEFAULT_PERIOD;
  return typeof value === 'string' && isPeriod(value) ? value : undefined;
}

/** The period up to `now`, `now` included (a record of this very millisecond counts). */
export function periodRange(period: Period, now: Date): TimeRange {
  const end = now.getTime() + 1;
  return { from: new Date(end - 1 - PERIODS[period] * 1000).toISOString(), before: new Date(end).toISOString() };
}
