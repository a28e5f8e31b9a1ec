/** Whose Idempotency-Keys: a partner's, in one project. (The store of the keys is @kassa-payments/operations'.) */
export interface IdempotencyScope {
  readonly partner: string;
  readonly projectId: number;
}

/** One key in its scope: the key the test environment's reset runs under, which the reset keeps. */
export interface IdempotencyKeyRef {
  readonly scope: IdempotencyScope;
  readonly key: string;
}
