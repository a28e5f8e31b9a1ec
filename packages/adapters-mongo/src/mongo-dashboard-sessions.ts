import type { Collection } from 'mongodb';
import type { DashboardSession, DashboardSessions } from '@kassa-payments/operations';
import { storage } from './mongo-errors.js';
import { addToWindow, type WindowCountDocument } from './window-count.js';

export interface SessionDocument {
  _id: string;
  partnerLogin: string;
  passwordMark: string;
  createdAt: string;
  expiresAt: string;
}

/** Failed sign-ins in one window; the key is a keyed digest, never a login as typed. */
export interface FailureWindowDocument extends WindowCountDocument {
  /** Windows written by Kassa before the TTL index had this text instead (purged as well). */
  expiresAt?: string;
}

/**
 * The dashboard's sessions (by the digest of their token) and its failed sign-ins, one document per
 * key and window, counted by `addToWindow` (every API process counts into one).
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
    return addToWindow(this.windows, key, windowStart, expiresAt, delta);
  }

  async purgeExpired(before: string): Promise<number> {
    const [a, b] = await Promise.all([
      storage(() => this.sessions.deleteMany({ expiresAt: { $lt: before } })),
      storage(() => this.windows.deleteMany({ $or: [{ expireAt: { $lt: new Date(before) } }, { expiresAt: { $lt: before } }] })),
    ]);
    return a.deletedCount + b.deletedCount;
  }
}
