import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * Structured JSON logs. Request bodies are masked before they are logged (adapters-http); this
 * redaction is the second line: secrets, signatures, PINs and card fields anywhere in a log object.
 */
export const REDACTED_PATHS = [
  'password', '*.password', 'pin', '*.pin', 'pinCode', '*.pinCode', 'pin_code', '*.pin_code', 'PinCode', '*.PinCode',
  'security_code', '*.security_code', '*.*.security_code', 'pan', '*.pan', '*.*.pan', 'Signature', '*.Signature',
  'headers["x-signature"]', '*.headers["x-signature"]', 'err.body', 'webhookSecret', 'subscriptionSecret',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'kassa' }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
