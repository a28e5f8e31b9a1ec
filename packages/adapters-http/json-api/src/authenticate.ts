import type { Request } from 'express';
import { domainError, parseSpecTime, type DomainError, type KassaMode, type Partner, type Project } from '@kassa-payments/domain';
import { MAX_LOGIN_LENGTH, type CallerAuthentication, type CallerRefusal } from '@kassa-payments/operations';
import {
  bodyDigest,
  canonicalRequest,
  hmacHex,
  payloadOf,
  requestPayloadParts,
  SECRET_ANSWERING_OPERATIONS,
  SIGNATURE_ALREADY_USED,
  SIGNATURE_USED_ELSEWHERE,
  signRequest,
  UNKNOWN_SIGNER_KEY,
  type PayloadPart,
  type SignedOperation,
  type SignedRequest,
} from '@kassa-payments/protocol';
import { callerIp, rawBodyOf } from '@kassa-payments/http-kit';
import { createHash, randomUUID } from 'node:crypto';
import type { ApiDeps } from './api-deps.js';
import { signaturesMatch } from './signature.js';

const INT32_MAX = 2 ** 31 - 1;

/** The authenticated caller, handed to the route handlers. */
export interface AuthContext {
  readonly partner: Partner;
  readonly project: Project;
  /** The password a rotation replaced, when the call was signed with it during the overlap (absent: signed with the current one); a stream ends when it stops verifying. */
  readonly signedWithRetiring?: string;
}

const invalidSignature = (why: string, details?: DomainError['details']) => domainError('AUTH_INVALID_SIGNATURE', `Invalid signature: ${why}`, details);

type Version = '3' | '4' | '5';
const isVersion = (v: string): v is Version => v === '3' || v === '4' || v === '5';

/** The spec's drift window: how long a signature may be used after (or before) its X-Timestamp. */
const DEFAULT_DRIFT_SECONDS = 20 * 60;

/**
 * The scheme and authority of an absolute-form request target (`GET http://host:port/path HTTP/1.1`,
 * RFC 9112 3.2.2, which a server must accept and Express routes by its path); only a plain host name,
 * IPv4 or IPv6 address and port, followed by the path, the query or nothing, so that the rest is the
 * path Express routes (parseurl reads `http://a\b/x` as the path `/b/x`: such a target keeps its
 * whole text, which no client signs).
 */
const ABSOLUTE_FORM_ORIGIN = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::[0-9]*)?(?=[/?]|$)/i;

/** The request target in origin-form (`/path?query`), as the client signed it: an absolute-form target without its scheme and authority. */
function originForm(target: string): string {
  if (target.startsWith('/')) return target;
  const origin = ABSOLUTE_FORM_ORIGIN.exec(target)?.[0];
  if (origin === undefined) return target;
  const rest = target.slice(origin.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** What version 5 signs of `req`: the method, the path and query as sent, the body's bytes, the time, the login and the Idempotency-Key. */
function canonicalOf(req: Request, headers: Request['headers'], timestamp: string, login: string): string {
  const url = originForm(req.originalUrl);
  const at = url.indexOf('?');
  return canonicalRequest({
    method: req.method,
    path: at < 0 ? url : url.slice(0, at),
    query: new URLSearchParams(at < 0 ? '' : url.slice(at + 1)),
    bodySha256: bodyDigest(rawBodyOf(req)),
    timestamp,
    login,
    idempotencyKey: header(headers, 'idempotency-key') ?? '',
  });
}

/**
 * Concurrent merchants send the same X-Timestamp for a whole second, so the last parse is kept:
 * a hit costs a string comparison instead of a regex and two Dates.
 */
let lastTimestamp: { readonly text: string; readonly ms: number | undefined } = { text: '', ms: undefined };
function timestampMs(value: string): number | undefined {
  if (value !== lastTimestamp.text) lastTimestamp = { text: value, ms: parseSpecTime(value) };
  return lastTimestamp.ms;
}

/** The parts of the request the v4 payload of `operation` reads, from the path and the query. */
function signedRequest(operation: SignedOperation, req: Request, params: Request['params']): SignedRequest {
  // Only the lookups read the query: Express parses it on every access.
  if (operation === 'findInvoiceByOrderId') {
    const orderId = req.query['merchant_order_id'];
    return typeof orderId === 'string' ? { merchantOrderId: orderId } : {};
  }
  if (
    operation === 'listEvents' ||
    operation === 'listWebhookDeliveries' ||
    operation === 'listTestClocks' ||
    operation === 'listWebhookEndpoints' ||
    operation === 'streamEvents' ||
    operation === 'streamRequests'
  ) {
    return { query: Object.fromEntries(Object.entries(req.query).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : []))) };
  }
  const body: unknown = req.body;
  const pathId = params['invoiceId'] ?? params['contractId'] ?? params['deliveryId'] ?? params['testClockId'] ?? params['endpointId'];
  return typeof pathId === 'string' ? { body, pathId } : { body };
}

