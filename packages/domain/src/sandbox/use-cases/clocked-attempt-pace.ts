import type { Clock } from '../../ports/clock.port.js';
import type { AttemptPace } from '../../webhook/use-cases/attempt-delivery.use-case.js';

/**
 * How the sandbox paces the real HTTP attempts of webhook deliveries on test clocks, per endpoint (a
 * URL's origin): an advance can make thousands in a second of real time, and the URL is whatever the
 * merchant named (docs/merchants/sandbox.md, "Test clocks").
 */
export const CLOCKED_ATTEMPTS = {
  /** Attempts an endpoint may get at once... */
  burst: 20,
  /** ...and then a second, in real time. */
  perSecond: 20,
  /** Real attempts that failed in a row, after which an endpoint gets none... */
  failuresInARow: 3,
  /** ...for this long (real time): the rest of an advance, as a rule. */
  restSeconds: 30,
  /** Endpoints remembered at once (the least recently used goes first). */
  endpoints: 10_000,
} as const;

interface Endpoint {
  tokens: number;
  refilledMs: number;
  failures: number;
  restUntilMs: number;
}

/**
 * The host an attempt counts against, whatever its scheme, port, user or path (a trailing dot and
 * case dropped): one host gets one pace however its URLs are written. Else the URL itself.
 */
const endpointOf = (url: string): string => {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1];
  if (authority === undefined) return url;
  const host = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  return (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '')).replace(/\.$/, '');
};

/**
 * Decides which attempts of test-clock deliveries are really sent (`take`) and learns how they went
 * (`settle`). Each process paces its own attempts: an advance runs in one process at a time (its
 * lease), and its attempts with it. An attempt refused here is recorded as not sent, a failure on
 * the schedule like any other, so the delivery walks its schedule and ends dead, redeliverable.
 */
export class ClockedAttemptPace implements AttemptPace {
  private readonly endpoints = new Map<string, Endpoint>();

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  /**
   * undefined: send it. Otherwise why it is not sent, and whether the endpoint rests (then none of
   * its attempts is sent for a while, and an advance records the rest of a schedule at once).
   */
  take(url: string): { readonly why: string; readonly resting: boolean } | undefined {
    const nowMs = this.clock.now().getTime();
    const endpoint = this.endpoint(endpointOf(url), nowMs);
    if (endpoint.restUntilMs > nowMs) return { why: `not sent: the endpoint failed ${CLOCKED_ATTEMPTS.failuresInARow} attempts in a row just before`, resting: true };
    endpoint.tokens = Math.min(CLOCKED_ATTEMPTS.burst, endpoint.tokens + ((nowMs - endpoint.refilledMs) / 1000) * CLOCKED_ATTEMPTS.perSecond);
    endpoint.refilledMs = nowMs;
    if (endpoint.tokens < 1) return { why: `not sent: a test clock's attempts reach an endpoint at most ${CLOCKED_ATTEMPTS.perSecond} a second`, resting: false };
    endpoint.tokens -= 1;
    return undefined;
  }

  /** A real attempt's result: failures in a row rest the endpoint; a success resets the count. */
  settle(url: string, succeeded: boolean): void {
    const nowMs = this.clock.now().getTime();
    const endpoint = this.endpoint(endpointOf(url), nowMs);
    endpoint.failures = succeeded ? 0 : endpoint.failures + 1;
    if (endpoint.failures >= CLOCKED_ATTEMPTS.failuresInARow) {
      endpoint.restUntilMs = nowMs + CLOCKED_ATTEMPTS.restSeconds * 1000;
      endpoint.failures = 0;
    }
  }

  private endpoint(key: string, nowMs: number): Endpoint {
    let endpoint = this.endpoints.get(key);
    if (endpoint) this.endpoints.delete(key);
    else {
      endpoint = { tokens: CLOCKED_ATTEMPTS.burst, refilledMs: nowMs, failures: 0, restUntilMs: 0 };
      if (this.endpoints.size >= CLOCKED_ATTEMPTS.endpoints) this.endpoints.delete(this.endpoints.keys().next().value as string);
    }
    // Last in the map's order: the most recently used.
    this.endpoints.set(key, endpoint);
    return endpoint;
  }
}
