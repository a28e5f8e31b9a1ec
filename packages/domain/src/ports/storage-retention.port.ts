/** What one retention pass removed. */
export interface RetentionReport {
  /** Logged events that occurred before the cut-off. */
  readonly events: number;
  /** Webhook deliveries that finished (succeeded or dead) before it. */
  readonly deliveries: number;
  /** Finished aggregates created before it (storages that evict them; MongoDB keeps them). */
  readonly aggregates: number;
}

/** Nothing kept for ever: the storage removes what is older than the retention (`KASSA_RETENTION_DAYS`). */
export interface StorageRetention {
  /** Removes the events and finished deliveries (and, where the storage evicts them, finished aggregates) before `before`. */
  purgeBefore(before: string): Promise<RetentionReport>;
}
