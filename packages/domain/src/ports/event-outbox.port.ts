import type { DomainEvent } from '../events/domain-event.js';

/**
 * Events saved with their aggregates and not yet handed on. The relay reads `pending`, delivers,
 * then `acknowledge`s; a crash in between delivers again (at-least-once, stable ids).
 */
export interface EventOutbox {
  /** Unacknowledged events, oldest first, at most `limit`; with `testClockId`, only those of aggregates on that clock. */
  pending(limit: number, testClockId?: string): Promise<DomainEvent[]>;
  /** When the oldest event still waiting was recorded (read only: the metrics call it at every scrape). */
  oldestPendingAt(): Promise<string | undefined>;
  /** Removes one event from its aggregate's outbox; unknown ids are ignored. */
  acknowledge(event: Pick<DomainEvent, 'id' | 'aggregate'>): Promise<void>;
}
