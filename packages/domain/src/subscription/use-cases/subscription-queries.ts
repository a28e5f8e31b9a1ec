import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { SubscriberFilter, SubscriptionPageFilter } from '../../ports/subscription-repository.port.js';
import { pageSize } from '../../application/page-size.js';
import type { DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import type { Subscription } from '../subscription.js';
import { locateSubscription, notFound, type SubscriptionLocator } from './subscription-command.js';

/** GetSubscriptionStatus: by SubscriptionID, Subscriber_MSISDN or SubscriberID within the project. */
export class GetSubscriptionStatus {
  constructor(private readonly ports: Pick<KassaPorts, 'subscriptions'>) {}

  async execute(input: { readonly projectId: number; readonly by: SubscriptionLocator }): Promise<Result<Subscription, DomainError>> {
    const s = await locateSubscription(this.ports, input.projectId, input.by);
    return s ? ok(s) : notFound();
  }
}

/** A project's subscriptions, newest first, a page at a time (the dashboard's list). */
export class PageSubscriptions {
  constructor(private readonly ports: Pick<KassaPorts, 'subscriptions'>) {}

  execute(input: { readonly projectId: number; readonly filter: SubscriptionPageFilter; readonly limit?: number }): Promise<Subscription[]> {
    return this.ports.subscriptions.page(input.projectId, input.filter, pageSize(input.limit));
  }
}

/** Production listing cap (the spec shows only the test environment's 50). */
export const PRODUCTION_LIST_LIMIT = 1000;

/** GetSubscriptions: the project's subscriptions, newest first, active and closed, optionally filtered. */
export class ListSubscriptions {
  constructor(private readonly ports: Pick<KassaPorts, 'subscriptions' | 'sandbox'>) {}

  execute(input: { readonly projectId: number; readonly filter?: SubscriberFilter }): Promise<Subscription[]> {
    const limit = this.ports.sandbox?.subscriptionListLimit ?? PRODUCTION_LIST_LIMIT;
    return this.ports.subscriptions.list(input.projectId, input.filter, limit);
  }
}
