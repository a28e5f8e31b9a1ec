import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { DashboardSessions } from '@kassa-payments/operations';

/**
 * Sign-ins are counted in windows of this many minutes: per address (one guessing many logins), per
 * login from one address (a guesser), and per login from anywhere (a spread-out guesser).
 */
export const SIGN_IN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const MAX_FAILURES_PER_LOGIN_AND_ADDRESS = 5;
/**
 * Attempts on one login from anywhere. Only attempts the narrower limits let through count here, so
 * one address adds at most MAX_FAILURES_PER_LOGIN_AND_ADDRESS: it takes ten addresses to close a
 * login to the others, while a botnet of many is still stopped after 50 guesses.
 */
export const MAX_FAILURES_PER_LOGIN = 50;
/** Expired windows are purged at most this often per process (MongoDB's TTL index does it too). */
const PURGE_EVERY_MS = 60_000;

export type ThrottleVerdict =
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number }
  /** Counted: `forgive` takes the attempt back from every count it went into (a right password). */
  | { readonly kind: 'counted'; forgive(): Promise<void> };

/**
 * The address an attempt is counted under: IPv4 as is, IPv6 by its /64 (one host is given a whole
 * /64, and must not pose as 2^64 guessers).
 */
export function addressGroup(address: string): string {
  if (!ipaddr.isValid(address)) return address || 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

/**
 * The dashboard's sign-in throttle. An attempt is counted per address first (one record an address,
 * so a flood of random logins from one address stores nothing more once the address is throttled),
 * then per login and address, then per login. An attempt refused by one limit is not counted by the
 * ones after it, and the address's count is given back when the login-and-address limit refused it:
 * an attempt refused by a narrower limit never counts in a wider one. Keys are keyed digests (HMAC):
 * a password typed into the login field never reaches storage.
 */
export class SignInThrottle {
  private lastPurgeMs = 0;

  constructor(
    private readonly sessions: DashboardSessions,
    private readonly key: string,
  ) {}

  async attempt(login: string, address: string, now: Date): Promise<ThrottleVerdict> {
    const windowMs = SIGN_IN_WINDOW_MINUTES * 60_000;
    const start = Math.floor(now.getTime() / windowMs) * windowMs;
    const windowStart = new Date(start).toISOString();
    const expiresAt = new Date(start + 2 * windowMs).toISOString();
    const retryAfterSeconds = Math.ceil((start + windowMs - now.getTime()) / 1000);
    this.purgeNow(now);
    const who = login.toLowerCase().slice(0, 200);
    const from = addressGroup(address);
    const add = (key: string, delta = 1) => this.sessions.addFailure(key, windowStart, expiresAt, delta);
    const counted: string[] = [];
    const throttled: ThrottleVerdict = { kind: 'throttled', retryAfterSeconds };
    // The count is an atomic add that answers the count after it: racing guesses cannot all pass a
    // check made before any of them was counted.
    const byAddress = this.digest('address', from);
    if ((await add(byAddress)) > MAX_FAILURES_PER_ADDRESS) return throttled;
    counted.push(byAddress);
    const byLoginAndAddress = this.digest('login+address', `${who}\n${from}`);
    if ((await add(byLoginAndAddress)) > MAX_FAILURES_PER_LOGIN_AND_ADDRESS) {
      await add(byAddress, -1);
      return throttled;
    }
    counted.push(byLoginAndAddress);
    const byLogin = this.digest('login', who);
    if ((await add(byLogin)) > MAX_FAILURES_PER_LOGIN) return throttled;
    counted.push(byLogin);
    return { kind: 'counted', forgive: async () => void (await Promise.all(counted.map((key) => add(key, -1)))) };
  }

  private digest(kind: string, value: string): string {
    // 128 bits: no two keys meet by chance, and a full in-memory store stays small.
    return createHmac('sha256', this.key).update(`${kind}\n${value}`).digest('base64url').slice(0, 22);
  }

  /** Expired windows go once a minute, in the background: a failed purge waits for the next. */
  private purgeNow(now: Date): void {
    if (now.getTime() - this.lastPurgeMs < PURGE_EVERY_MS) return;
    this.lastPurgeMs = now.getTime();
    this.sessions.purgeExpired(now.toISOString()).catch(() => undefined);
  }
}
