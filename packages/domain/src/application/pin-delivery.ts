import type { PinGenerator, SmsOutcome, SmsSender } from '../ports/pin.port.js';
import { TEST_PIN, type DomainSettings } from '../shared/settings.js';
import { fail } from '../shared/errors.js';

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

/** The answer when a new confirmation's PIN could not be delivered: the record was closed at once. */
export const pinNotDelivered = (what: string, details: Readonly<Record<string, string>>) =>
  fail('PIN_NOT_DELIVERED', `The PIN could not be delivered by SMS to this number; the ${what} was closed`, details);
