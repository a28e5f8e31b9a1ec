/**
 * The request (or job) a command serves, built once where it comes in (the route, the job runner)
 * and passed to the use case: the events the command records carry its request id and
 * Idempotency-Key, so that a merchant can go from a webhook to the call that caused it, and the jobs
 * its save asks for carry them on. A plain value handed down, never read from ambient state. Absent:
 * the command serves no request (the due-work sweep, a test), and its events carry none.
 */
export interface RequestContext {
  /** The caller's X-Request-Id, or the one Kassa made for the request (a job: the request that scheduled it). */
  readonly requestId?: string;
  /** The request's Idempotency-Key, if it sent one: its events carry it beside the request id. */
  readonly idempotencyKey?: string;
  /** The W3C `traceparent` of the request's span, when traces are on: its events (and the deliveries they cause) continue that trace. */
  readonly traceparent?: string;
  /**
   * Who runs the command: a request (the default), or a job a request caused. The jobs a request's
   * command asks for carry its id; the jobs a job asks for (next month's charge) do not: they are no
   * longer the request's doing.
   */
  readonly by?: 'request' | 'job';
}
