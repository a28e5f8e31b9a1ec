import { createHmac, timingSafeEqual } from 'node:crypto';

const hmacHex = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('hex');

/**
 * The inner hash depends only on the password and X-Timestamp, which a busy merchant repeats for a
 * whole second: the last one is kept per login, so most requests cost one HMAC instead of two.
 * `authenticate` refuses an unknown login before any hashing; the cap bounds other callers.
 */
const lastInner = new Map<string, { readonly password: string; readonly timestamp: string; readonly inner: string }>();
const MAX_KEPT_LOGINS = 10_000;

function innerHash(password: string, login: string, timestamp: string): string {
  const last = lastInner.get(login);
  if (last !== undefined && last.timestamp === timestamp && last.password === password) return last.inner;
  const inner = hmacHex(password, timestamp);
  if (lastInner.size >= MAX_KEPT_LOGINS) lastInner.clear();
  lastInner.set(login, { password, timestamp, inner });
  return inner;
}

/** The spec's algorithm: innerHash = hmac(password, timestamp); v3 signs login + innerHash, v4 prefixes the payload. */
export function expectedSignature(password: string, login: string, timestamp: string, version: '3' | '4', payload: string): string {
  const inner = innerHash(password, login, timestamp);
  return hmacHex(password, (version === '4' ? payload : '') + login + inner);
}

/** Constant-time comparison of two lowercase hex signatures. */
export function signaturesMatch(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}