const header = (headers: Request['headers'], name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * What a developer needs to find their mistake (test environment only): what the server signed,
 * and which of the payload's fields it found empty. Never the key, never the expected signature.
 */
function mismatchHint(version: Version, parts: readonly PayloadPart[], canonical: string): string {
  // The canonical request holds no secret: the body only as its SHA-256.
  if (version === '5') return `signature mismatch; version 5 signed the canonical request ${JSON.stringify(canonical)}`;
  if (version === '3') return 'signature mismatch; version 3 signs login + hex(hmac(password, X-Timestamp))';
  const empty = parts.filter((p) => p.value === '').map((p) => p.field);
  // The PIN is shown as stars of its length: an answer is no place for it, even the caller's own.
  const shown = parts.map((p) => (p.field === 'pin_code' ? '*'.repeat(p.value.length) : p.value)).join('');
  return `signature mismatch; version 4 signed requestPayload ${JSON.stringify(shown)} + login + innerHash${empty.length ? ` (empty fields: ${empty.join(', ')}; a PIN shown as *)` : ' (a PIN shown as *)'}`;
}

/**
 * Authenticates a JSON v3 request: extracts the four headers and the project, and has `callers` check
 * the signature (v3, or v4 over the operation's requestPayload) with the partner's password, the drift,
 * the project's owner, signature version and state, and the caller IP. The caller, or the 401/403
 * error to answer with.
 */
export async function authenticate(deps: ApiDeps, callers: CallerAuthentication, operation: SignedOperation, req: Request): Promise<AuthContext | DomainError> {
  // Node keeps header names in lower case. Each read of a property of `req` is a slow lookup (Express
  // swaps the request's prototype; see docs/decisions.md), so each is read once.
  const { headers, params } = req;
  const login = header(headers, 'x-login');
  const timestamp = header(headers, 'x-timestamp');
  const version = header(headers, 'x-signature-version');
  const signature = header(headers, 'x-signature');
  if (!login || !timestamp || !version || !signature) {
    const missing = Object.entries({ 'X-Login': login, 'X-Timestamp': timestamp, 'X-Signature-Version': version, 'X-Signature': signature });
    return invalidSignature(
      `missing header ${missing
        .filter(([, v]) => !v)
        .map(([n]) => n)
        .join(', ')}`,
    );
  }
  if (!isVersion(version)) return invalidSignature(`unsupported signature version ${JSON.stringify(version)}`);
  let parts: readonly PayloadPart[] | undefined;
  let payload = '';
  let canonical = '';
  const rawProjectId = String(params['projectId']);
  const projectId = /^[0-9]{1,10}$/.test(rawProjectId) ? Number(rawProjectId) : -1;
  const signedBy = (password: string | undefined): boolean => {
    if (version === '5') {
      canonical ||= canonicalOf(req, headers, timestamp, login);
      return signaturesMatch(hmacHex(password ?? UNKNOWN_SIGNER_KEY, canonical), signature);
    }
    if (parts === undefined) {
      parts = version === '4' ? requestPayloadParts(operation, signedRequest(operation, req, params)) : [];
      payload = payloadOf(parts);
    }
    // An unknown login's signature is computed with a key of no partner's, never through the
    // per-login cache, which it would fill.
    return password === undefined
      ? signaturesMatch(signRequest(UNKNOWN_SIGNER_KEY, login, timestamp, version === '4' ? 4 : 3, payload), signature)
      : signaturesMatch(deps.signatures.expected(password, login, timestamp, version, payload), signature);
  };
  let signedWith: string | undefined;
  const caller = await callers.authenticate({
    login,
    signedAt: timestampMs(timestamp),
    signedAtName: 'X-Timestamp',
    signatureMatches: (password) => {
      const matches = signedBy(password);
      // Only the password a rotation replaced is noted: a call signed with the current one (nearly every call) costs no copy of the caller.
      if (matches && password !== undefined) signedWith = password;
      return matches;
    },
    projectId: projectId >= 0 && projectId <= INT32_MAX ? projectId : undefined,
    callerIp: callerIp(req),
    accepts: (project) => Number(version) >= (project.minSignatureVersion ?? 3),
  });
  if (!caller.ok) return refusalError(caller.error, deps.mode, version, parts ?? [], canonical);
  const context: AuthContext = signedWith === undefined || signedWith === caller.value.partner.password ? caller.value : { ...caller.value, signedWithRetiring: signedWith };
  // An answer with a secret, and (version 5) a POST that would run again: once per signature.
  const once = SECRET_ANSWERING_OPERATIONS.has(operation) || (version === '5' && req.method === 'POST' && !header(headers, 'idempotency-key'));
  if (once) return (await alreadyUsed(deps, signature, timestamp)) ?? context;
  return version === '5' ? context : ((await usedElsewhere(deps, operation, req.method, context, signature, timestamp)) ?? context);
}

/** Until when a signature's first use is kept: the end of its drift window. */
const useExpiresAt = (deps: ApiDeps, timestamp: string) => new Date((timestampMs(timestamp) ?? 0) + (deps.maxDriftSeconds ?? DEFAULT_DRIFT_SECONDS) * 1000).toISOString();

/** Only a signature's hash is kept: what Kassa only compares, it stores hashed. */
const signatureDigest = (signature: string) => createHash('sha256').update(signature).digest('hex');

/**
 * Version 5 signs the whole request, so a captured one can only repeat it; with an Idempotency-Key
 * the repeat is answered from the first (a retry). A POST without one would run again, and an
 * operation whose answer carries a secret (an endpoint's creation, its rotation) would hand it to
 * whoever repeats it, the stored answer included: each signature of those does it once, whatever
 * its version. Its first use is recorded as this request's own, and a later one is refused. The
 * error, or undefined.
 */
async function alreadyUsed(deps: ApiDeps, signature: string, timestamp: string): Promise<DomainError | undefined> {
  if (deps.signatureUses === undefined) return undefined;
  const use = `v5 ${randomUUID()}`;
  if ((await deps.signatureUses.firstUse(signatureDigest(signature), use, useExpiresAt(deps, timestamp))) === use) return undefined;
  return invalidSignature(
    'this signature was already used, and this call is done once per signature (a POST without an Idempotency-Key, or an answer with a secret): sign it anew (another X-Timestamp)',
    {
      reason: SIGNATURE_ALREADY_USED,
    },
  );
}

/**
 * Versions 3 and 4 sign neither the method, the path nor the project: a signature's first use is
 * recorded (shared by every API process), and a call that changes state is refused when its
 * signature was first used on another operation or project. A retry (the same operation on the
 * same project) passes, as does a read. The error, or undefined when the call may go on.
 */
async function usedElsewhere(deps: ApiDeps, operation: SignedOperation, method: string, caller: AuthContext, signature: string, timestamp: string): Promise<DomainError | undefined> {
  if (deps.signatureUses === undefined) return undefined;
  const use = `${operation} ${caller.project.id}`;
  const first = await deps.signatureUses.firstUse(signatureDigest(signature), use, useExpiresAt(deps, timestamp));
  if (first === use || method === 'GET' || method === 'HEAD') return undefined;
  return invalidSignature(
    'this signature was already used on another operation or project; sign this request anew (another X-Timestamp), or use X-Signature-Version 5, which covers the whole request',
    { reason: SIGNATURE_USED_ELSEWHERE },
  );
}

/** The JSON v3 API's words for each refusal (the test environment names what failed; production does not tell an unknown login from a wrong signature). */
function refusalError({ check, error }: CallerRefusal, mode: KassaMode, version: Version, parts: readonly PayloadPart[], canonical: string): DomainError {
  switch (check) {
    case 'login-too-long':
      return invalidSignature(`X-Login longer than ${MAX_LOGIN_LENGTH} characters`);
    case 'unknown-signer':
      return invalidSignature(mode === 'test' ? 'unknown login' : 'signature mismatch');
    case 'signature':
      return invalidSignature(mode === 'test' ? mismatchHint(version, parts, canonical) : 'signature mismatch');
    case 'unreadable-time':
      return domainError('AUTH_INVALID_TIMESTAMP', 'X-Timestamp must be UTC time in the form YYYY-MM-DDThh:mm:ssZ');
    case 'signature-not-accepted':
      return invalidSignature(`this project does not accept X-Signature-Version ${version}: sign with a later version (5 covers the whole request)`);
    case 'drift':
    case 'not-owner':
    case 'project-inactive':
    case 'address-not-allowed':
      return error;
  }
}

/** Whether `authenticate` answered with an error rather than a caller. */
export const isAuthError = (outcome: AuthContext | DomainError): outcome is DomainError => 'code' in outcome;
