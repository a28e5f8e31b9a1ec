import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies, serialize } from 'cookie';
import type { Request, Response } from 'express';
import { callerIp } from '@kassa-payments/http-kit';
import type { SignInThrottle } from './sign-in-throttle.js';
import { liveSecrets, type Partner, type ProjectDirectory } from '@kassa-payments/domain';
import type { DashboardSession, DashboardSessions } from '@kassa-payments/operations';

export const SESSION_COOKIE = 'kassa_session';
/** The sign-in form's own token (double-submit: nothing is signed in yet to derive one from). */
export const SIGN_IN_COOKIE = 'kassa_sign_in';
export const DASHBOARD_PATH = '/dashboard';
/** A session lasts this long from sign-in. */
export const SESSION_HOURS = 12;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const sameText = (a: string, b: string) => {
  const [x, y] = [createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest()];
  return timingSafeEqual(x, y);
};

/** The CSRF token of a session: derived from its cookie's token, so nothing more is stored. */
export const csrfOf = (sessionToken: string) => createHmac('sha256', sessionToken).update('kassa-dashboard-csrf').digest('base64url');

export interface SignedIn {
  readonly session: DashboardSession;
  readonly partnerLogin: string;
  readonly csrf: string;
}

const cookieOf = (req: Request, name: string): string | undefined => {
  const header = req.headers.cookie;
  return header ? parseCookies(header)[name] : undefined;
};

const cookieOptions = (req: Request, maxAgeSeconds: number) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  // Behind https (req.secure, or X-Forwarded-Proto from a trusted proxy) the cookie never travels in the clear.
  secure: req.secure,
  path: DASHBOARD_PATH,
  maxAge: maxAgeSeconds,
});

/** The mark of the password a session was opened with (see DashboardSession.passwordMark). */
const passwordMark = (token: string, password: string) => createHmac('sha256', token).update(`kassa-dashboard-password\n${password}`).digest('hex');

/**
 * The signed-in partner of a request, if its cookie names a live session whose password is still
 * the partner's (a rotated password ends the sessions opened with it once it stops counting).
 */
export async function signedIn(deps: { readonly sessions: DashboardSessions; readonly projects: Pick<ProjectDirectory, 'findPartner'> }, req: Request, now: Date): Promise<SignedIn | undefined> {
  const token = cookieOf(req, SESSION_COOKIE);
  if (!token || token.length > 200) return undefined;
  const session = await deps.sessions.get(digest(token), now.toISOString());
  if (!session) return undefined;
  const partner = await deps.projects.findPartner(session.partnerLogin);
  const current = partner ? liveSecrets(partner.password, partner.previousPassword, now) : [];
  if (!current.some((p) => sameText(passwordMark(token, p), session.passwordMark))) return undefined;
  return { session, partnerLogin: session.partnerLogin, csrf: csrfOf(token) };
}

/** Whether a form's `csrf` field is this session's token (every POST but the sign-in's). */
export const csrfHolds = (who: SignedIn, field: unknown): boolean => typeof field === 'string' && field.length < 200 && sameText(field, who.csrf);

/** A fresh token for the sign-in form, set as its cookie; the form carries it back. */
export function signInToken(req: Request, res: Response): string {
  const existing = cookieOf(req, SIGN_IN_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  res.append('Set-Cookie', serialize(SIGN_IN_COOKIE, token, cookieOptions(req, 3600)));
  return token;
}

export const signInTokenHolds = (req: Request, field: unknown): boolean => {
  const cookie = cookieOf(req, SIGN_IN_COOKIE);
  return typeof field === 'string' && cookie !== undefined && field.length < 200 && sameText(field, cookie);
};

export type SignInOutcome = { readonly kind: 'signed-in' } | { readonly kind: 'refused' } | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

/**
 * Checks a login and password (the partner's, or its previous one while it still counts), counted by
 * the throttle first: past a limit the answer is `throttled` before any check. A session is created
 * on success: only the digest of its token is stored.
 */
export async function signIn(
  deps: { readonly sessions: DashboardSessions; readonly projects: Pick<ProjectDirectory, 'findPartner'>; readonly throttle: SignInThrottle },
  req: Request,
  res: Response,
  input: { readonly login: string; readonly password: string; readonly now: Date },
): Promise<SignInOutcome> {
  const { sessions } = deps;
  // Counted before the password is looked at, so that guesses sent side by side cannot all pass.
  const verdict = await deps.throttle.attempt(input.login, callerIp(req), input.now);
  if (verdict.kind === 'throttled') return verdict;
  const partner: Partner | undefined = input.login.length <= 200 ? await deps.projects.findPartner(input.login) : undefined;
  const passwords = partner ? liveSecrets(partner.password, partner.previousPassword, input.now) : [];
  // Every candidate compared (a constant-time compare each), found or not.
  const matches = passwords.map((p) => sameText(p, input.password)).some(Boolean);
  if (!partner || !matches) return { kind: 'refused' };
  const password = passwords.find((p) => sameText(p, input.password)) as string;
  // Signed in: the attempt was no failure after all.
  await verdict.forgive();
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(input.now.getTime() + SESSION_HOURS * 3_600_000);
  await sessions.create({ id: digest(token), partnerLogin: partner.login, passwordMark: passwordMark(token, password), createdAt: input.now.toISOString(), expiresAt: expires.toISOString() });
  res.append('Set-Cookie', serialize(SESSION_COOKIE, token, cookieOptions(req, SESSION_HOURS * 3600)));
  return { kind: 'signed-in' };
}

export async function signOut(sessions: DashboardSessions, req: Request, res: Response): Promise<void> {
  const token = cookieOf(req, SESSION_COOKIE);
  if (token) await sessions.remove(digest(token));
  res.append('Set-Cookie', serialize(SESSION_COOKIE, '', { ...cookieOptions(req, 0), expires: new Date(0) }));
}
