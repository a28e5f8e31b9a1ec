import { createHash } from 'node:crypto';
import { hmacHex } from './signature.js';

// Version 5: the signature covers the whole request (method, path with the project, query, body,
// time, login and Idempotency-Key), so a captured one can only repeat the identical request, which
// is what a retry does. Versions 3 and 4 (the spec's) sign a payload that names neither the method,
// the path nor the project. See docs/security.md.

/** The first line of every version 5 canonical request: names the scheme, so no other HMAC of the key can pass for one. */
export const V5_SCHEME = 'KASSA-HMAC-SHA256-5';

/**
 * `error.details.reason` of a 401 refusing a version 3 or 4 signature first used on another
 * operation or project: the request did nothing, and the same call signed with another X-Timestamp
 * (a second later) is served. The merchant client and the Python SDK do that by themselves.
 */
export const SIGNATURE_USED_ELSEWHERE = 'signature_used_elsewhere';

/**
 * `error.details.reason` of a 401 refusing a version 5 signature of a POST without an
 * Idempotency-Key that was already used: such a POST is done once per signature (a replay of a
 * captured `rotate_secret` would hand the new secret to whoever replays it). The request did
 * nothing; a client that means a second call signs it again (the merchant client and the Python SDK
 * do, a second ahead), and one that means a safe retry sends an Idempotency-Key.
 */
export const SIGNATURE_ALREADY_USED = 'signature_already_used';

/** What a version 5 signature covers, as sent. */
export interface CanonicalRequest {
  readonly method: string;
  /** The URL's path as sent, percent-encoded as sent (`/api/v3/projects/1/invoices`), without the query. */
  readonly path: string;
  /** The query's name-value pairs, decoded, in any order (repeated names included). */
  readonly query: Iterable<readonly [string, string]>;
  /** The lowercase hex SHA-256 of the body's bytes as sent (`bodyDigest`); of no bytes when there is no body. */
  readonly bodySha256: string;
  readonly timestamp: string;
  readonly login: string;
  /** The Idempotency-Key header, or '' without one. */
  readonly idempotencyKey: string;
}

/** RFC 3986's unreserved characters stay; everything else is percent-encoded (encodeURIComponent leaves !'()* too). */
const encode = (text: string): string => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The query as signed: each pair encoded, the encoded pairs sorted by name then value (so `%C3%A4` before `a`), joined with `&`. */
export function canonicalQuery(query: Iterable<readonly [string, string]>): string {
  const pairs = [...query].map(([name, value]) => [encode(name), encode(value)] as const);
  pairs.sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

/** The lowercase hex SHA-256 of a body as sent (a string is its UTF-8 bytes); of no bytes for none. */
export const bodyDigest = (body: string | Uint8Array | undefined): string =>
  createHash('sha256')
    .update(body ?? '')
    .digest('hex');

/** The string a version 5 signature is the HMAC of: one field per line, in this order. */
export const canonicalRequest = (r: CanonicalRequest): string => [V5_SCHEME, r.method.toUpperCase(), r.path, canonicalQuery(r.query), r.bodySha256, r.timestamp, r.login, r.idempotencyKey].join('\n');

/** X-Signature, version 5: lowercase hex HMAC-SHA256 keyed with the password over the canonical request. */
export const signRequestV5 = (password: string, request: CanonicalRequest): string => hmacHex(password, canonicalRequest(request));

/** The canonical request of a URL about to be fetched: its path and query exactly as `fetch` sends them. */
export function canonicalOfUrl(
  url: URL,
  request: Pick<CanonicalRequest, 'method' | 'timestamp' | 'login'> & { readonly body?: string | undefined; readonly idempotencyKey?: string | undefined },
): CanonicalRequest {
  return {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    bodySha256: bodyDigest(request.body),
    timestamp: request.timestamp,
    login: request.login,
    idempotencyKey: request.idempotencyKey ?? '',
  };
}
