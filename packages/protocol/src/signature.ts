import { createHmac } from 'node:crypto';

/** Lowercase hex HMAC-SHA256, the primitive of every Kassa signature. */
export const hmacHex = (key: string, message: string): string => createHmac('sha256', key).update(message, 'utf8').digest('hex');

/** The spec's X-Timestamp form: YYYY-MM-DDThh:mm:ssZ. */
export const timestampOf = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** innerHash = hmac(password, X-Timestamp). */
export const innerHash = (password: string, timestamp: string): string => hmacHex(password, timestamp);

/** The signature of a request once `inner` is known: v3 signs login + innerHash, v4 prefixes the requestPayload. */
export const signWithInner = (password: string, login: string, inner: string, version: 3 | 4, payload: string): string => hmacHex(password, (version === 4 ? payload : '') + login + inner);

/** X-Signature for a request, versions 3 and 4 (the spec's Authentication section). */
export function signRequest(password: string, login: string, timestamp: string, version: 3 | 4, payload: string): string {
  return signWithInner(password, login, innerHash(password, timestamp), version, payload);
}
