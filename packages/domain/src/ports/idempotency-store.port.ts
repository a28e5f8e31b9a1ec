/** The first answer to a request with an Idempotency-Key: replayed to every retry with the same key. */
export interface StoredAnswer {
  readonly status: number;
  readonly body: string;
}

/** What a key holds: the request it was first used with (a fingerprint), and its answer once given. */
export interface IdempotencyRecord {
  readonly fingerprint: string;
  /** Absent while the first request is being answered. */
  readonly answer?: StoredAnswer;
}

export type IdempotencyClaim = { readonly kind: 'claimed' } | { readonly kind: 'taken'; readonly record: IdempotencyRecord };

/**
 * Idempotency keys (draft-ietf-httpapi-idempotency-key-header), scoped to a partner and project.
 * `claim` is atomic across processes: of requests racing with one key exactly one is `claimed`; the
 * others see the record (in flight, or answered). A claim whose first request died without an answer
 * can be claimed again after `leaseUntil`; a record past `expiresAt` is as good as absent.
 */
export interface IdempotencyStore {
  claim(scope: string, key: string, fingerprint: string, times: { readonly now: string; readonly leaseUntil: string; readonly expiresAt: string }): Promise<IdempotencyClaim>;
  /** Stores the first answer (the claim's owner only). */
  complete(scope: string, key: string, answer: StoredAnswer): Promise<void>;
  /** Gives an unanswered claim up (the request failed without an answer worth replaying: a 5xx). */
  release(scope: string, key: string): Promise<void>;
}
