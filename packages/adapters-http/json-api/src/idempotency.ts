import { createHash, randomUUID } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { Request, Response } from 'express';
import { domainError, type Clock, type DomainError, type IdempotencyKeyRef, type IdempotencyScope, type KassaMode } from '@kassa-payments/domain';
import type { AnswerSealer, IdempotencyStore, StoredAnswer } from '@kassa-payments/operations';
import { answerOf, sendError, sendJsonText } from '@kassa-payments/http-kit';

/** Where the JSON v3 API keeps Idempotency-Keys, and for how long it replays an answer. */
export interface IdempotencySettings {
  readonly store: IdempotencyStore;
  /** How long a key replays its first answer (the draft's retention; default 24). */
  readonly hours: number;
  /**
   * Seals the stored copy of an answer that carries a secret (KASSA_SECRETS_KEY with MongoDB), so a
   * replay answers it whole; absent, such an answer is stored without its secret (docs/security.md).
   */
  readonly sealer?: AnswerSealer;
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

/**
 * Every value of header `name` (lower case) as sent, one per header line: what `req.headersDistinct`
 * gives, without building it for every header of the request (that cost 1.7% of the process on P1).
 */
function sentValues(raw: readonly string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const header = raw[i] as string;
    if (header.length === name.length && header.toLowerCase() === name) values.push(raw[i + 1] as string);
  }
  return values;
}

/** The request's key, or the 400 its malformed key gets; undefined without one. */
export function idempotencyKeyOf(req: Request): { readonly key: string } | { readonly error: DomainError } | undefined {
  if (req.headers[IDEMPOTENCY_KEY_HEADER] === undefined) return undefined;
  // As sent: req.headers joins two headers of this name into one value with ", ", which would pass for a key.
  const sent = sentValues(req.rawHeaders, IDEMPOTENCY_KEY_HEADER);
  const key = sent.length === 1 ? keyIn(sent[0] as string) : undefined;
  if (key === undefined) {
    return { error: domainError('BAD_REQUEST', 'Idempotency-Key: must be sent once, as 1 to 255 printable ASCII characters: a structured-field string ("…") or bare without a comma') };
  }
  return { key };
}

/** Where a route notes that its answer carries a secret, and in which field of `data` (res.locals). */
const SECRET_FIELD = 'idempotencySecretField';

/**
 * The answer about to be sent carries a secret at `data.<field>` (a webhook endpoint's on creation
 * and rotation): its stored copy is sealed, or kept without the secret when no key seals it.
 */
export const answerCarriesSecret = (res: Response, field = 'secret'): void => {
  res.locals[SECRET_FIELD] = field;
};

/** What a sealed answer is bound to: its key in its scope (a sealed body copied to another key does not open). */
const sealContext = (scope: IdempotencyScope, key: string) => `idempotency:${scope.projectId}:${scope.partner}:${key}`;

/** The answer as stored: as sent, or, carrying a secret, sealed or without the secret. */
function storedAnswer(settings: IdempotencySettings, scope: IdempotencyScope, key: string, res: Response, answer: StoredAnswer): StoredAnswer {
  const field = res.locals[SECRET_FIELD] as string | undefined;
  if (field === undefined) return answer;
  if (settings.sealer) return { status: answer.status, body: settings.sealer.seal(answer.body, sealContext(scope, key)), sealed: true };
  const parsed = JSON.parse(answer.body) as { data?: Record<string, unknown> };
  if (parsed.data !== null && typeof parsed.data === 'object') delete parsed.data[field];
  return { status: answer.status, body: JSON.stringify(parsed) };
}

/** The body a replay sends: a sealed one opened (a key no longer configured throws: a 500, never a wrong answer). */
function replayedBody(settings: IdempotencySettings, scope: IdempotencyScope, key: string, answer: StoredAnswer): string {
  if (!answer.sealed) return answer.body;
  if (!settings.sealer) throw new Error('an Idempotency-Key answer is sealed, and KASSA_SECRETS_KEY is not configured');
  return settings.sealer.open(answer.body, sealContext(scope, key));
}

