import { created, type CreateResult, type SaveResult } from '@kassa/domain';
import type { SubscriberFilter, SubscriptionRepository } from '@kassa/domain';
import type { DomainEvent } from '@kassa/domain';
import { subscriptionDueAt, type Subscription } from '@kassa/domain';
import { InMemoryDocuments } from './in-memory-documents.js';
import type { Journal } from './journal.js';

/** Newest first: by creation time, then by id, so equal times still have one order. */
export const newestFirst = (a: Subscription, b: Subscription): number => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const matches = (s: Subscription, filter: SubscriberFilter | undefined) => !filter || ('msisdn' in filter ? s.subscriberMsisdn === filter.msisdn : s.subscriberId === filter.subscriberId);

export class InMemorySubscriptionRepository implements SubscriptionRepository {
  readonly documents: InMemoryDocuments<Subscription>;

  /** With a `journal`, the subscriptions survive a restart. */
  constructor(journal?: Journal) {
    this.documents = new InMemoryDocuments<Subscription>(subscriptionDueAt, journal, 'subscriptions');
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
    return this.documents.evict(before, (x) => x.state === 'cancelled' || x.state === 'approvingFailed' || x.state === 'closed').length;
  }
}
