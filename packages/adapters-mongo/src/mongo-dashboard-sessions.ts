import type { Collection } from 'mongodb';
import type { DashboardSession, DashboardSessions } from '@kassa/operations';
import { storage } from './mongo-errors.js';

export interface SessionDocument {
  _id: string;
  partnerLogin: string;
  passwordMark: string;
  createdAt: string;
  expiresAt: string;
}

export interface FailureWindowDocument {
  /** The throttle's key (a keyed digest, never a login as typed) and the window's start. */
  _id: string;
  count: number;
  /** A date, not text: the TTL index `ttl` removes the window after it. */
  expireAt: Date;
  /** Windows written by Kassa before the TTL index had this text instead (purged as well). */
  expiresAt?: string;
}

/**
 * The dashboard's sessions (by the digest of their token) and its failed sign-ins, one document per
 * key and window: the count is an atomic `$inc` on an upsert, so every API process counts into one.
 * Windows expire by themselves (a TTL index on MongoDB; `purgeExpired` on servers without TTL).
 */
export class MongoDashboardSessions implements DashboardSessions {
  constructor(
    private readonly sessions: Collection<SessionDocument>,
    private readonly windows: Collection<FailureWindowDocument>,
  ) {}

  async create(session: DashboardSession): Promise<void> {
    const { id, ...rest } = session;
    await storage(() => this.sessions.insertOne({ _id: id, ...rest }));
  }

  async get(id: string, now: string): Promise<DashboardSession | undefined> {
    const doc = await storage(() => this.sessions.findOne({ _id: id, expiresAt: { $gt: now } }));
    return doc ? { id: doc._id, partnerLogin: doc.partnerLogin, passwordMark: doc.passwordMark, createdAt: doc.createdAt, expiresAt: doc.expiresAt } : undefined;
  }

  async remove(id: string): Promise<void> {
    await storage(() => this.sessions.deleteOne({ _id: id }));
  }

  async addFailure(key: string, windowStart: string, expiresAt: string, delta = 1): Promise<number> {
    const expireAt = new Date(expiresAt);
    // Projected, so the count answered is this increment's own (see MongoEventFeed.take).
    const doc = await storage(() =>
      this.windows.findOneAndUpdate({ _id: `${key}\n${windowStart}` }, { $inc: { count: delta }, $set: { expireAt } }, { upsert: true, returnDocument: 'after', projection: { count: 1 } }),
    );
    return doc?.count ?? delta;
  }

  async purgeExpired(before: string): Promise<number> {
    const [a, b] = await Promise.all([
      storage(() => this.sessions.deleteMany({ expiresAt: { $lt: before } })),
      storage(() => this.windows.deleteMany({ $or: [{ expireAt: { $lt: new Date(before) } }, { expiresAt: { $lt: before } }] })),
    ]);
    return a.deletedCount + b.deletedCount;
  }
}
