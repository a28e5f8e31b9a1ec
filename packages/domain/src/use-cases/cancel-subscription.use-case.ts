import type { DomainError } from '../shared/errors.js';
import type { Result } from '../shared/result.js';
import { cancelSubscription, type Subscription } from '../subscription/subscription.js';
import { notFound, onSubscription, type SubscriptionLocator, type SubscriptionPorts } from './subscription-command.js';

/** CancelSubscription: Cancelled, with a CANCELLED notification. */
export class CancelSubscription {
  constructor(private readonly ports: SubscriptionPorts) {}

  execute(input: { readonly projectId: number; readonly by: SubscriptionLocator }): Promise<Result<Subscription, DomainError>> {
    return onSubscription(this.ports, input.projectId, input.by, notFound(), cancelSubscription);
  }
}
