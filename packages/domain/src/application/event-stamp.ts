import type { Clock } from '../ports/clock.port.js';
import type { IdGenerator } from '../ports/id-generator.port.js';
import type { RequestContext } from '../ports/request-context.port.js';
import type { EventStamp } from '../shared/events.js';

/** The time, id source and request for the events of one command, from the Clock, IdGenerator and RequestContext ports. */
export const stampOf = (clock: Clock, ids: IdGenerator, requests?: RequestContext): EventStamp => {
  const requestId = requests?.requestId();
  const idempotencyKey = requests?.idempotencyKey?.();
  return {
    now: clock.now().toISOString(),
    newId: () => ids.newId(),
    ...(requestId === undefined ? {} : { requestId }),
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  };
};
