import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a webhook's timestamp may be from the receiver's clock (Standard Webhooks' default). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** The fewest random bytes a webhook secret holds. */
export const MIN_WEBHOOK_SECRET_BYTES = 24;

/**
 * Whether `secret` is a Standard Webhooks secret every library reads alike: `whsec_` and the
 * canonical base64 of at least 24 bytes (a looser base64 reads differently from one library to the next).
 */
export function isWebhookSecret(secret: string): boolean {
  if (!secret.startsWith('whsec_')) return false;
  const text = secret.slice('whsec_'.length);
  const key = Buffer.from(text, 'base64');
  return key.length >= MIN_WEBHOOK_SECRET_BYTES && key.toString('base64') === text;
}

/**
 * The HMAC key of a webhook secret, as every Standard Webhooks library reads it: the base64 after
 * `whsec_`. Anything else throws: a key that decodes to little or nothing would accept forgeries.
 */
export function webhookKey(secret: string): Buffer {
  if (!isWebhookSecret(secret)) throw new Error(`a webhook secret is whsec_ and the base64 of at least ${MIN_WEBHOOK_SECRET_BYTES} random bytes`);
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
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
  if (!isWebhookSecret(secret)) return { ok: false, reason: `the secret is not whsec_ and the base64 of at least ${MIN_WEBHOOK_SECRET_BYTES} bytes` };
  const expected = Buffer.from(webhookSignature(secret, id, timestamp, body).slice(3), 'base64');
  const matches = signatures.split(' ').some((candidate) => {
    if (!candidate.startsWith('v1,')) return false;
    const given = Buffer.from(candidate.slice(3), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true, id, timestamp } : { ok: false, reason: 'no signature matches' };
}
