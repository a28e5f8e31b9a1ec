import type { Collection } from 'mongodb';
import type { RateWindows } from '@kassa-payments/operations';
import { addToWindow, type WindowCountDocument } from './window-count.js';

/** A rate limit's count in one window. */
export type RateWindowDocument = WindowCountDocument;

/** Expired windows are deleted at most this often per process, for servers without TTL indexes. */
const PURGE_EVERY_MS = 60_000;

/**
 * Shared rate windows, one document per key and window, counted by `addToWindow` (every API process
 * counts into one).
 */
export class MongoRateWindows implements RateWindows {
  private lastPurgeMs = 0;

  constructor(private readonly windows: Collection<RateWindowDocument>) {}

  async add(key: string, windowStart: string, expiresAt: string): Promise<number> {
    this.purge(Date.parse(windowStart));
    return addToWindow(this.windows, key, windowStart, expiresAt, 1);
  }

  /** In the background: a failed purge waits for the next. */
  private purge(nowMs: number): void {
    if (nowMs - this.lastPurgeMs < PURGE_EVERY_MS) return;
    this.lastPurgeMs = nowMs;
    this.windows.deleteMany({ expireAt: { $lt: new Date(nowMs) } }).catch(() => undefined);
  }
}
