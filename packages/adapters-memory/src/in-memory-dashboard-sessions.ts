import type { DashboardSession, DashboardSessions } from '@kassa/domain';
import { JournaledMap, type Journal } from './journal.js';
import { integer, ownId, shape, text } from './restored-checks.js';

/** The dashboard's sessions and failed sign-ins in this process (journaled with a data folder). */
export class InMemoryDashboardSessions implements DashboardSessions {
  private readonly sessions: JournaledMap<string, DashboardSession>;
  private readonly windows: JournaledMap<string, { count: number; readonly expiresAt: string }>;

  constructor(journal?: Journal) {
    this.sessions = new JournaledMap(journal, 'dashboard-sessions', shape({ id: text, partnerLogin: text, passwordMark: text, createdAt: text, expiresAt: text }, ownId));
    this.windows = new JournaledMap(journal, 'dashboard-sign-in-failures', shape({ count: integer, expiresAt: text }));
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
    const id = `${key}\n${windowStart}`;
    const count = (this.windows.get(id)?.count ?? 0) + delta;
    this.windows.set(id, { count, expiresAt });
    return count;
  }

  async purgeExpired(before: string): Promise<number> {
    let removed = 0;
    for (const [id, s] of this.sessions) if (s.expiresAt < before && this.sessions.delete(id)) removed += 1;
    for (const [id, w] of this.windows) if (w.expiresAt < before && this.windows.delete(id)) removed += 1;
    return removed;
  }
}
