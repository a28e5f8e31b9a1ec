import type { Collection } from 'mongodb';
import { storage } from './mongo-errors.js';

/** One key's count in one fixed window: the rate limits' and the sign-in throttle's. */
export interface WindowCountDocument {
  /** The limit's key and the window's start. */
  _id: string;
  count: number;
  /** A date: the TTL index `ttl` removes the window after it. */
  expireAt: Date;
}

/**
 * Adds `delta` to `key`'s count in the window starting at `windowStart` (made when absent) and
 * answers the count this add made: one atomic `$inc` on an upsert, so every API process counts into
 * one. Projected, so that the answer is this add's own on mongo-java-server too (see
 * MongoEventFeed's `take`).
 */
export async function addToWindow(windows: Collection<WindowCountDocument>, key: string, windowStart: string, expiresAt: string, delta: number): Promise<number> {
  const doc = await storage(() =>
    windows.findOneAndUpdate(
      { _id: `${key}\n${windowStart}` },
      { $inc: { count: delta }, $set: { expireAt: new Date(expiresAt) } },
      {
        upsert: true,
        returnDocument: 'after',
        projection: { count: 1 },
      },
    ),
  );
  return doc?.count ?? delta;
}
