import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { maskMsisdn, type IdGenerator, type PinDigests, type PinGenerator, type RandomSource, type RequestContext, type SigningSecrets, type SmsSender } from '@kassa-payments/domain';
import type { Logger } from 'pino';

export class RandomUuids implements IdGenerator {
  newId(): string {
    return randomUUID();
  }
}

/** Webhook endpoints' signing secrets: Standard Webhooks' `whsec_` and 32 bytes from a cryptographic source, in base64. */
export class RandomSigningSecrets implements SigningSecrets {
  newSecret(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }
}

/** Four-digit PINs from a cryptographic source. */
export class RandomPins implements PinGenerator {
  newPin(): string {
    return randomInt(0, 10_000).toString().padStart(4, '0');
  }
}

/**
 * PIN digests keyed by the server's KASSA_PIN_KEY: hex HMAC-SHA256 over the aggregate's id and the
 * PIN. A copy of the database reveals no PIN (four digits are guessed in 10,000 tries of a hash
 * without a key; with one, not at all), and equal PINs of two aggregates differ.
 */
export class HmacPinDigests implements PinDigests {
  constructor(private readonly key: string) {}
  digest(aggregateId: string, pin: string): string {
    return createHmac('sha256', this.key).update(`${aggregateId}:${pin}`, 'utf8').digest('hex');
  }
}

/**
 * No SMS provider ships with Kassa: this sender records that an SMS was due (masked number, never
 * the PIN). Production deployments bind their provider's SmsSender instead.
 */
export class LogOnlySmsSender implements SmsSender {
  constructor(private readonly logger: Logger) {}
  async sendPin(msisdn: string, _pin: string, context?: RequestContext): Promise<void> {
    // The request that asked for the PIN comes with it (never from ambient state): its line names it.
    this.logger.warn({ ...(context?.requestId === undefined ? {} : { requestId: context.requestId }), msisdn: maskMsisdn(msisdn) }, 'no SMS provider configured: PIN not delivered');
  }
}

/** Math.random: only the jitter of webhook retries uses it (no secret depends on it). */
export class MathRandom implements RandomSource {
  next(): number {
    return Math.random();
  }
}
