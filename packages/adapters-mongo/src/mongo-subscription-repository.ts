import type { Collection, Filter } from 'mongodb';
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
import { fieldsOf, fromDocument, type StoredDocument } from './documents.js';
import { storage } from './mongo-errors.js';

export type SubscriptionDocument = StoredDocument<Subscription, { dueAt: string | null }>;
const DERIVED = ['dueAt'] as const;
const derived = (s: Subscription) => ({ dueAt: subscriptionDueAt(s) });
const toSubscription = (doc: SubscriptionDocument) => fromDocument<Subscription>(doc as unknown as Record<string, unknown>, DERIVED);

export class MongoSubscriptionRepository implements SubscriptionRepository {
  constructor(private readonly subscriptions: Collection<SubscriptionDocument>) {}

  async get(projectId: number, subscriptionId: string): Promise<Subscription | undefined> {
    // By _id alone: every server answers that from the _id index (FerretDB scans on a compound filter).
    const doc = await storage(() => this.subscriptions.findOne({ _id: subscriptionId }));
    if (doc?.projectId !== projectId) return undefined;
    return doc ? toSubscription(doc) : undefined;
  }

  /** Newest first: creation time (ISO strings sort as times), then id, both descending. */
  async list(projectId: number, filter: SubscriberFilter | undefined, limit: number): Promise<Subscription[]> {
    const bySubscriber = !filter ? {} : 'msisdn' in filter ? { subscriberMsisdn: filter.msisdn } : { subscriberId: filter.subscriberId };
    const query = { projectId, ...bySubscriber } as Filter<SubscriptionDocument>;
    const docs = await storage(() => this.subscriptions.find(query).sort({ createdAt: -1, _id: -1 }).limit(limit).toArray());
    return docs.map(toSubscription);
  }

  async findByBillingOperation(projectId: number, billingOperationId: string): Promise<Subscription | undefined> {
    const doc = await storage(() => this.subscriptions.findOne({ projectId, 'billingOperations.id': billingOperationId }));
    return doc ? toSubscription(doc) : undefined;
  }

  async create(subscription: Subscription, events: readonly DomainEvent[]): Promise<CreateResult<never>> {
    const doc = { _id: subscription.id, ...fieldsOf(subscription, derived(subscription)), outbox: [...events], outboxCount: events.length } as SubscriptionDocument;
    await storage(() => this.subscriptions.insertOne(doc));
    return created();
  }

  async save(subscription: Subscription, events: readonly DomainEvent[]): Promise<SaveResult> {
    const result = await storage(() =>
      this.subscriptions.updateOne(
        { _id: subscription.id, version: subscription.version - 1 },
        { $set: fieldsOf(subscription, derived(subscription)), $push: { outbox: { $each: [...events] } }, $inc: { outboxCount: events.length } },
      ),
    );
    return result.matchedCount === 0 ? versionConflict() : saved();
  }

  async findDue(now: string, limit: number): Promise<Subscription[]> {
    const docs = await storage(() => this.subscriptions.find({ dueAt: { $ne: null, $lte: now } }).sort({ dueAt: 1 }).limit(limit).toArray());
    return docs.map(toSubscription);
  }
}
