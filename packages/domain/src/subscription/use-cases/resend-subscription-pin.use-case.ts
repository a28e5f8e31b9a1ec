import type { RequestContext } from '../../ports/request-context.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { resendSubscriptionPin, type Subscription } from '../subscription.js';
import { newPin, pinNotDelivered, sendPin } from '../../application/pin-delivery.js';
import { notFound, onSubscription, type SubscriptionPorts } from './subscription-command.js';

/**
 * ResendPinCode: at most three times, a new PIN (1234 again in the test environment): only its
 * digest is kept, so the one sent before cannot be sent again.
 */
export class ResendSubscriptionPin {
  constructor(private readonly ports: SubscriptionPorts & Pick<KassaPorts, 'sms' | 'sandbox' | 'pins' | 'pinDigests'>) {}

  async execute(input: { readonly projectId: number; readonly subscriptionId: string }, context?: RequestContext): Promise<Result<Subscription, DomainError>> {
    const { pinDigests } = this.ports;
    const pin = newPin(this.ports);
    const result = await onSubscription(this.ports, input.projectId, input, notFound(), (s, st) => resendSubscriptionPin(s, pinDigests.digest(s.id, pin), st), context);
    const msisdn = result.ok ? result.value.subscriberMsisdn : null;
    // Still Pending: the merchant may ask again (each try counts against the three).
    if (msisdn && (await sendPin(this.ports, msisdn, pin, context)) === 'undeliverable') return pinNotDelivered('PIN request', {});
    return result;
  }
}
