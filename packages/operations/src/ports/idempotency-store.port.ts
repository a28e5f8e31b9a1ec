import type { IdempotencyKeyRef, IdempotencyScope } from '@kassa-payments/domain';

/** The first answer to a request with an Idempotency-Key: replayed to every retry with the same key. */
export interface StoredAnswer {
  readonly status: number;
  readonly body: string;
  /** The body is sealed (an answer that carries a secret, under KASSA_SECRETS_KEY): opened with the AnswerSealer before it is replayed. */
  readonly sealed?: boolean;
}

/**
 * Seals the stored copy of an answer that carries a secret (the storage's sealer under
 * KASSA_SECRETS_KEY), `context` (which key) bound to the seal; `open` throws for a value it cannot open.
 */
export interface AnswerSealer {
  seal(plain: string, context: string): string;
  open(stored: string, context: string): string;
}

/** What a key holds: the request it was first used with (a fingerprint), and its answer once given. */
export interface IdempotencyRecord {
  readonly fingerprint: string;
  /** Absent while the first request is being answered. */
  readonly answer?: StoredAnswer;
}

export type IdempotencyClaim = { readonly kind: 'claimed' } | { readonly kind: 'taken'; readonly record: IdempotencyRecord };

/** When a claim was made, until when its owner holds it without an answer, and until when the key replays. */
export interface ClaimTimes {
  readonly now: string;
  readonly leaseUntil: string;
  readonly expiresAt: string;
}

/**
 * Idempotency keys (draft-ietf-httpapi-idempotency-key-header), scoped to a partner and project.
 * `claim` is atomic across processes: of requests racing with one key exactly one is `claimed`, as
 * `owner` (a value of the caller's, unique per request); the others see the record (in flight, or
 * answered). Only the owner completes, releases or renews its claim: a request that outlived its lease
 * and lost the key cannot write over the next owner's. An unanswered claim whose lease ran out can be
 * claimed again; a record past `expiresAt` is as good as absent.
 */
export interface IdempotencyStore {
  claim(scope: IdempotencyScope, key: string, fingerprint: string, owner: string, times: ClaimTimes): Promise<IdempotencyClaim>;
  /** Stores the first answer (the claim's owner only). */
  complete(scope: IdempotencyScope, key: string, owner: string, answer: StoredAnswer): Promise<void>;
  /** Gives an unanswered claim up (the owner only): the request failed without an answer worth replaying. */
  release(scope: IdempotencyScope, key: string, owner: string): Promise<void>;
  /** Extends the owner's lease while its request still runs. */
  renew(scope: IdempotencyScope, key: string, owner: string, leaseUntil: string): Promise<void>;
  /**
   * Removes a project's keys (the test environment's reset) but `keep`, the key the reset itself runs
   * under, so that its retry is replayed rather than run again; answers how many.
   */
  eraseProject(projectId: number, keep?: IdempotencyKeyRef): Promise<number>;
}
