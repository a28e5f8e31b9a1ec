import { subscriptionSignatureV1, subscriptionSignatureV2, type SubscriptionSignatureVersion } from '@kassa/protocol';

/**
 * The signature a subscription-service request must carry: `v1` (the spec's, the default)
 * hmac_sha256(secret, SubscriptionProjectID + Now), which covers no document, so a captured request
 * authorises any other for the drift window; `v2` adds hex(sha256(D)), the document without its
 * Signature text (the project setting `subscriptionSignature`).
 */
export const subscriptionSignature = (version: SubscriptionSignatureVersion, secret: string, projectId: string, now: string, digest: string): string =>
  version === 'v2' ? subscriptionSignatureV2(secret, projectId, now, digest) : subscriptionSignatureV1(secret, projectId, now);