/** Where `idempotently` notes the key the running request holds (res.locals). */
const HELD_KEY = 'idempotencyKeyHeld';

/** The key the running request holds (claimed, not replayed), for a handler that must spare it: the reset. */
export const heldIdempotencyKey = (res: Response): IdempotencyKeyRef | undefined => res.locals[HELD_KEY] as IdempotencyKeyRef | undefined;

/**
 * The body as it means: its canonical JSON (RFC 8785: keys sorted, no whitespace; numbers and strings
 * stay apart), so that another serializer's retry (keys in another order, spaces) is the same request.
 * A body the scheme refuses (a lone surrogate, which JSON.parse lets through) keeps its parsed text.
 */
const canonicalBody = (body: unknown): string => {
  try {
    return canonicalize(body ?? null) ?? 'null';
  } catch {
    return JSON.stringify(body ?? null);
  }
};

/** What makes two requests the same request: method, path with query, and what the body means. */
const fingerprintOf = (req: Request) =>
  createHash('sha256')
    .update(`${req.method} ${req.url}\n${canonicalBody(req.body)}`)
    .digest('base64url');

/**
 * The leases of the keys this process's requests hold, renewed together by one timer every third of
 * LEASE_SECONDS (one timer a request cost each request a timer): only a request that died (its
 * process with it) lets a retry take its key over.
 */
class HeldLeases {
  private readonly held = new Map<string, { readonly store: IdempotencyStore; readonly scope: IdempotencyScope; readonly key: string; readonly owner: string; readonly clock: Clock }>();
  private timer: NodeJS.Timeout | undefined;

  hold(owner: string, lease: { readonly store: IdempotencyStore; readonly scope: IdempotencyScope; readonly key: string; readonly clock: Clock }): void {
    this.held.set(owner, { ...lease, owner });
    if (this.timer) return;
    this.timer = setInterval(() => this.renew(), (LEASE_SECONDS * 1000) / 3);
    this.timer.unref();
  }

  release(owner: string): void {
    this.held.delete(owner);
    if (this.held.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** A failed renewal is the next one's to retry. */
  private renew(): void {
    for (const { store, scope, key, owner, clock } of this.held.values()) {
      void store.renew(scope, key, owner, leaseFrom(clock.now().getTime())).catch(() => undefined);
    }
  }
}

const leases = new HeldLeases();
const leaseFrom = (ms: number) => new Date(ms + LEASE_SECONDS * 1000).toISOString();

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
    sendJsonText(res, answer.status, replayedBody(settings, scope, key, answer), undefined, { 'Idempotent-Replayed': 'true' });
    return;
  }
  res.locals[HELD_KEY] = { scope, key } satisfies IdempotencyKeyRef;
  // The lease is renewed while the request runs.
  leases.hold(owner, { store, scope, key, clock: context.clock });
  // The answer leaves only once it is stored: a client that retries the moment it has it is replayed
  // the answer, never told 409 IN_USE by a key not yet completed.
  const answered = holdAnswer(res);
  try {
    await handle();
  } catch (e) {
    leases.release(owner);
    await store.release(scope, key, owner);
    answered.send();
    throw e;
  }
  leases.release(owner);
  // The JSON answer the route wrote (every answer of the API); none: the key is released.
  const body = answerOf(res)?.text;
  try {
    // A 5xx (our trouble) and a 429 (a limit that lifts) are for a retry to try again: not kept.
    if (res.statusCode >= 500 || res.statusCode === 429 || body === undefined) await store.release(scope, key, owner);
    else await store.complete(scope, key, owner, storedAnswer(settings, scope, key, res, { status: res.statusCode, body }));
  } finally {
    answered.send();
  }
}

/** Holds back `res.end` (so the answer, headers and all) until `send`; an end asked for before then is done then. */
function holdAnswer(res: Response): { send: () => void } {
  const end = res.end.bind(res);
  let held: Parameters<Response['end']> | undefined;
  res.end = ((...args: Parameters<Response['end']>) => {
    held = args;
    return res;
  }) as Response['end'];
  return {
    send: () => {
      res.end = end;
      if (held) end(...held);
    },
  };
}
