import type { KassaPorts } from '../ports/kassa-ports.js';
import type { OnClock } from '../ports/time-source.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { IdGenerator } from '../ports/id-generator.port.js';
import type { RequestContext } from '../ports/request-context.port.js';
import type { EventStamp } from '../shared/events.js';

/** The time, id source and request for the events of one command: the Clock and IdGenerator ports, and the command's context. */
export const stampOf = (clock: Clock, ids: IdGenerator, context?: RequestContext): EventStamp => {
  const { requestId, idempotencyKey, traceparent } = context ?? {};
  return {
    now: clock.now().toISOString(),
    newId: () => ids.newId(),
    ...(requestId === undefined ? {} : { requestId }),
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    ...(traceparent === undefined ? {} : { traceparent }),
  };
};

/** The stamp of a command on `on`: stampOf, moved by the TimeSource into `on`'s time. */
export const stampFor = (ports: Pick<KassaPorts, 'time' | 'clock' | 'ids'>, on: OnClock, context?: RequestContext): Promise<EventStamp> =>
  ports.time.stamp(on, stampOf(ports.clock, ports.ids, context));

/** `{ testClockId }` when `on` has one, else nothing: spread into jobs and new aggregates. */
export const clockOf = (on: { readonly testClockId?: string | undefined }): { testClockId?: string } => (on.testClockId ? { testClockId: on.testClockId } : {});
