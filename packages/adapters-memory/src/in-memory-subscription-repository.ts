import { created, type CreateResult, type SaveResult } from '@kassa-payments/domain';
import type { SubscriberFilter, SubscriptionPageFilter, SubscriptionRepository } from '@kassa-payments/domain';
import type { DomainEvent } from '@kassa-payments/domain';
import { subscriptionLifecycle, type Subscription } from '@kassa-payments/domain';
import { InMemoryDocuments } from './in-memory-documents.js';
import type { Journal } from './journal.js';
import { NewestFirstIndex, pageOf } from './newest-first-index.js';

/** Newest first: by creation time, then by id, so equal times still have one order. */
export const newestFirst = (a: Subscription, b: Subscription): number => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const matches = (s: Subscription, filter: SubscriberFilter | undefined) => !filter || ('msisdn' in filter ? s.subscriberMsisdn === filter.msisdn : s.subscriberId === filter.subscriberId);

export class InMemorySubscriptionRepository implements SubscriptionRepository {
  readonly documents: InMemoryDocuments<Subscription>;
  /** Newest-first pages per project (rebuilt from the documents at start; a record gone is skipped). */
  private readonly newest = new NewestFirstIndex();

  /** With a `journal`, the subscriptions survive a restart. */
  constructor(journal?: Journal) {
    this.documents = new InMemoryDocuments<Subscription>(subscriptionLifecycle, journal, 'subscriptions');
    for (const s of this.documents.filter(() => true)) this.newest.add(s.projectId, s.createdAt, s.id);
  }

  async page(projectId: number, filter: SubscriptionPageFilter, limit: number): Promise<Subscription[]> {
    return pageOf(this.newest, projectId, filter, limit, (id) => this.documents.get(projectId, id));
  }

  async get(projectId: number, subscriptionId: string) {
    return this.documents.get(projectId, subscriptionId);
  }

  async list(projectId: number, filter: SubscriberFilter | undefined, limit: number) {
    return this.documents
      .filter((s) => s.projectId === projectId && matches(s, filter))
      .sort(newestFirst)
      .slice(0, limit);
  }

  async findByBillingOperation(projectId: number, billingOperationId: string) {
    return this.documents.filter((s) => s.projectId === projectId && s.billingOperations.some((op) => op.id === billingOperationId))[0];
  }

  async create(subscription: Subscription, events: readonly DomainEvent[]): Promise<CreateResult<never>> {
    this.documents.insert(subscription, events);
    this.newest.add(subscription.projectId, subscription.createdAt, subscription.id);
    return created();
  }

  async save(subscription: Subscription, events: readonly DomainEvent[]): Promise<SaveResult> {
    return this.documents.replace(subscription, events);
  }

  async findDue(now: string, limit: number, testClockId?: string) {
    return this.documents.due(now, limit, testClockId);
  }

  /** Evicts cancelled, refused and closed subscriptions whose last change was before `before` (the retention). */
  evictFinishedBefore(before: string): number {
    return this.forget(this.documents.evict(before));
  }

  /** Removes a project's subscriptions (the test environment's reset); answers how many. */
  removeProject(projectId: number): number {
    this.newest.removeProject(projectId);
    return this.documents.removeProject(projectId);
  }

  /** Removes the project's subscriptions on a test clock; answers how many. */
  removeOnClock(projectId: number, testClockId: string): number {
    return this.forget(this.documents.removeOnClock(projectId, testClockId));
  }

  private forget(removed: readonly Subscription[]): number {
    for (const s of removed) this.newest.remove(s.projectId, s.createdAt, s.id);
    return removed.length;
  }
}
