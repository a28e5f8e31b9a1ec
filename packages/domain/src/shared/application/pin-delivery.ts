import type { PinGenerator, SmsSender } from '../../ports/pin.port.js';
import { TEST_PIN, type DomainSettings } from '../settings.js';

/** The PIN for a new confirmation: 1234 in the test environment, a fresh one otherwise. */
export const newPin = (settings: DomainSettings, pins: PinGenerator): string => (settings.mode === 'test' ? TEST_PIN : pins.newPin());

/** Sends the PIN by SMS, except in the test environment, where no SMS is sent. */
export async function sendPin(settings: DomainSettings, sms: SmsSender, msisdn: string, pin: string): Promise<void> {
  if (settings.mode !== 'test') await sms.sendPin(msisdn, pin);
}
