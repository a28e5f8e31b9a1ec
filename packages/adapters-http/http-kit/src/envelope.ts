import type { ServerResponse } from 'node:http';
import type { Response } from 'express';
import { domainError, type DomainError, type ErrorCode, type KassaMode, type Result } from '@kassa-payments/domain';
import { httpStatusOf } from './http-status.js';

/** Imperative hints for the test environment only (the spec: never rely on them). */
const NEXT_STEP: Partial<Record<ErrorCode, string>> = {
  AUTH_INVALID_SIGNATURE: 'Sign the request as the Authentication section describes, with your password as the HMAC key.',
  AUTH_INVALID_TIMESTAMP: 'Send X-Timestamp as the current UTC time, YYYY-MM-DDThh:mm:ssZ.',
  AUTH_INVALID_PROJECT: 'Use a project of your own that is active, from a whitelisted IP.',
  BAD_REQUEST: 'Fix the field named in the message and send the request again.',
  INVOICE_ALREADY_EXISTS: 'Finish or cancel the invoice in details.invoice_id first.',
  INVOICE_NOT_AUTHORIZED: 'Send the PIN again; in the test environment it is 1234.',
  INVOICE_AUTH_ATTEMPTS_EXCEEDED: 'Create a new invoice.',
  INVOICE_NOT_PAID: 'Refund only a paid invoice (payment_status PAID).',
  CONTRACT_NOT_AUTHORIZED: 'Send the PIN again; in the test environment it is 1234.',
  CONTRACT_AUTH_ATTEMPTS_EXCEEDED: 'Cancel this contract and create a new one.',
  CONTRACT_DRAFT_EXISTS: 'Authorize the contract in details.contract_id, or cancel it.',
  SERVICE_UNAVAILABLE: 'Retry the request later.',
  IDEMPOTENCY_KEY_MISMATCH: 'Use a new Idempotency-Key for a new request; the same key only to retry the same request.',
  IDEMPOTENCY_KEY_IN_USE: 'Retry after Retry-After seconds: the first request with this key is still running.',
};

export interface ErrorBody {
  readonly success: false;
  readonly error: { code: string; message: string; next_step?: string; details?: Record<string, unknown> };
}

export function errorBody(e: DomainError, mode: KassaMode): ErrorBody {
  const hint = mode === 'test' ? NEXT_STEP[e.code] : undefined;
  return {
    success: false,
    error: { code: e.code, message: e.message, ...(hint ? { next_step: hint } : {}), ...(e.details ? { details: { ...e.details } } : {}) },
  };
}

/** The one place a domain error becomes an HTTP answer: the catalog's status, the spec's envelope. */
export function sendError(res: Response, e: DomainError, mode: KassaMode, status: number = httpStatusOf(e.code)): void {
  if (e.code === 'SERVICE_UNAVAILABLE') res.setHeader('Retry-After', '5');
  // A refusal for a rate says when to try again (RFC 9110's Retry-After, seconds), from the error's details.
  const retryAfter = e.details?.['retry_after_seconds'];
  if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
  sendJson(res, status, errorBody(e, mode));
}

export function sendData(res: Response, data: unknown, status = 200): void {
  sendJson(res, status, { success: true, data });
}

/**
 * Writes a JSON answer with Node's own response API. Express's `res.json` adds, to every answer, a
 * MIME-type lookup, a parse and re-format of the Content-Type for its charset and a freshness check;
 * an API whose answers are never cached needs none of them (measured: docs/decisions.md).
 * A HEAD request gets the headers only: Node leaves the body out itself.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body), body);
}

/** What a JSON answer was: its text, and the value it was made of when there was one (a replay has its text only). */
export interface JsonAnswer {
  readonly text: string;
  readonly body?: unknown;
}

/** Each response's JSON answer, once written: the requests page and Idempotency-Key read it there instead of catching `end`. */
const answers = new WeakMap<ServerResponse, JsonAnswer>();

/** The JSON answer written to `res`, if one was (by sendJson or sendJsonText). */
export const answerOf = (res: ServerResponse): JsonAnswer | undefined => answers.get(res);

/** Writes a JSON text as the answer (`body`: the value it was made of, if at hand), and notes it for `answerOf`. */
export function sendJsonText(res: ServerResponse, status: number, text: string, body?: unknown, headers: Readonly<Record<string, string>> = {}): void {
  answers.set(res, body === undefined ? { text } : { text, body });
  // writeHead merges these with any header set before (Retry-After, Deprecation).
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** A use case's Result as an HTTP answer. */
export async function sendResult<T>(res: Response, result: Result<T, DomainError>, mode: KassaMode, view: (value: T) => unknown, status = 200): Promise<void> {
  if (!result.ok) return sendError(res, result.error, mode);
  sendData(res, await view(result.value), status);
}

export const badRequest = (message: string) => domainError('BAD_REQUEST', message);
