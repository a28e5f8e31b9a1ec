import type { Collection } from 'mongodb';
import type { DashboardSession, DashboardSessions } from '@kassa/domain';
import { storage } from './mongo-errors.js';

export interface SessionDocument {
  _id: string;
  partnerLogin: string;
  passwordMark: string;
  createdAt: string;
  expiresAt: string;
}

export interface FailureWindowDocument {
  _id: string;
  count: number;
  expiresAt: string;
}

/**
 * The dashboard's sessions (by the digest of their token) and its failed sign-ins, one document per
 * key and window: the count is an atomic `$inc` on an upsert, so every API process counts into one.
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
    const doc = await storage(() => this.windows.findOneAndUpdate({ _id: `${key}\n${windowStart}` }, { $inc: { count: delta }, $set: { expiresAt } }, { upsert: true, returnDocument: 'after' }));
    return doc?.count ?? delta;
  }

  async purgeExpired(before: string): Promise<number> {
    const [a, b] = await Promise.all([storage(() => this.sessions.deleteMany({ expiresAt: { $lt: before } })), storage(() => this.windows.deleteMany({ expiresAt: { $lt: before } }))]);
    return a.deletedCount + b.deletedCount;
  }
}
