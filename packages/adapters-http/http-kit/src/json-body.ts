import { finished } from 'node:stream';
import express, { type NextFunction, type Request, type Response } from 'express';
import getRawBody from 'raw-body';
import type { KassaMode } from '@kassa-payments/domain';
import { badRequest, sendError } from './envelope.js';

/** Each JSON body's bytes as they arrived, for a signature that covers them (version 5); gone with the request. */
const rawBodies = new WeakMap<Request, Buffer>();

/** The bytes of the request's body as sent, or undefined when it had none (or it was not JSON). */
export const rawBodyOf = (req: Request): Buffer | undefined => rawBodies.get(req);

const hasBody = ({ headers }: Request) => Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;

/**
 * How deep a request body may nest (the top object is level 1). A JSON v3 body needs 3
 * (`customer.bank_card.pan`); anything far deeper is hostile, and refusing it at the door keeps every
 * later walk of the body (validation, masking, logging) shallow.
 */
export const MAX_BODY_DEPTH = 16;

/** Whether `value` nests deeper than `max` levels; the walk itself never goes deeper than `max + 1`. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (max <= 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (nestedDeeperThan(item, max - 1)) return true;
    return false;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && nestedDeeperThan((value as Record<string, unknown>)[key], max - 1)) return true;
  }
  return false;
}

/** JSON in UTF-8 (said, or left to the default) and nothing else in the header: the lean path's. */
const PLAIN_JSON = /^application\/json\s*(?:;\s*charset\s*=\s*("?)utf-8\1\s*)?$/i;

/** Whether a body takes the lean path: plain JSON, not compressed. Any other goes through body-parser (charsets, gzip, its errors). */
const plainJson = ({ headers }: Request): boolean => {
  const type = headers['content-type'];
  const encoding = headers['content-encoding'];
  return typeof type === 'string' && PLAIN_JSON.test(type) && (encoding === undefined || encoding.toLowerCase() === 'identity');
};

/** A body-parser-shaped error (`type`, `status`, `expose`): the error handler answers it as body-parser's. */
const bodyError = (type: string, status: number, cause?: unknown) => Object.assign(new Error(type, cause === undefined ? undefined : { cause }), { type, status, statusCode: status, expose: true });

/**
 * The lean path of a plain JSON body (nearly every API request): its bytes read by raw-body (the
 * reader body-parser itself uses), kept for the version 5 signature, parsed once. body-parser's
 * per-request work around it (its media-type and charset parsing, the iconv decoder, its debug
 * calls) cost the request path more than the read (about 3% of the process on P1). A failed read
 * drains what is left of the request first, as body-parser does, so that the connection stays usable.
 */
function readPlainJson(req: Request, limitBytes: number, done: (err?: unknown) => void): void {
  const length = req.headers['content-length'];
  getRawBody(req, { limit: limitBytes, ...(length === undefined ? {} : { length }) }, (err, bytes) => {
    if (err) {
      const failure = bodyError((err as { type?: string }).type ?? 'request.aborted', (err as { status?: number }).status ?? 400, err);
      req.resume();
      finished(req, () => done(failure));
      return;
    }
    rawBodies.set(req, bytes);
    if (bytes.length === 0) {
      req.body = {};
      return done();
    }
    try {
      // A leading UTF-8 byte order mark is not JSON; body-parser's decoder dropped it, and so does this path.
      const text = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.toString('utf8', 3) : bytes.toString('utf8');
      req.body = JSON.parse(text) as unknown;
    } catch (e) {
      return done(bodyError('entity.parse.failed', 400, e));
    }
    done();
  });
}

/**
 * JSON bodies only: a body that is not `application/json`, is malformed, is not a JSON object, or
 * nests deeper than MAX_BODY_DEPTH is 400 BAD_REQUEST in the envelope; an oversize one is 413. An
 * empty body stands for `{}`.
 */
export function jsonBody(mode: KassaMode, limitBytes: number) {
  // The parser checks the Content-Type itself (one parse of the header) and leaves the body
  // undefined when it is not JSON.
  const parse = express.json({
    limit: limitBytes,
    strict: false,
    type: 'application/json',
    // Kept by reference (no copy): the version 5 signature hashes the body's bytes, not its parse.
    verify: (req, _res, buf) => void rawBodies.set(req as Request, buf),
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) {
      req.body = {};
      return next();
    }
    const parsed = (err?: unknown) => {
      if (err) return next(err);
      const body: unknown = req.body;
      if (body === undefined) return sendError(res, badRequest('Content-Type must be application/json'), mode);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        return sendError(res, badRequest('The body must be a JSON object'), mode);
      }
      if (nestedDeeperThan(body, MAX_BODY_DEPTH)) {
        // Not kept for the request log either: it is refused as a whole.
        req.body = {};
        return sendError(res, badRequest(`The body nests deeper than ${MAX_BODY_DEPTH} levels`), mode);
      }
      next();
    };
    if (plainJson(req)) readPlainJson(req, limitBytes, parsed);
    else parse(req, res, parsed);
  };
}

/** Body-parser failures as envelope errors (a 4xx, never an HTML page). */
export function bodyErrorStatus(err: unknown): { status: number; message: string } | undefined {
  if (typeof err !== 'object' || err === null || !('type' in err)) return undefined;
  switch ((err as { type: unknown }).type) {
    case 'entity.parse.failed':
      return { status: 400, message: 'The body is not valid JSON' };
    case 'entity.too.large':
      return { status: 413, message: 'The body is too large' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 400, message: 'Unsupported body encoding or charset' };
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return { status: 400, message: 'The body could not be read' };
    default:
      return undefined;
  }
}
