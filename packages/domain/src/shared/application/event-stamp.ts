import type { Clock } from '../../ports/clock.port.js';
import type { IdGenerator } from '../../ports/id-generator.port.js';
import type { EventStamp } from '../events.js';

/** The time and id source for the events of one command, from the Clock and IdGenerator ports. */
export const stampOf = (clock: Clock, ids: IdGenerator): EventStamp => ({
  now: clock.now().toISOString(),
  newId: () => ids.newId(),
});
