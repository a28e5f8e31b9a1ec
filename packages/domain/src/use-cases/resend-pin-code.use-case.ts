import type { KassaPorts } from '../ports/kassa-ports.js';
import type { DomainError } from '../shared/errors.js';
import type { Result } from '../shared/result.js';
import { resendSubscriptionPin, type Subscription } from '../subscription/subscription.js';
import { sendPin } from './pin-delivery.js';
import { notFound, onSubscription, type SubscriptionPorts } from './subscription-command.js';

/** ResendPinCode: sends the same PIN again, at most three times. */
export class ResendPinCode {
  constructor(private readonly ports: SubscriptionPorts & Pick<KassaPorts, 'sms' | 'settings'>) {}

  async execute(input: { readonly projectId: number; readonly subscriptionId: string }): Promise<Result<Subscription, DomainError>> {
    const result = await onSubscription(this.ports, input.projectId, input, notFound(), resendSubscriptionPin);
    if (result.ok && result.value.subscriberMsisdn && result.value.pinCode) {
      await sendPin(this.ports.settings, this.ports.sms, result.value.subscriberMsisdn, result.value.pinCode);
    }
    return result;
  }
}
