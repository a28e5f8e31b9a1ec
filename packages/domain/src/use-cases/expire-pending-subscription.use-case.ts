import type { DomainError } from '../shared/errors.js';
import { ok, type Result } from '../shared/result.js';
import { expireSubscriptionApproval } from '../subscription/subscription.js';
import { onSubscription, type SubscriptionPorts } from './subscription-command.js';

/** Job: a Pending subscription not confirmed within 3 hours becomes ApprovingFailed. */
export class ExpirePendingSubscription {
  constructor(private readonly ports: SubscriptionPorts) {}

  execute(input: { readonly projectId: number; readonly subscriptionId: string }): Promise<Result<boolean, DomainError>> {
    return onSubscription(this.ports, input.projectId, input, ok(false), expireSubscriptionApproval);
  }
}
