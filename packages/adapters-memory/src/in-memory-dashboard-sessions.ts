import { LRUCache } from 'lru-cache';
import type { DashboardSession, DashboardSessions } from '@kassa-payments/operations';
import { JournaledMap, type Journal } from './journal.js';
import { ownId, shape, text } from './restored-checks.js';

/**
 * At most this many sign-in windows are kept (about 6 MB): past it the least recently counted goes.
 * A flood from one address adds one window once the address is throttled (and at most 41 before);
 * it takes some 500 addresses within one window to push out a window that still counts (MongoDB, for
 * production, keeps every window until it expires).
 */
export const MAX_SIGN_IN_WINDOWS = 20_000;

/**
 * The dashboard's sessions (journaled with a data folder) and its failed sign-ins (in memory only, in
 * a bounded cache that forgets each window when it expires: a restart forgets the throttle's counts,
 * and no attempt reaches the data folder).
 */
export class InMemoryDashboardSessions implements DashboardSessions {
  private readonly sessions: JournaledMap<string, DashboardSession>;
  /**
   * Counts by `key|start|end` (the window's start and end in base-36 epoch ms): a number for a value
   * and a short text for a key, so that a full cache stays small (V8 grows its heap with what lives in it).
   */
  private readonly windows: LRUCache<string, number>;

  constructor(journal?: Journal, maxWindows = MAX_SIGN_IN_WINDOWS) {
    this.sessions = new JournaledMap(journal, 'dashboard-sessions', shape({ id: text, partnerLogin: text, passwordMark: text, createdAt: text, expiresAt: text }, ownId));
    this.windows = new LRUCache({ max: maxWindows });
  }

  async create(session: DashboardSession): Promise<void> {
    this.sessions.set(session.id, { ...session });
  }

  async get(id: string, now: string): Promise<DashboardSession | undefined> {
    const session = this.sessions.get(id);
    return session && session.expiresAt > now ? { ...session } : undefined;
  }

  async remove(id: string): Promise<void> {
    this.sessions.delete(id);
  }

  async addFailure(key: string, windowStart: string, expiresAt: string, delta = 1): Promise<number> {
    const id = `${key}|${Date.parse(windowStart).toString(36)}|${Date.parse(expiresAt).toString(36)}`;
    const count = (this.windows.get(id) ?? 0) + delta;
    this.windows.set(id, count);
    return count;
  }

  /** How many sign-in windows are held (the bound's test). */
  get windowCount(): number {
    return this.windows.size;
  }

  async purgeExpired(before: string): Promise<number> {
    let removed = 0;
    for (const [id, s] of this.sessions) if (s.expiresAt < before && this.sessions.delete(id)) removed += 1;
    const beforeMs = Date.parse(before);
    // Listed first: lru-cache's iterators do not survive deletions of what they are on.
    const expired = [...this.windows.keys()].filter((id) => Number.parseInt(id.slice(id.lastIndexOf('|') + 1), 36) < beforeMs);
    for (const id of expired) if (this.windows.delete(id)) removed += 1;
    return removed;
  }
}
