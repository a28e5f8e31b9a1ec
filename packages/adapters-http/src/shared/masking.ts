import { maskPan } from '@kassa/domain';

/** Keys whose values never reach a log, whatever object they sit in. */
const SECRET_KEYS = new Set(['security_code', 'pin_code', 'password', 'PinCode', 'Signature', 'cvv', 'cvc']);

/**
 * A copy of a request body fit for the request log: card numbers cut to their last four digits,
 * security codes, PINs and passwords removed.
 */
export function maskBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskBody);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  // for-in over own keys rather than Object.entries: no array of pairs for every object of every body.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const v: unknown = (value as Record<string, unknown>)[key];
    if (SECRET_KEYS.has(key)) out[key] = '[redacted]';
    else if (key === 'pan' && typeof v === 'string') out[key] = maskPan(v);
    else if (key === 'pan') out[key] = '[redacted]';
    else out[key] = maskBody(v);
  }
  return out;
}
