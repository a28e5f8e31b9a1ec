import type { Request, Response } from 'express';
import type { RequestContext } from '@kassa-payments/domain';
import { maskForLog } from '@kassa-payments/operations';

/**
 * One request as Kassa keeps it: made once by the first handler of every listener, filled in by the
 * route (the project it was signed for, its Idempotency-Key), completed when the answer is sent. The
 * log line, the metrics, the span and the requests page's record all read this one record: the
 * request id is read once, the body masked once.
 */
export interface RequestRecord {
  /** The caller's X-Request-Id if well formed, else the one Kassa made. */
  readonly requestId: string;
  readonly host: string;
  readonly method: string;
  /** The URL as it came (before any router trims it). */
  readonly url: string;
  /** performance.now() when the request came in. */
  readonly started: number;
  /** The project a route authenticated the call for: only such calls reach the requests page. */
  projectId?: number;
  /** The request's Idempotency-Key, once the route accepted it. */
  idempotencyKey?: string;
  /** The body masked as logs show it (maskForLog), once something asked for it (maskedBodyOf). */
  masked?: { readonly body: unknown };
}

/** Told of each answered request, after its log line: the requests page's recorder. Must not throw. */
export type AnsweredListener = (record: RequestRecord, req: Request, res: Response) => void;

const RECORD = 'kassaRequest';

/** Keeps `record` as the request's own (res.locals). */
export const keepRecord = (res: Response, record: RequestRecord): void => {
  res.locals[RECORD] = record;
};

/** The request's record, made by its listener's first handler; undefined only outside a listener (a unit test's bare app). */
export const recordOf = (res: Response): RequestRecord | undefined => res.locals[RECORD] as RequestRecord | undefined;

function hasFields(body: unknown): body is object {
  if (typeof body !== 'object' || body === null) return false;
  for (const key in body) if (Object.hasOwn(body, key)) return true;
  return false;
}

/**
 * The request's body masked for logs and pages (no card number, no security code, no PIN; bounded
 * whatever its depth or size), computed on the first call and kept: undefined for no body or an
 * empty one. `redact` prepares the body before the masking (the admin listener's URLs without their query).
 */
export function maskedBodyOf(record: RequestRecord, body: unknown, redact?: (body: object) => unknown): unknown {
  if (record.masked) return record.masked.body;
  const masked = hasFields(body) ? maskForLog(redact ? redact(body) : body) : undefined;
  record.masked = { body: masked };
  return masked;
}

/**
 * The context a route hands its use case: the request's id and Idempotency-Key from its record, and
 * `traceparent` (the request span's, when traces are on). A request outside any listener (a test's
 * bare app) gets a context of its own id.
 */
export function requestContextOf(res: Response, traceparent?: () => string | undefined): RequestContext {
  const record = recordOf(res);
  const parent = traceparent?.();
  return {
    by: 'request',
    ...(record ? { requestId: record.requestId } : {}),
    ...(record?.idempotencyKey === undefined ? {} : { idempotencyKey: record.idempotencyKey }),
    ...(parent === undefined ? {} : { traceparent: parent }),
  };
}
