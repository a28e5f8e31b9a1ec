import { describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import type { Partner } from '@kassa-payments/domain';
import { InMemoryDashboardSessions } from '@kassa-payments/adapters-memory';
import { SESSION_COOKIE, signedIn, signIn } from './dashboard-auth.js';
import { addressGroup, MAX_FAILURES_PER_LOGIN, MAX_FAILURES_PER_LOGIN_AND_ADDRESS, SignInThrottle } from './sign-in-throttle.js';

// The dashboard's sign-in on in-memory sessions: the throttle against guesses sent side by side, and
// a session that ends with the password it was opened with.
const NOW = new Date('2026-11-24T10:00:00.000Z');

function exchange(ip: string, cookie?: string) {
  const cookies: string[] = [];
  const req = { ip, secure: false, headers: cookie ? { cookie } : {} } as unknown as Request;
  const res = { append: (_name: string, value: string) => cookies.push(value) } as unknown as Response;
  return { req, res, cookies };
}

const partnerDeps = (sessions: InMemoryDashboardSessions, partner: Partner) => ({
  sessions,
  throttle: new SignInThrottle(sessions, 'test-throttle-key'),
  projects: { findPartner: async (login: string) => (login === partner.login ? partner : undefined) },
});
const attempt = (deps: ReturnType<typeof partnerDeps>, ip: string, password: string, login = 'merchant') => {
  const { req, res } = exchange(ip);
  return signIn(deps, req, res, { login, password, now: NOW });
};

describe('dashboard sign-in', () => {
  it('20 wrong guesses side by side from one address: at most 5 are checked, the rest throttled, and then the right password too; another address signs in', async () => {
    const sessions = new InMemoryDashboardSessions();
    const partner: Partner = { login: 'merchant', password: 'right-password', testCallbackAllowed: false };
    const deps = partnerDeps(sessions, partner);
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
    const deps = { sessions, throttle: new SignInThrottle(sessions, 'test-throttle-key'), projects: { findPartner: async () => partner } };
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

  it('60 wrong guesses from one address do not lock the partner out: the right password from another address signs in', async () => {
    const deps = partnerDeps(new InMemoryDashboardSessions(), { login: 'merchant', password: 'right-password', testCallbackAllowed: false });
    const outcomes = [];
    for (let i = 0; i < 60; i++) outcomes.push((await attempt(deps, '198.51.100.7', `guess-${i}`)).kind);
    expect(outcomes.filter((k) => k === 'refused')).toHaveLength(MAX_FAILURES_PER_LOGIN_AND_ADDRESS);
    expect((await attempt(deps, '198.51.100.7', 'right-password')).kind).toBe('throttled');
    expect((await attempt(deps, '203.0.113.9', 'right-password')).kind).toBe('signed-in');
  });

  it('20 addresses × 5 guesses still stop the login: at most 50 passwords checked, then the right one is throttled from a new address too', async () => {
    const deps = partnerDeps(new InMemoryDashboardSessions(), { login: 'merchant', password: 'right-password', testCallbackAllowed: false });
    const outcomes: string[] = [];
    for (let a = 1; a <= 20; a++) for (let i = 0; i < 5; i++) outcomes.push((await attempt(deps, `198.51.100.${a}`, `guess-${i}`)).kind);
    expect(outcomes.filter((k) => k === 'refused')).toHaveLength(MAX_FAILURES_PER_LOGIN);
    expect(outcomes.filter((k) => k === 'throttled')).toHaveLength(100 - MAX_FAILURES_PER_LOGIN);
    expect((await attempt(deps, '203.0.113.77', 'right-password')).kind).toBe('throttled');
  });

  it('one address guessing many logins is stopped after 20, and stores nothing more for the logins it goes on trying', async () => {
    const sessions = new InMemoryDashboardSessions();
    const deps = partnerDeps(sessions, { login: 'merchant', password: 'right-password', testCallbackAllowed: false });
    const outcomes: string[] = [];
    for (let i = 0; i < 1_000; i++) outcomes.push((await attempt(deps, '198.51.100.9', 'guess', `login-${i}`)).kind);
    expect(outcomes.filter((k) => k === 'refused')).toHaveLength(20);
    // The address's window, and the login-and-address and login windows of the 20 it tried.
    expect(sessions.windowCount).toBe(1 + 2 * 20);
  });

  it('an IPv6 host is one address by its /64; IPv4 (also IPv4-mapped) as it is', () => {
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe(addressGroup('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(addressGroup('2001:db8:1:2::1'));
    expect(addressGroup('::ffff:198.51.100.1')).toBe('198.51.100.1');
    expect(addressGroup('198.51.100.1')).toBe('198.51.100.1');
  });

  it('stores keyed digests only: neither a login nor a password typed as one reaches storage', async () => {
    const keys: string[] = [];
    const sessions = new InMemoryDashboardSessions();
    const add = sessions.addFailure.bind(sessions);
    sessions.addFailure = (key, ...rest) => {
      keys.push(key);
      return add(key, ...rest);
    };
    await attempt(partnerDeps(sessions, { login: 'merchant', password: 'right-password', testCallbackAllowed: false }), '198.51.100.3', 'x', 'my-secret-password');
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(key).not.toContain('my-secret');
      expect(key).not.toContain('198.51');
    }
  });
});
