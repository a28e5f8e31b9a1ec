/** What the check of a merchant's webhook endpoint URL decided. */
export type WebhookTargetVerdict = { readonly kind: 'ok' } | { readonly kind: 'rejected'; readonly reason: string };

/**
 * Decides whether Kassa may deliver to a URL a merchant names for a webhook endpoint (checked at
 * creation and change; the sender checks the address again when it connects): `rejected` for one it
 * must not reach (not http(s), credentials in it, or, unless the operator allows private networks, a
 * private, loopback, link-local or unique-local address however written or resolved).
 */
export interface WebhookTargets {
  admit(url: string): Promise<WebhookTargetVerdict>;
}

/** Makes the signing secrets of webhook endpoints: Standard Webhooks' `whsec_` and the base64 of random bytes. */
export interface SigningSecrets {
  newSecret(): string;
}
