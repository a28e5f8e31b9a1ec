import { createHmac } from 'node:crypto';

/**
 * The subscription service's signature (the spec's, for every method): lowercase hex
 * hmac_sha256(subscriptionSecret, SubscriptionProjectID + Now). Also the notification's Signature.
 * A received one is compared as the XML 2.9 service compares its own (`xmlSignatureMatches`).
 */
export const subscriptionSignature = (secret: string, projectId: string | number, now: string): string => createHmac('sha256', secret).update(`${projectId}${now}`, 'utf8').digest('hex');
