import type { KassaPorts } from '../ports/kassa-ports.js';
import type { DomainError } from '../shared/errors.js';
import { ok, type Result } from '../shared/result.js';
import type { Subscription } from '../subscription/subscription.js';
import { locateSubscription, notFound, type SubscriptionLocator } from './subscription-command.js';

/** GetSubscriptionStatus: by SubscriptionID, Subscriber_MSISDN or SubscriberID within the project. */
export class GetSubscriptionStatus {
  constructor(private readonly ports: Pick<KassaPorts, 'subscriptions'>) {}

  async execute(input: { readonly projectId: number; readonly by: SubscriptionLocator }): Promise<Result<Subscription, DomainError>> {
    const s = await locateSubscription(this.ports, input.projectId, input.by);
    return s ? ok(s) : notFound();
  }
}
