import type { RequestContext } from './request-context.port.js';
/** Fresh PIN codes for SMS confirmation (outside the test environment, where the PIN is 1234). */
export interface PinGenerator {
  newPin(): string;
}

/**
 * Keyed digests of PINs: Kassa stores a PIN's digest only and compares digests. `digest` is a keyed
 * hash (the app's: HMAC-SHA256 with a server key) over the aggregate's id and the PIN, so equal
 * PINs of two aggregates have different digests and a stolen database reveals no PIN by a table.
 */
export interface PinDigests {
  digest(aggregateId: string, pin: string): string;
}

/** What the SMS provider said of a PIN message. */
export type SmsOutcome = 'sent' | 'undeliverable';

/** Sends a PIN by SMS. Never called in the test environment; implementations never log the PIN. */
export interface SmsSender {
  /**
   * Sends the PIN. Answers 'undeliverable' when the SMS provider refuses the number (nothing will
   * reach the customer); nothing, or 'sent', when it took the message. `context`: the request that
   * asked for the PIN (its `requestId`, for the sender's log lines), when one did.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a provider plugin written before outcomes existed answers nothing (void), which means sent.
  sendPin(msisdn: string, pin: string, context?: RequestContext): Promise<SmsOutcome | undefined | void>;
}
