import type { Collection } from 'mongodb';
import type { RateWindows } from '@kassa/operations';
import { storage } from './mongo-errors.js';

export interface RateWindowDocument {
  /** The limit's key and the window's start. */
  _id: string;
  count: number;
  /** A date: the TTL index `ttl` removes the window after it. */
  expireAt: Date;
}

/** Expired windows are deleted at most this often per process, for servers without TTL indexes. */
const PURGE_EVERY_MS = 60_000;

/**
 * Shared rate windows, one document per key and window: the count is an atomic `$inc` on an upsert,
 * so every API process counts into one.
 */
export class MongoRateWindows implements RateWindows {
  private lastPurgeMs = 0;

  constructor(private readonly windows: Collection<RateWindowDocument>) {}

  async add(key: string, windowStart: string, expiresAt: string): Promise<number> {
    this.purge(Date.parse(windowStart));
    // Projected, so the count answered is this increment's own (see MongoEventFeed.take).
    const doc = await storage(() =>
      this.windows.findOneAndUpdate(
        { _id: `${key}\n${windowStart}` },
        { $inc: { count: 1 }, $set: { expireAt: new Date(expiresAt) } },
        { upsert: true, returnDocument: 'after', projection: { count: 1 } },
      ),
    );
    return doc?.count ?? 1;
  }

  /** In the background: a failed purge waits for the next. */
  private purge(nowMs: number): void {
    if (nowMs - this.lastPurgeMs < PURGE_EVERY_MS) return;
    this.lastPurgeMs = nowMs;
    this.windows.deleteMany({ expireAt: { $lt: new Date(nowMs) } }).catch(() => undefined);
  }
}
