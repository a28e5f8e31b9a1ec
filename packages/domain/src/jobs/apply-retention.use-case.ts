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

  constructor(
    private readonly ports: Pick<KassaPorts, 'retention' | 'clock' | 'settings'>,
    /** The sandbox's retention of test clocks (removeExpiredTestClocks): how many clocks went. None: no test clocks. */
    private readonly removeExpiredTestClocks?: (now: Date) => Promise<number>,
  ) {}

  /** What the storage's retention removed, and how many test clocks went with everything on them. */
  async execute(): Promise<(RetentionReport & { readonly testClocks: number }) | undefined> {
    const now = this.ports.clock.now().getTime();
    if (this.lastRunMs !== undefined && now - this.lastRunMs < RETENTION_EVERY_MS) return undefined;
    this.lastRunMs = now;
    const report = await this.ports.retention.purgeBefore(new Date(now - this.ports.settings.retentionDays * 86_400_000).toISOString());
    return { ...report, testClocks: (await this.removeExpiredTestClocks?.(new Date(now))) ?? 0 };
  }
}
