import { pino, type DestinationStream, type Logger } from 'pino';
import { maskCardNumbers } from '@kassa-payments/operations';
import { LineWriter } from './line-writer.js';

/**
 * Structured JSON logs. Request bodies are masked before they are logged (maskForLog, which
 * reaches every depth, so `body` needs no paths here: each would have pino clone the body of every
 * request line); this redaction is the second line, for secrets passed at the top of a log object
 * or in an error. Only fixed paths: wildcard paths are costly per line (docs/decisions.md).
 */
export const REDACTED_PATHS = [
  'password',
  'pin',
  'pinCode',
  'pin_code',
  'PinCode',
  'security_code',
  // A PaymentCard (the payment page's card, passed to the gateway for one charge) logged by a plugin.
  'securityCode',
  'card.securityCode',
  'pan',
  'Signature',
  'signature',
  'webhookSecret',
  'subscriptionSecret',
  'headers["x-signature"]',
  'err.body',
];

/**
 * Logs go to stdout (or a file) through an asynchronous, buffered writer: a synchronous write per
 * line is costly, and pino's own buffered destination re-copies its buffer on every line (see
 * LineWriter and docs/decisions.md). Whatever is pending is written at exit.
 */
export const bufferedDestination = (dest: number | string = 1): DestinationStream => new LineWriter(dest);

/**
 * The last line of defence for card numbers, on every line of every host whatever logged it (an
 * error message quoting a client's text, a path): any Luhn-valid run of 13-19 digits inside a JSON
 * string of the line keeps its last four digits. One pass over the line, no copy when there is none.
 */
export const maskLine = (line: string): string => maskCardNumbers(line, 'json-strings');

/** `mixin` adds fields to every line (the running request's id); a line's own fields win over them. */
export function createLogger(level: string, destination: DestinationStream = bufferedDestination(), mixin?: () => Record<string, unknown>): Logger {
  const logger = pino({ level, base: { service: 'kassa' }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, hooks: { streamWrite: maskLine }, ...(mixin ? { mixin } : {}) }, destination);
  // A quiet service still shows its logs within a second.
  setInterval(() => logger.flush(), 1000).unref();
  return logger;
}

/** Waits until everything logged so far is written. */
export const flushed = (logger: Logger): Promise<void> => new Promise((resolve) => logger.flush(() => resolve()));
