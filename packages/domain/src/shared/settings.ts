/**
 * `test` is the spec's test environment (fixed PIN, chosen outcomes, hints); `production` drops it.
 * The composition root chooses the ports by it (KassaPorts' `time` and `sandbox`); no use case reads it.
 */
export type KassaMode = 'test' | 'production';

/** Settings the use cases read; lifetimes are Kassa's choice where the spec says "not shown". */
export interface DomainSettings {
  readonly contractLifetimeSeconds: number;
  readonly invoiceLifetimeSeconds: number;
  /** Events and finished deliveries (and, in memory, finished aggregates) older than this many days are removed. */
  readonly retentionDays: number;
  /** A webhook endpoint whose deliveries have all failed for this many hours is disabled (`KASSA_ENDPOINT_DISABLE_AFTER_HOURS`). */
  readonly endpointDisableAfterHours: number;
  /**
   * What a project's test clocks keep, in bytes as the storage holds them (`KASSA_TEST_CLOCK_RETENTION_MB`):
   * beyond it the retention removes the project's oldest clocks first, before their 30 days.
   */
  readonly testClockRetentionBytes: number;
}

/** `KASSA_ENDPOINT_DISABLE_AFTER_HOURS`' default: five days of nothing but failures. */
export const DEFAULT_ENDPOINT_DISABLE_AFTER_HOURS = 120;

/** `KASSA_RETENTION_DAYS`' default. */
export const DEFAULT_RETENTION_DAYS = 30;

/** `KASSA_TEST_CLOCK_RETENTION_MB`' default: one advance of the whole budget (10,000 charges) with its deliveries, and room. */
export const DEFAULT_TEST_CLOCK_RETENTION_MB = 128;

export const TEST_PIN = '1234';

export const defaultSettings = (): DomainSettings => ({
  contractLifetimeSeconds: 365 * 24 * 3600,
  invoiceLifetimeSeconds: 24 * 3600,
  retentionDays: DEFAULT_RETENTION_DAYS,
  endpointDisableAfterHours: DEFAULT_ENDPOINT_DISABLE_AFTER_HOURS,
  testClockRetentionBytes: DEFAULT_TEST_CLOCK_RETENTION_MB * 1_000_000,
});
