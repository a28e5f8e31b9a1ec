import type { KassaPorts } from '../ports/kassa-ports.js';
import type { PinGenerator, SmsOutcome, SmsSender } from '../ports/pin.port.js';
import type { SaveResult } from '../ports/save-result.js';
import { fail, type DomainError } from '../shared/errors.js';
import type { EventStamp } from '../shared/events.js';
import type { Change } from '../shared/lifecycle.js';
import type { Err } from '../shared/result.js';
import { TEST_PIN, type DomainSettings } from '../shared/settings.js';
import { stampFor, type OnClock } from './clock-time.js';

/** The PIN for a new confirmation: 1234 in the test environment, a fresh one otherwise. */
export const newPin = (settings: DomainSettings, pins: PinGenerator): string => (settings.mode === 'test' ? TEST_PIN : pins.newPin());

/** The test environment's number whose SMS cannot be delivered (docs/merchants/sandbox.md, "Testing"). */
export const UNDELIVERABLE_SMS_TEST_MSISDN = '79990000404';

/**
 * Sends the PIN by SMS, except in the test environment, where no SMS is sent and only
 * UNDELIVERABLE_SMS_TEST_MSISDN's is answered as undeliverable.
 */
export async function sendPin(settings: DomainSettings, sms: SmsSender, msisdn: string, pin: string): Promise<SmsOutcome> {
  if (settings.mode === 'test') return msisdn === UNDELIVERABLE_SMS_TEST_MSISDN ? 'undeliverable' : 'sent';
  return (await sms.sendPin(msisdn, pin)) === 'undeliverable' ? 'undeliverable' : 'sent';
}

/** The answer when a PIN could not be delivered: `what` was closed at once (a new confirmation), or nothing changed (a resent PIN). */
export const pinNotDelivered = (what: string, details: Readonly<Record<string, string>>) =>
  fail('PIN_NOT_DELIVERED', `The PIN could not be delivered by SMS to this number; the ${what} was closed`, details);

/** A new record awaiting its PIN: what the answer calls it, and how its lifecycle ends it. */
export interface AwaitingPin<A, E> {
  readonly what: 'contract' | 'invoice' | 'subscription';
  readonly record: A;
  /** The lifecycle's command that ends the record when nobody can confirm it. */
  readonly close: (a: A, stamp: EventStamp) => Change<A, unknown, E>;
  readonly save: (a: A, events: readonly E[]) => Promise<SaveResult>;
}

/**
 * Sends a new record's PIN. When the SMS cannot be delivered nobody can confirm the record, so it is
 * ended at once (which gives its unique key back for a new try; nothing falls due after its end) and
 * the answer says so (PIN_NOT_DELIVERED naming `<what>_id`); undefined once the PIN is on its way.
 */
export async function sendPinOrClose<A extends OnClock & { readonly id: string }, E>(
  ports: Pick<KassaPorts, 'settings' | 'sms' | 'clock' | 'ids' | 'requests' | 'testClocks'>,
  msisdn: string,
  pin: string,
  awaiting: AwaitingPin<A, E>,
): Promise<Err<DomainError> | undefined> {
  if ((await sendPin(ports.settings, ports.sms, msisdn, pin)) === 'sent') return undefined;
  const { what, record, close, save } = awaiting;
  const closed = close(record, await stampFor(ports, record));
  if (closed.next) await save(closed.next, closed.events);
  return pinNotDelivered(what, { [`${what}_id`]: record.id });
}
