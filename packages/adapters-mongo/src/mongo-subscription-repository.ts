import {
  created,
  saved,
  subscriptionDueAt,
  versionConflict,
  type CreateResult,
  type DomainEvent,
  type SaveResult,
  type SubscriberFilter,
  type Subscription,
  type SubscriptionRepository,
} from '@kassa/domain';
import { fromDocument, toDocument } from './documents.js';
import type { CurrentDocument, VersionedCollection } from './versioned-collection.js';

const DERIVED = ['dueAt'] as const;
const derived = (s: Subscription) => ({ dueAt: subscriptionDueAt(s) });
const toSubscription = (doc: CurrentDocument) => fromDocument<Subscription>(doc, DERIVED);

export class MongoSubscriptionRepository implements SubscriptionRepository {
  constructor(private readonly subscriptions: VersionedCollection) {}

  async get(projectId: number, subscriptionId: string): Promise<Subscription | undefined> {
    const doc = await this.subscriptions.load(subscriptionId);
    return doc && doc['projectId'] === projectId ? toSubscription(doc) : undefined;
  }

  /** Newest first: creation time (ISO strings sort as times), then id, both descending. */
  async list(projectId: number, filter: SubscriberFilter | undefined, limit: number): Promise<Subscription[]> {
    const bySubscriber = !filter ? {} : 'msisdn' in filter ? { subscriberMsisdn: filter.msisdn } : { subscriberId: filter.subscriberId };
    const docs = await this.subscriptions.find({ projectId, ...bySubscriber }, { createdAt: -1, _id: -1 }, limit, () => true);
    return docs.map(toSubscription);
  }

  async findByBillingOperation(projectId: number, billingOperationId: string): Promise<Subscription | undefined> {
    const [doc] = await this.subscriptions.find({ projectId, 'billingOperations.id': billingOperationId }, { _id: 1 }, 1, () => true);
    return doc ? toSubscription(doc) : undefined;
  }

  async create(subscription: Subscription, events: readonly DomainEvent[]): Promise<CreateResult<never>> {
    await this.subscriptions.insert(toDocument(subscription, derived(subscription)), events);
    return created();
  }

  async save(subscription: Subscription, events: readonly DomainEvent[]): Promise<SaveResult> {
    return (await this.subscriptions.save(toDocument(subscription, derived(subscription)), events)) ? saved() : versionConflict();
  }

  async findDue(now: string, limit: number): Promise<Subscription[]> {
    return (await this.subscriptions.due(now, limit)).map(toSubscription);
  }
}
