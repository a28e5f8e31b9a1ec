import type { Request } from 'express';
import { domainError, liveSecrets, parseSpecTime, type DomainError, type Partner, type Project } from '@kassa/domain';
import { driftError, projectAccessError } from '@kassa/operations';
import { payloadOf, requestPayloadParts, signRequest, UNKNOWN_SIGNER_KEY, type PayloadPart, type SignedOperation, type SignedRequest } from '@kassa/protocol';
import { callerIp } from '@kassa/http-kit';
import type { ApiDeps } from './api-deps.js';
import { signaturesMatch } from './signature.js';

const INT32_MAX = 2 ** 31 - 1;

/** The longest X-Login looked up (a partner's login is at most this long, as XML's Login is). */
const MAX_LOGIN_LENGTH = 128;

/** The authenticated caller, handed to the route handlers. */
export interface AuthContext {
  readonly partner: Partner;
  readonly project: Project;
}

const invalidSignature = (why: string) => domainError('AUTH_INVALID_SIGNATURE', `Invalid signature: ${why}`);

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
  if (operation === 'listEvents' || operation === 'listWebhookDeliveries') {
    return { query: Object.fromEntries(Object.entries(req.query).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : []))) };
  }
  const body: unknown = req.body;
  const pathId = params['invoiceId'] ?? params['contractId'] ?? params['deliveryId'] ?? params['testClockId'];
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
function mismatchHint(version: '3' | '4', parts: readonly PayloadPart[]): string {
  if (version === '3') return 'signature mismatch; version 3 signs login + hex(hmac(password, X-Timestamp))';
  const empty = parts.filter((p) => p.value === '').map((p) => p.field);
  // The PIN is shown as stars of its length: an answer is no place for it, even the caller's own.
  const shown = parts.map((p) => (p.field === 'pin_code' ? '*'.repeat(p.value.length) : p.value)).join('');
  return `signature mismatch; version 4 signed requestPayload ${JSON.stringify(shown)} + login + innerHash${empty.length ? ` (empty fields: ${empty.join(', ')}; a PIN shown as *)` : ' (a PIN shown as *)'}`;
}

/**
 * Authenticates a JSON v3 request: the four headers, the signature (v3, or v4 over the operation's
 * requestPayload) with the partner's password, the 20-minute drift, the project's owner and
 * state, and the caller IP. The caller, or the 401/403 error to answer with.
 */
export async function authenticate(deps: ApiDeps, operation: SignedOperation, req: Request): Promise<AuthContext | DomainError> {
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
  if (version !== '3' && version !== '4') return invalidSignature(`unsupported signature version ${JSON.stringify(version)}`);
  if (login.length > MAX_LOGIN_LENGTH) return invalidSignature(`X-Login longer than ${MAX_LOGIN_LENGTH} characters`);
  const partner = await deps.projects.findPartner(login);
  const parts = version === '4' ? requestPayloadParts(operation, signedRequest(operation, req, params)) : [];
  const payload = payloadOf(parts);
  // An unknown login costs the same HMACs as a known one with a new timestamp (with a key of no
  // partner's, and never through the per-login cache, which it would fill) and, in production, gets
  // the same answer as a wrong signature: neither tells whether the login exists.
  // During a rotation's overlap the password it replaced is tried second (liveSecrets).
  const matches = partner
    ? liveSecrets(partner.password, partner.previousPassword, deps.clock.now()).some((password) => signaturesMatch(deps.signatures.expected(password, login, timestamp, version, payload), signature))
    : signaturesMatch(signRequest(UNKNOWN_SIGNER_KEY, login, timestamp, version === '4' ? 4 : 3, payload), signature);
  if (!partner) return invalidSignature(deps.mode === 'test' ? 'unknown login' : 'signature mismatch');
  if (!matches) return invalidSignature(deps.mode === 'test' ? mismatchHint(version, parts) : 'signature mismatch');
  const at = timestampMs(timestamp);
  if (at === undefined) return domainError('AUTH_INVALID_TIMESTAMP', 'X-Timestamp must be UTC time in the form YYYY-MM-DDThh:mm:ssZ');
  const late = driftError('X-Timestamp', deps.clock.now().getTime(), at, deps.maxDriftSeconds);
  if (late) return late;
  const rawProjectId = String(params['projectId']);
  const projectId = /^[0-9]{1,10}$/.test(rawProjectId) ? Number(rawProjectId) : -1;
  const project = projectId >= 0 && projectId <= INT32_MAX ? await deps.projects.findProject(projectId) : undefined;
  if (!project || project.partnerLogin !== partner.login) return domainError('AUTH_INVALID_PROJECT', 'The project does not belong to this partner');
  if (version === '3' && project.minSignatureVersion === 4) return invalidSignature('this project accepts X-Signature-Version 4 only (version 3 does not cover the request)');
  return projectAccessError(project, callerIp(req)) ?? { partner, project };
}

/** Whether `authenticate` answered with an error rather than a caller. */
export const isAuthError = (outcome: AuthContext | DomainError): outcome is DomainError => 'code' in outcome;
