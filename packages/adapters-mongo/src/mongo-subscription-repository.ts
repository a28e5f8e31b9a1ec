import {
  created,
  saved,
  subscriptionLifecycle,
  versionConflict,
  type CreateResult,
  type DomainEvent,
  type SaveResult,
  type SubscriberFilter,
  type SubscriptionPageFilter,
  type Subscription,
  type SubscriptionRepository,
} from '@kassa-payments/domain';
import type { AggregateCollection } from './aggregate-collection.js';

const fields = (s: Subscription) => ({
  testClockId: s.testClockId,
  projectId: s.projectId,
  createdAt: s.createdAt,
  status: s.state,
  subscriberMsisdn: s.subscriberMsisdn,
  subscriberId: s.subscriberId,
  billingOperationIds: s.billingOperations.map((o) => o.id),
  dueAt: subscriptionLifecycle.dueAt(s),
});

/** Subscriptions in MongoDB: one document each, its billing operations inside it. */
export class MongoSubscriptionRepository implements SubscriptionRepository {
  constructor(private readonly subscriptions: AggregateCollection<Subscription>) {}

  async get(projectId: number, subscriptionId: string): Promise<Subscription | undefined> {
    return this.subscriptions.get(projectId, subscriptionId);
  }

  /** Newest first: creation time (ISO strings sort as times), then id, both descending. */
  async list(projectId: number, filter: SubscriberFilter | undefined, limit: number): Promise<Subscription[]> {
    const bySubscriber = !filter ? {} : 'msisdn' in filter ? { subscriberMsisdn: filter.msisdn } : { subscriberId: filter.subscriberId };
    return this.subscriptions.find({ projectId, ...bySubscriber }, { createdAt: -1, _id: -1 }, limit);
  }

  async page(projectId: number, filter: SubscriptionPageFilter, limit: number): Promise<Subscription[]> {
    return this.subscriptions.page(projectId, filter, limit);
  }

  async findByBillingOperation(projectId: number, billingOperationId: string): Promise<Subscription | undefined> {
    return this.subscriptions.findOne({ projectId, billingOperationIds: billingOperationId });
  }

  async create(subscription: Subscription, events: readonly DomainEvent[]): Promise<CreateResult<never>> {
    await this.subscriptions.insert(subscription, fields(subscription), events);
    return created();
  }

  async save(subscription: Subscription, events: readonly DomainEvent[]): Promise<SaveResult> {
    return (await this.subscriptions.save(subscription, fields(subscription), events)) ? saved() : versionConflict();
  }

  async findDue(now: string, limit: number, testClockId?: string): Promise<Subscription[]> {
    return this.subscriptions.due(now, limit, testClockId);
  }
}
