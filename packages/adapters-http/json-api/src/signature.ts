import { timingSafeEqual } from 'node:crypto';
import { innerHash, signWithInner } from '@kassa-payments/protocol';
import { LRUCache } from 'lru-cache';

/** Logins whose last inner hash is kept: the least recently used go first. */
export const SIGNATURE_CACHE_LOGINS = 10_000;

/**
 * Expected request signatures, with the inner hash kept per login: it depends only on the password
 * and X-Timestamp, which a busy merchant repeats for a whole second, so most requests cost one HMAC
 * instead of two. Owned by the app (one per process); at most SIGNATURE_CACHE_LOGINS known partners'
 * logins (an unknown login never comes here), least recently used out first; an entry is replaced
 * as soon as the partner's password differs from the one it was computed with.
 */
export class SignatureVerifier {
  private readonly lastInner: LRUCache<string, { readonly password: string; readonly timestamp: string; readonly inner: string }>;

  constructor(maxLogins = SIGNATURE_CACHE_LOGINS) {
    this.lastInner = new LRUCache({ max: maxLogins });
  }

  /** The spec's algorithm: innerHash = hmac(password, timestamp); v3 signs login + innerHash, v4 prefixes the payload. */
  expected(password: string, login: string, timestamp: string, version: '3' | '4', payload: string): string {
    return signWithInner(password, login, this.inner(password, login, timestamp), version === '4' ? 4 : 3, payload);
  }

  private inner(password: string, login: string, timestamp: string): string {
    const last = this.lastInner.get(login);
    if (last !== undefined && last.timestamp === timestamp && last.password === password) return last.inner;
    const inner = innerHash(password, timestamp);
    this.lastInner.set(login, { password, timestamp, inner });
    return inner;
  }
}

/** Constant-time comparison of two lowercase hex signatures. */
export function signaturesMatch(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}
