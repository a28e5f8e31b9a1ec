import type { IdempotencyKeyRef } from './idempotency-store.port.js';

/** What one retention pass removed. */
export interface RetentionReport {
  /** Logged events that occurred before the cut-off. */
  readonly events: number;
  /** Webhook deliveries that finished (succeeded or dead) before it. */
  readonly deliveries: number;
  /** Finished aggregates created before it (storages that evict them; MongoDB keeps them). */
  readonly aggregates: number;
}

/** What erasing a project's data removed. */
export interface ProjectErasure {
  readonly contracts: number;
  readonly invoices: number;
  readonly subscriptions: number;
  readonly events: number;
  readonly deliveries: number;
  /** The project's test clocks (what `eraseProject` removes); a clock's own erasure leaves 0. */
  readonly testClocks: number;
  /** The project's webhook endpoints (what `eraseProject` removes: the merchant made them through the API); a clock's erasure leaves 0. */
  readonly webhookEndpoints: number;
}

/** Nothing kept for ever: the storage removes what is older than the retention (`KASSA_RETENTION_DAYS`). */
export interface StorageRetention {
  /**
   * Removes everything a project's traffic stored (not the project's settings), its Idempotency-Keys
   * but `keep` (the key the reset runs under) included: the test environment's reset.
   */
  eraseProject(projectId: number, keep?: IdempotencyKeyRef): Promise<ProjectErasure>;
  /** Removes what lives on one test clock: its contracts, invoices, subscriptions, their events and deliveries (not the clock). */
  eraseTestClock(projectId: number, testClockId: string): Promise<ProjectErasure>;
  /**
   * How many events a project's test clocks keep, all its clocks together; the count may stop at
   * `limit`. An advance is let in while it and the advance stay within TEST_CLOCK_LIMITS.eventsPerProject.
   */
  eventsOnTestClocks(projectId: number, limit: number): Promise<number>;
  /**
   * The bytes one test clock's records take as the storage holds them (JSON text in memory, BSON in
   * MongoDB): its contracts, invoices, subscriptions, events and deliveries. The retention of test
   * clocks by size (`DomainSettings.testClockRetentionBytes`) reads it.
   */
  testClockBytes(projectId: number, testClockId: string): Promise<number>;
  /** Removes the events and finished deliveries (and, where the storage evicts them, finished aggregates) before `before`. */
  purgeBefore(before: string): Promise<RetentionReport>;
}
