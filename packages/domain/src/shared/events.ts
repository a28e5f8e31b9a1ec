/** Which aggregate recorded an event; the outbox is kept inside that aggregate's document. */
export type AggregateKind = 'contract' | 'invoice' | 'subscription' | 'test_clock' | 'webhook_endpoint';

/**
 * What every recorded event carries beside its facts: a stable id (delivery is at-least-once and
 * receivers de-duplicate on it), when, the project, and the aggregate that recorded it. Events are
 * saved in the same write as their aggregate (an outbox inside the document).
 */
export interface EventEnvelope<K extends AggregateKind = AggregateKind> {
  readonly id: string;
  readonly occurredAt: string;
  readonly projectId: number;
  readonly aggregate: { readonly kind: K; readonly id: string };
  /** The X-Request-Id of the request whose command recorded the event (absent for the sweep's own work). */
  readonly requestId?: string;
  /** The Idempotency-Key that request carried, if any. */
  readonly idempotencyKey?: string;
  /** The W3C `traceparent` of the span that recorded the event (traces on): its deliveries continue that trace. */
  readonly traceparent?: string;
  /** The test clock the aggregate lives on (test environment): `occurredAt` is that clock's time. */
  readonly testClockId?: string;
}

/** What a command needs to stamp the events it records. */
export interface EventStamp {
  readonly now: string;
  readonly newId: () => string;
  readonly requestId?: string;
  readonly idempotencyKey?: string;
  readonly traceparent?: string;
  /** The aggregate's test clock, if any: `now` is its time. */
  readonly testClockId?: string;
}

/** Stamps the facts of an event recorded by `aggregate`. */
export function stamped<K extends AggregateKind, const F extends { readonly type: string }>(
  kind: K,
  aggregate: { readonly id: string; readonly projectId: number },
  facts: F,
  stamp: EventStamp,
): EventEnvelope<K> & F {
  const envelope = { id: stamp.newId(), occurredAt: stamp.now, projectId: aggregate.projectId, aggregate: { kind, id: aggregate.id } };
  return {
    ...envelope,
    ...(stamp.requestId === undefined ? {} : { requestId: stamp.requestId }),
    ...(stamp.idempotencyKey === undefined ? {} : { idempotencyKey: stamp.idempotencyKey }),
    ...(stamp.traceparent === undefined ? {} : { traceparent: stamp.traceparent }),
    ...(stamp.testClockId === undefined ? {} : { testClockId: stamp.testClockId }),
    ...facts,
  };
}

/**
 * What an aggregate's machine emits for one of its events (XState's `emit`): the event's own facts,
 * without the envelope and without `Common`, what every event of that aggregate says of it (those
 * are added from the aggregate after the step, with the stamp).
 */
export type EmittedPart<E, Common> = E extends unknown ? Omit<E, keyof EventEnvelope | keyof Common> : never;
