import type { Request } from 'express';
import { domainError, parseSpecTime, type DomainError, type KassaMode, type Partner, type Project } from '@kassa-payments/domain';
import { MAX_LOGIN_LENGTH, type CallerAuthentication, type CallerRefusal } from '@kassa-payments/operations';
import { payloadOf, requestPayloadParts, signRequest, UNKNOWN_SIGNER_KEY, type PayloadPart, type SignedOperation, type SignedRequest } from '@kassa-payments/protocol';
import { callerIp } from '@kassa-payments/http-kit';
import type { ApiDeps } from './api-deps.js';
import { signaturesMatch } from './signature.js';

const INT32_MAX = 2 ** 31 - 1;

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
function mismatchHint(version: '3' | '4', parts: readonly PayloadPart[]): string {
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
  if (version !== '3' && version !== '4') return invalidSignature(`unsupported signature version ${JSON.stringify(version)}`);
  let parts: readonly PayloadPart[] | undefined;
  let payload = '';
  const rawProjectId = String(params['projectId']);
  const projectId = /^[0-9]{1,10}$/.test(rawProjectId) ? Number(rawProjectId) : -1;
  const caller = await callers.authenticate({
    login,
    signedAt: timestampMs(timestamp),
    signedAtName: 'X-Timestamp',
    signatureMatches: (password) => {
      if (parts === undefined) {
        parts = version === '4' ? requestPayloadParts(operation, signedRequest(operation, req, params)) : [];
        payload = payloadOf(parts);
      }
      // An unknown login's signature is computed with a key of no partner's, never through the
      // per-login cache, which it would fill.
      return password === undefined
        ? signaturesMatch(signRequest(UNKNOWN_SIGNER_KEY, login, timestamp, version === '4' ? 4 : 3, payload), signature)
        : signaturesMatch(deps.signatures.expected(password, login, timestamp, version, payload), signature);
    },
    projectId: projectId >= 0 && projectId <= INT32_MAX ? projectId : undefined,
    callerIp: callerIp(req),
    accepts: (project) => version === '4' || project.minSignatureVersion !== 4,
  });
  return caller.ok ? caller.value : refusalError(caller.error, deps.mode, version, parts ?? []);
}

/** The JSON v3 API's words for each refusal (the test environment names what failed; production does not tell an unknown login from a wrong signature). */
function refusalError({ check, error }: CallerRefusal, mode: KassaMode, version: '3' | '4', parts: readonly PayloadPart[]): DomainError {
  switch (check) {
    case 'login-too-long':
      return invalidSignature(`X-Login longer than ${MAX_LOGIN_LENGTH} characters`);
    case 'unknown-signer':
      return invalidSignature(mode === 'test' ? 'unknown login' : 'signature mismatch');
    case 'signature':
      return invalidSignature(mode === 'test' ? mismatchHint(version, parts) : 'signature mismatch');
    case 'unreadable-time':
      return domainError('AUTH_INVALID_TIMESTAMP', 'X-Timestamp must be UTC time in the form YYYY-MM-DDThh:mm:ssZ');
    case 'signature-not-accepted':
      return invalidSignature('this project accepts X-Signature-Version 4 only (version 3 does not cover the request)');
    case 'drift':
    case 'not-owner':
    case 'project-inactive':
    case 'address-not-allowed':
      return error;
  }
}

/** Whether `authenticate` answered with an error rather than a caller. */
export const isAuthError = (outcome: AuthContext | DomainError): outcome is DomainError => 'code' in outcome;
