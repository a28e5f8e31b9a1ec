import { createHash, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { domainError, type Clock, type DomainError, type IdempotencyKeyRef, type IdempotencyScope, type IdempotencyStore, type KassaMode } from '@kassa/domain';
import { sendError } from '../shared/envelope.js';

/** Where the JSON v3 API keeps Idempotency-Keys, and for how long it replays an answer. */
export interface IdempotencySettings {
  readonly store: IdempotencyStore;
  /** How long a key replays its first answer (the draft's retention; default 24). */
  readonly hours: number;
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/**
 * How long a first request holds its key without an answer; renewed every third of it while the
 * request runs, so that only a request that died (its process with it) lets a retry take the key over.
 */
const LEASE_SECONDS = 60;
/** The draft's key: 1 to 255 printable characters. */
const KEY = /^[\x20-\x7e]{1,255}$/;
/** A structured-field string (RFC 8941, 3.3.3): printable ASCII in quotes, a quote or backslash inside escaped. */
const SF_STRING = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;

/**
 * The key in one header value: a structured-field string (the draft's form, in which a comma is a
 * character like any other), or bare. A bare value with a comma is refused: it is what a proxy makes
 * of two headers (RFC 9110 5.3), and which of the two was meant cannot be told.
 */
function keyIn(value: string): string | undefined {
  const quoted = SF_STRING.exec(value)?.[1];
  const key = quoted !== undefined ? quoted.replace(/\\(["\\])/g, '$1') : value.startsWith('"') || value.includes(',') ? undefined : value;
  return key !== undefined && KEY.test(key) ? key : undefined;
}

/** The request's key, or the 400 its malformed key gets; undefined without one. */
export function idempotencyKeyOf(req: Request): { readonly key: string } | { readonly error: DomainError } | undefined {
  if (req.headers[IDEMPOTENCY_KEY_HEADER] === undefined) return undefined;
  // As sent: req.headers joins two headers of this name into one value with ", ", which would pass for a key.
  const sent = req.headersDistinct[IDEMPOTENCY_KEY_HEADER] ?? [];
  const key = sent.length === 1 ? keyIn(sent[0] as string) : undefined;
  if (key === undefined) {
    return { error: domainError('BAD_REQUEST', 'Idempotency-Key: must be sent once, as 1 to 255 printable ASCII characters: a structured-field string ("…") or bare without a comma') };
  }
  return { key };
}

/** Where `idempotently` notes the key the running request holds (res.locals). */
const HELD_KEY = 'idempotencyKeyHeld';

/** The key the running request holds (claimed, not replayed), for a handler that must spare it: the reset. */
export const heldIdempotencyKey = (res: Response): IdempotencyKeyRef | undefined => res.locals[HELD_KEY] as IdempotencyKeyRef | undefined;

/** What makes two requests the same request: method, path with query, and the parsed body. */
const fingerprintOf = (req: Request) =>
  createHash('sha256')
    .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
    .digest('base64url');

/**
 * Keeps what the route writes in one `end` (every JSON answer of the API), to store it as the key's
 * answer; an answer written in several pieces is not kept (no body: the key is released).
 */
function captured(res: Response): { body(): string | undefined } {
  let body: string | undefined;
  let pieces = false;
  const patched = res as unknown as { end: (...args: unknown[]) => Response; write: (...args: unknown[]) => boolean };
  const [end, write] = [patched.end.bind(res), patched.write.bind(res)];
  patched.write = (...args: unknown[]) => {
    pieces = true;
    return write(...args);
  };
  patched.end = (...args: unknown[]) => {
    const chunk = args[0];
    if (typeof chunk === 'string') body = chunk;
    else if (Buffer.isBuffer(chunk)) body = chunk.toString('utf8');
    return end(...args);
  };
  return { body: () => (pieces ? undefined : body) };
}

/**
 * Runs `handle` at most once per key (draft-ietf-httpapi-idempotency-key-header), in the scope of the
 * partner and project: the first answer (success or refusal: anything but a 5xx, which is left for a
 * retry to try again) is stored and replayed to every retry with `Idempotent-Replayed: true`; the
 * same key with another request is 422, while the first is still running 409 with Retry-After.
 */
export async function idempotently(
  settings: IdempotencySettings,
  scope: IdempotencyScope,
  key: string,
  req: Request,
  res: Response,
  context: { readonly clock: Clock; readonly mode: KassaMode },
  handle: () => Promise<void>,
): Promise<void> {
  const fingerprint = fingerprintOf(req);
  const { store } = settings;
  const owner = randomUUID();
  const leaseFrom = (ms: number) => new Date(ms + LEASE_SECONDS * 1000).toISOString();
  const now = context.clock.now();
  const times = { now: now.toISOString(), leaseUntil: leaseFrom(now.getTime()), expiresAt: new Date(now.getTime() + settings.hours * 3_600_000).toISOString() };
  const claim = await store.claim(scope, key, fingerprint, owner, times);
  if (claim.kind === 'taken') {
    if (claim.record.fingerprint !== fingerprint) return sendError(res, domainError('IDEMPOTENCY_KEY_MISMATCH'), context.mode);
    const answer = claim.record.answer;
    if (!answer) {
      res.setHeader('Retry-After', '1');
      return sendError(res, domainError('IDEMPOTENCY_KEY_IN_USE'), context.mode);
    }
    res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(answer.body), 'Idempotent-Replayed': 'true' });
    res.end(answer.body);
    return;
  }
  res.locals[HELD_KEY] = { scope, key } satisfies IdempotencyKeyRef;
  const written = captured(res);
  // The lease is renewed while the request runs (a failed renewal is the next one's to retry).
  const renewal = setInterval(() => void store.renew(scope, key, owner, leaseFrom(context.clock.now().getTime())).catch(() => undefined), (LEASE_SECONDS * 1000) / 3);
  renewal.unref();
  try {
    await handle();
  } catch (e) {
    clearInterval(renewal);
    await store.release(scope, key, owner);
    throw e;
  }
  clearInterval(renewal);
  const body = written.body();
  // A 5xx (our trouble) and a 429 (a limit that lifts) are for a retry to try again: not kept.
  if (res.statusCode >= 500 || res.statusCode === 429 || body === undefined) await store.release(scope, key, owner);
  else await store.complete(scope, key, owner, { status: res.statusCode, body });
}
