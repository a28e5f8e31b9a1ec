import { createHmac, timingSafeEqual } from 'node:crypto';

const hmacHex = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('hex');

/** The spec's algorithm: innerHash = hmac(password, timestamp); v3 signs login + innerHash, v4 prefixes the payload. */
export function expectedSignature(password: string, login: string, timestamp: string, version: '3' | '4', payload: string): string {
  const inner = hmacHex(password, timestamp);
  return hmacHex(password, (version === '4' ? payload : '') + login + inner);
}

/** Constant-time comparison of two lowercase hex signatures. */
export function signaturesMatch(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}
