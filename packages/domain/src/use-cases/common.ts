import type { Clock } from '../ports/clock.port.js';
import type { IdGenerator } from '../ports/id-generator.port.js';
import type { PinGenerator, SmsSender } from '../ports/pin.port.js';
import type { Scheduler, Job } from '../ports/scheduler.port.js';
import type { SaveResult } from '../ports/save-result.js';
import type { DomainError } from '../shared/errors.js';
import type { DomainEvent, EventStamp } from '../shared/events.js';
import type { Change } from '../shared/lifecycle.js';
import type { Result } from '../shared/result.js';
import { TEST_PIN, type DomainSettings } from '../shared/settings.js';

/** A use-case step that lost an optimistic-concurrency race and must run again on fresh state. */
export const RETRY = Symbol('retry');

const MAX_RACE_RETRIES = 20;

/** Re-runs `step` while it answers RETRY; a bounded number of times, then it throws. */
export async function retryOnConflict<T>(step: () => Promise<T | typeof RETRY>): Promise<T> {
  for (let attempt = 0; attempt < MAX_RACE_RETRIES; attempt++) {
    const result = await step();
    if (result !== RETRY) return result;
  }
  throw new Error(`gave up after ${MAX_RACE_RETRIES} concurrent-update conflicts`);
}

export const stampOf = (clock: Clock, ids: IdGenerator): EventStamp => ({
  now: clock.now().toISOString(),
  newId: () => ids.newId(),
});

/** The PIN for a new confirmation: 1234 in the test environment, a fresh one otherwise. */
export const newPin = (settings: DomainSettings, pins: PinGenerator): string =>
  settings.mode === 'test' ? TEST_PIN : pins.newPin();

/** Sends the PIN by SMS, except in the test environment, where no SMS is sent. */
export async function sendPin(settings: DomainSettings, sms: SmsSender, msisdn: string, pin: string): Promise<void> {
  if (settings.mode !== 'test') await sms.sendPin(msisdn, pin);
}

/**
 * Asks for a job without letting a scheduler outage fail the request: the state is already saved,
 * and the repositories' `findDue` sweep picks the work up if the job never arrives.
 */
export async function scheduleSafely(scheduler: Scheduler, job: Job): Promise<void> {
  try {
    await scheduler.schedule(job);
  } catch {
    // Deliberately swallowed: see above. The sweep is the retry path.
  }
}

/** What loading, changing and saving one aggregate needs. */
export interface CommandRun<A, T, M> {
  readonly load: () => Promise<A | undefined>;
  readonly missing: M;
  readonly command: (aggregate: A) => Change<A, T>;
  readonly save: (aggregate: A, events: readonly DomainEvent[]) => Promise<SaveResult>;
}

/**
 * Load, ask the aggregate (its machine), save what changed, answer. A lost race re-runs the whole
 * step on fresh state, so concurrent wrong PINs can never count past the limit.
 */
export function runCommand<A, T, M>(run: CommandRun<A, T, M>): Promise<Result<T, DomainError> | M> {
  return retryOnConflict(async () => {
    const aggregate = await run.load();
    if (!aggregate) return run.missing;
    const change = run.command(aggregate);
    if (change.next && !(await run.save(change.next, change.events)).ok) return RETRY;
    return change.outcome;
  });
}
