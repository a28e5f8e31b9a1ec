import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a webhook's timestamp may be from the receiver's clock (Standard Webhooks' default). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * The HMAC key of a webhook secret, as every Standard Webhooks library reads it: the base64 after
 * an optional `whsec_`. (Kassa's secrets are `whsec_` and at least 24 random bytes.)
 */
export function webhookKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/** `v1,` + base64 HMAC-SHA256 over `id.timestamp.body`, as Kassa sends it in `webhook-signature`. */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', webhookKey(secret)).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
}

export type WebhookVerification = { readonly ok: true; readonly id: string; readonly timestamp: number } | { readonly ok: false; readonly reason: string };

/**
 * Verifies a webhook Kassa sent, per Standard Webhooks: the `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` headers (any case), the raw body exactly as received, the project's webhook
 * secret. The timestamp must be within 5 minutes of `now`; any `v1,` signature in the
 * space-separated list may match (secrets rotate). De-duplicate on the returned id.
 */
export function verifyWebhook(secret: string, headers: Readonly<Record<string, string | string[] | undefined>>, body: string, now: Date = new Date()): WebhookVerification {
  const header = (name: string) => {
    const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
    return Array.isArray(entry) ? entry[0] : entry;
  };
  const id = header('webhook-id');
  const stamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  if (!id || !stamp || !signatures) return { ok: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature' };
  const timestamp = Number(stamp);
  if (!/^[0-9]{1,12}$/.test(stamp) || Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: 'timestamp outside the tolerance' };
  const expected = Buffer.from(webhookSignature(secret, id, timestamp, body).slice(3), 'base64');
  const matches = signatures.split(' ').some((candidate) => {
    if (!candidate.startsWith('v1,')) return false;
    const given = Buffer.from(candidate.slice(3), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true, id, timestamp } : { ok: false, reason: 'no signature matches' };
}
