import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The subscription service's signature (the spec's, for every method): lowercase hex
 * hmac_sha256(subscriptionSecret, SubscriptionProjectID + Now). Also the notification's Signature.
 */
export const subscriptionSignature = (secret: string, projectId: string | number, now: string): string => createHmac('sha256', secret).update(`${projectId}${now}`, 'utf8').digest('hex');

/** Constant-time comparison with the expected signature (any case accepted). */
export function subscriptionSignatureMatches(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
