import { describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import type { Partner } from '@kassa/domain';
import { InMemoryDashboardSessions } from '@kassa/adapters-memory';
import { MAX_FAILURES_PER_LOGIN_AND_ADDRESS, SESSION_COOKIE, signedIn, signIn } from './dashboard-auth.js';

// The dashboard's sign-in on in-memory sessions: the throttle against guesses sent side by side, and
// a session that ends with the password it was opened with.
const NOW = new Date('2026-11-24T10:00:00.000Z');

function exchange(ip: string, cookie?: string) {
  const cookies: string[] = [];
  const req = { ip, secure: false, headers: cookie ? { cookie } : {} } as unknown as Request;
  const res = { append: (_name: string, value: string) => cookies.push(value) } as unknown as Response;
  return { req, res, cookies };
}

describe('dashboard sign-in', () => {
  it('20 wrong guesses side by side from one address: at most 5 are checked, the rest throttled, and then the right password too; another address signs in', async () => {
    const sessions = new InMemoryDashboardSessions();
    const partner: Partner = { login: 'merchant', password: 'right-password', testCallbackAllowed: false };
    const deps = { sessions, projects: { findPartner: async (login: string) => (login === 'merchant' ? partner : undefined) } };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => signIn(deps, exchange('198.51.100.1').req, exchange('198.51.100.1').res, { login: 'merchant', password: 'guess', now: NOW })));
    expect(outcomes.filter((o) => o.kind === 'refused').length).toBeLessThanOrEqual(MAX_FAILURES_PER_LOGIN_AND_ADDRESS);
    expect(outcomes.filter((o) => o.kind === 'throttled').length).toBeGreaterThanOrEqual(15);
    const blocked = exchange('198.51.100.1');
    expect((await signIn(deps, blocked.req, blocked.res, { login: 'merchant', password: 'right-password', now: NOW })).kind).toBe('throttled');
    const elsewhere = exchange('203.0.113.9');
    expect((await signIn(deps, elsewhere.req, elsewhere.res, { login: 'merchant', password: 'right-password', now: NOW })).kind).toBe('signed-in');
  });

  it('a session ends when its password stops being the partner’s (after a rotation’s overlap)', async () => {
    const sessions = new InMemoryDashboardSessions();
    let partner: Partner = { login: 'merchant', password: 'first-password', testCallbackAllowed: false };
    const deps = { sessions, projects: { findPartner: async () => partner } };
    const first = exchange('203.0.113.10');
    expect((await signIn(deps, first.req, first.res, { login: 'merchant', password: 'first-password', now: NOW })).kind).toBe('signed-in');
    const token = /^kassa_session=([^;]+)/.exec(first.cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '')?.[1] ?? '';
    const visit = () => signedIn(deps, exchange('203.0.113.10', `${SESSION_COOKIE}=${token}`).req, NOW);
    expect((await visit())?.partnerLogin).toBe('merchant');
    // Rotated, the old password still counting for an hour: the session too.
    partner = { ...partner, password: 'second-password', previousPassword: { value: 'first-password', validUntil: '2026-11-24T11:00:00.000Z' } };
    expect((await visit())?.partnerLogin).toBe('merchant');
    // The overlap over: the session is over.
    partner = { ...partner, previousPassword: { value: 'first-password', validUntil: '2026-11-24T09:00:00.000Z' } };
    expect(await visit()).toBeUndefined();
  });
});
