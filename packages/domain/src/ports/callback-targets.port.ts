/** What the check of a `test_info.callback_url` decided. */
export type CallbackVerdict = { readonly kind: 'ok' } | { readonly kind: 'rejected'; readonly reason: string } | { readonly kind: 'rate_limited'; readonly retryAfterSeconds?: number };

/**
 * Decides whether Kassa may call a flagged partner's `test_info.callback_url` (test environment):
 * `rejected` for a target it must not reach (a private, loopback, link-local or unique-local
 * address, however written), `rate_limited` past the partner's documented rate. The partner's flag
 * is checked before, by the use case.
 */
export interface CallbackTargets {
  admit(partnerLogin: string, url: string): Promise<CallbackVerdict>;
}
