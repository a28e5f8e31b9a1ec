import type { DomainEvent } from '../events/domain-event.js';
import type { Subscription, SubscriptionState } from '../subscription/subscription.js';
import type { PageFilter } from './list-page.port.js';
import type { CreateResult, SaveResult } from './save-result.js';

/** How GetSubscriptionStatus, CancelSubscription and GetSubscriptions name subscribers. */
export type SubscriberFilter = { readonly msisdn: string } | { readonly subscriberId: string };

/** A newest-first page of a project's subscriptions (the dashboard's list). */
export type SubscriptionPageFilter = PageFilter<SubscriptionState>;

/** Stores subscriptions. Events ride in the same single-document write (its outbox). */
export interface SubscriptionRepository {
  get(projectId: number, subscriptionId: string): Promise<Subscription | undefined>;
  /** The project's subscriptions, newest first (by creation, then id), at most `limit`. */
  list(projectId: number, filter: SubscriberFilter | undefined, limit: number): Promise<Subscription[]>;
  /** A page of the project's subscriptions, newest first (creation time, then id), read from an index. */
  page(projectId: number, filter: SubscriptionPageFilter, limit: number): Promise<Subscription[]>;
  /** The subscription that recorded the billing operation. */
  findByBillingOperation(projectId: number, billingOperationId: string): Promise<Subscription | undefined>;
  create(subscription: Subscription, events: readonly DomainEvent[]): Promise<CreateResult<never>>;
  /** Compare-and-set: writes only if the stored version is `subscription.version - 1`, else `conflict`. */
  save(subscription: Subscription, events: readonly DomainEvent[]): Promise<SaveResult>;
  /**
   * Subscriptions due (`subscriptionLifecycle.dueAt`) at or before `now`, oldest due first. Without `testClockId`: only those on no test clock (a
   * clock's work runs in its own time, by its advance); with it: only that clock's.
   */
  findDue(now: string, limit: number, testClockId?: string): Promise<Subscription[]>;
}
