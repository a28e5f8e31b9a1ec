import type { DeliveryAttempt, WebhookDelivery, WebhookEndpoint } from '@kassa-payments/domain';

// A webhook endpoint's health as its pages show it: how its last attempt went, since when its
// deliveries fail, and whether it is disabled and by whom. The endpoint keeps the failing record
// (failingSince, disabledAt); its attempts are on its deliveries.

/** The deliveries an endpoint's health reads, newest first: a bounded read for each endpoint of a list. */
export const HEALTH_DELIVERIES = 20;

export interface EndpointHealth {
  /** The newest attempt among the deliveries read; none before the first. */
  readonly lastAttempt: DeliveryAttempt | undefined;
  readonly failingSince: string | null;
  /** Why it is disabled: Kassa disabled it for failing (at `disabledAt`), or the merchant did; undefined while enabled. */
  readonly disabledBy: 'kassa' | 'merchant' | undefined;
}

export function endpointHealth(endpoint: WebhookEndpoint, deliveries: readonly WebhookDelivery[]): EndpointHealth {
  let lastAttempt: DeliveryAttempt | undefined;
  for (const d of deliveries) for (const a of d.attempts) if (!lastAttempt || a.at > lastAttempt.at) lastAttempt = a;
  // Kassa records when it disabled an endpoint for failing; a merchant's disabling records no time.
  const disabledBy = endpoint.state === 'enabled' ? undefined : endpoint.disabledAt ? 'kassa' : 'merchant';
  return { lastAttempt, failingSince: endpoint.failingSince, disabledBy };
}

/**
 * An attempt's result: the answer's HTTP status, else the error; an attempt never sent says so
 * (a test clock's paced ones say it in their error already, a disabled endpoint's do not).
 */
export function attemptResult(a: DeliveryAttempt, notSent: string): string {
  const result = a.status !== null ? String(a.status) : (a.error ?? '—');
  return a.sent === false && !result.startsWith('not sent') ? `${result} (${notSent})` : result;
}
