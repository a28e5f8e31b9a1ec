import type { KassaPorts } from '../ports/kassa-ports.js';
import type { RetentionReport } from '../ports/storage-retention.port.js';

/** How often the due-work sweep also applies the retention: a pass is a range delete per collection. */
export const RETENTION_EVERY_MS = 3_600_000;

/**
 * Applies the storage's retention from the due-work sweep, at most once an hour per process (a
 * repeated pass finds little; every process may run it, deletes are idempotent). Answers what it
 * removed, or undefined when it was not yet time.
 */
export class ApplyRetention {
  private lastRunMs: number | undefined;

  constructor(private readonly ports: Pick<KassaPorts, 'retention' | 'clock' | 'settings'>) {}

  async execute(): Promise<RetentionReport | undefined> {
    const now = this.ports.clock.now().getTime();
    if (this.lastRunMs !== undefined && now - this.lastRunMs < RETENTION_EVERY_MS) return undefined;
    this.lastRunMs = now;
    return this.ports.retention.purgeBefore(new Date(now - this.ports.settings.retentionDays * 86_400_000).toISOString());
  }
}
