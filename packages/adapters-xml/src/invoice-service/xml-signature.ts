import { createHmac, timingSafeEqual } from 'node:crypto';

const hmacHex = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('hex');

/**
 * The XML 2.9 signature (ours; the spec does not show it): the JSON v3 version-3 formula with NowUtc
 * as the timestamp, `hex(hmac(password, Login + hex(hmac(password, NowUtc))))`, lower case.
 */
export const xmlSignature = (password: string, login: string, nowUtc: string): string => hmacHex(password, login + hmacHex(password, nowUtc));

/** Constant-time comparison of a received signature with the expected one (any case accepted). */
export function xmlSignatureMatches(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
