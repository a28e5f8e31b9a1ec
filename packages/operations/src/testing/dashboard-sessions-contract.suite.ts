import type { DashboardSessions } from '../ports/dashboard-sessions.port.js';
import type { TestApi } from '@kassa-payments/domain/testing';

let seq = 0;
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${++seq}`;

/** What every storage keeps of the dashboard's sessions and failed sign-ins. */
export function describeDashboardSessionsContract(name: string, fresh: () => Promise<{ readonly dashboardSessions: DashboardSessions }>, t: TestApi): void {
  const { describe, it, expect } = t;
  describe(`dashboard sessions: ${name}`, () => {
    it('a session is found until it expires, and not after it is removed', async () => {
      const { dashboardSessions: sessions } = await fresh();
      const id = unique('digest');
      await sessions.create({ id, partnerLogin: 'merchant', passwordMark: 'mark', createdAt: '2026-11-24T10:00:00.000Z', expiresAt: '2026-11-24T22:00:00.000Z' });
      expect((await sessions.get(id, '2026-11-24T21:59:59.000Z'))?.partnerLogin).toBe('merchant');
      expect(await sessions.get(id, '2026-11-24T22:00:00.000Z')).toBeUndefined();
      expect(await sessions.get(unique('other'), '2026-11-24T12:00:00.000Z')).toBeUndefined();
      await sessions.remove(id);
      expect(await sessions.get(id, '2026-11-24T12:00:00.000Z')).toBeUndefined();
    });

    it('20 racing failed sign-ins count 20 in their window, none in the next, one taken back; expired windows are purged', async () => {
      const { dashboardSessions: sessions } = await fresh();
      const key = unique('login:merchant');
      const counts = await Promise.all(Array.from({ length: 20 }, () => sessions.addFailure(key, '2026-11-24T10:00:00.000Z', '2026-11-24T10:15:00.000Z')));
      // What the throttle relies on: each racing attempt answers its own count, 1 to 20, each once.
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(await sessions.addFailure(key, '2026-11-24T10:00:00.000Z', '2026-11-24T10:15:00.000Z', 0)).toBe(20);
      // The next window starts from nothing; taking an attempt back counts down.
      expect(await sessions.addFailure(key, '2026-11-24T10:15:00.000Z', '2026-11-24T10:30:00.000Z')).toBe(1);
      expect(await sessions.addFailure(key, '2026-11-24T10:00:00.000Z', '2026-11-24T10:15:00.000Z', -1)).toBe(19);
      expect((await sessions.purgeExpired('2026-11-24T10:16:00.000Z')) >= 1).toBe(true);
      expect(await sessions.addFailure(key, '2026-11-24T10:00:00.000Z', '2026-11-24T10:15:00.000Z')).toBe(1);
    });
  });
}
