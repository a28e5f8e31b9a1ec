import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { domainError, type Clock, type DomainError, type IdempotencyStore, type KassaMode } from '@kassa/domain';
import { sendError } from '../shared/envelope.js';

/** Where the JSON v3 API keeps Idempotency-Keys, and for how long it replays an answer. */
export interface IdempotencySettings {
  readonly store: IdempotencyStore;
  /** How long a key replays its first answer (the draft's retention; default 24). */
  readonly hours: number;
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** How long a first request may run before a retry may take its key over (it died, or hangs). */
const LEASE_SECONDS = 60;
/** The draft's key: 1 to 255 printable characters, as a structured-field string ("…") or bare. */
const KEY = /^[\x20-\x7e]{1,255}$/;

/** The request's key, or the 400 its malformed key gets; undefined without one. */
export function idempotencyKeyOf(req: Request): { readonly key: string } | { readonly error: DomainError } | undefined {
  const raw = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  const text = Array.isArray(raw) ? undefined : raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (text === undefined || !KEY.test(text)) return { error: domainError('BAD_REQUEST', 'Idempotency-Key: must be 1 to 255 printable ASCII characters, once') };
  return { key: text };
}

/** What makes two requests the same request: method, path with query, and the parsed body. */
const fingerprintOf = (req: Request) =>
  createHash('sha256')
    .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
    .digest('base64url');

/** Keeps what the route writes (status and body), to store it as the key's answer. */
function captured(res: Response): { body(): string | undefined } {
  let body: string | undefined;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  (res as unknown as { end: (...args: unknown[]) => Response }).end = (...args: unknown[]) => {
    const chunk = args[0];
    if (typeof chunk === 'string') body = chunk;
    else if (Buffer.isBuffer(chunk)) body = chunk.toString('utf8');
    return end(...args);
  };
  return { body: () => body };
}

/**
 * Runs `handle` at most once per key (draft-ietf-httpapi-idempotency-key-header), in the scope of the
 * partner and project: the first answer (success or refusal: anything but a 5xx, which is left for a
 * retry to try again) is stored and replayed to every retry with `Idempotent-Replayed: true`; the
 * same key with another request is 422, while the first is still running 409 with Retry-After.
 */
export async function idempotently(
  settings: IdempotencySettings,
  scope: string,
  key: string,
  req: Request,
  res: Response,
  context: { readonly clock: Clock; readonly mode: KassaMode },
  handle: () => Promise<void>,
): Promise<void> {
  const fingerprint = fingerprintOf(req);
  const now = context.clock.now();
  const times = {
    now: now.toISOString(),
    leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString(),
    expiresAt: new Date(now.getTime() + settings.hours * 3_600_000).toISOString(),
  };
  const claim = await settings.store.claim(scope, key, fingerprint, times);
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
  const written = captured(res);
  try {
    await handle();
  } catch (e) {
    await settings.store.release(scope, key);
    throw e;
  }
  const body = written.body();
  if (res.statusCode >= 500 || body === undefined) await settings.store.release(scope, key);
  else await settings.store.complete(scope, key, { status: res.statusCode, body });
}
