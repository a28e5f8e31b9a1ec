/**
 * Which request the running command serves, if any (the caller's X-Request-Id, or one made for it).
 * The events a command records carry it, so that a merchant can go from a webhook to the call that
 * caused it. Optional: without it, events carry no request id.
 */
export interface RequestContext {
  requestId(): string | undefined;
  /** The request's Idempotency-Key, if it sent one: its events carry it beside the request id. */
  idempotencyKey?(): string | undefined;
  /** The W3C `traceparent` of the running span, when traces are on: its events (and the deliveries they cause) continue that trace. */
  traceparent?(): string | undefined;
}
