import type { DomainError } from '../shared/errors.js';
import type { Result } from '../shared/result.js';
import { completeSubscriptionPayment, type Subscription } from '../subscription/subscription.js';
import { notFound, onSubscription, scheduleFirstCharge, type SubscriptionPorts } from './subscription-command.js';

/** AUTH_PAGE activation: the payment on the page completed. */
export class CompleteSubscriptionPayment {
  constructor(private readonly ports: SubscriptionPorts) {}

  async execute(input: { readonly projectId: number; readonly subscriptionId: string }): Promise<Result<Subscription, DomainError>> {
    const result = await onSubscription(this.ports, input.projectId, input, notFound(), completeSubscriptionPayment);
    if (result.ok) await scheduleFirstCharge(this.ports, result.value);
    return result;
  }
}
