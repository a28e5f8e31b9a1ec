import type { RequestContext } from '../ports/request-context.port.js';
import type { KassaPorts } from '../ports/kassa-ports.js';
import type { SmsOutcome } from '../ports/pin.port.js';
import type { SaveResult } from '../ports/save-result.js';
import { fail, type DomainError } from '../shared/errors.js';
import type { EventStamp } from '../shared/events.js';
import type { Change } from '../shared/lifecycle.js';
import type { Err } from '../shared/result.js';
import type { OnClock } from '../ports/time-source.port.js';
import { stampFor } from './event-stamp.js';

/** The PIN for a new confirmation: the sandbox's fixed one where there is a sandbox, else a fresh one. */
export const newPin = (ports: Pick<KassaPorts, 'sandbox' | 'pins'>): string => ports.sandbox?.fixedPin ?? ports.pins.newPin();

/** Sends the PIN by SMS; where there is a sandbox it decides the outcome and no SMS is sent. */
export async function sendPin(ports: Pick<KassaPorts, 'sandbox' | 'sms'>, msisdn: string, pin: string, context?: RequestContext): Promise<SmsOutcome> {
  if (ports.sandbox) return ports.sandbox.pinDelivery(msisdn);
  return (await ports.sms.sendPin(msisdn, pin, context)) === 'undeliverable' ? 'undeliverable' : 'sent';
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
  ports: Pick<KassaPorts, 'sandbox' | 'sms' | 'clock' | 'ids' | 'time'>,
  msisdn: string,
  pin: string,
  awaiting: AwaitingPin<A, E>,
  context?: RequestContext,
): Promise<Err<DomainError> | undefined> {
  if ((await sendPin(ports, msisdn, pin, context)) === 'sent') return undefined;
  const { what, record, close, save } = awaiting;
  const closed = close(record, await stampFor(ports, record, context));
  if (closed.next) await save(closed.next, closed.events);
  return pinNotDelivered(what, { [`${what}_id`]: record.id });
}
