import type { Contract, IdempotencyKeyRef, Invoice, ProjectErasure, RetentionReport, StorageRetention, Subscription, TestClock } from '@kassa-payments/domain';
import type { AggregateCollection } from './aggregate-collection.js';
import type { MongoEventLog } from './mongo-event-log.js';
import type { MongoWebhookDeliveryRepository } from './mongo-webhook-delivery-repository.js';
import type { MongoIdempotencyStore } from './mongo-idempotency-store.js';
import type { MongoWebhookEndpointRepository } from './mongo-webhook-endpoint-repository.js';

/**
 * MongoDB's retention: events and finished deliveries before the cut-off are deleted by range on
 * their own indexes (no TTL index needed; one would work beside it on MongoDB). Aggregates stay:
 * they are what merchants look up and refund, and their documents no longer grow with history.
 */
export class MongoRetention implements StorageRetention {
  constructor(
    private readonly events: MongoEventLog,
    private readonly deliveries: MongoWebhookDeliveryRepository,
    private readonly idempotency: MongoIdempotencyStore,
    private readonly aggregates: {
      readonly contracts: AggregateCollection<Contract>;
      readonly invoices: AggregateCollection<Invoice>;
      readonly subscriptions: AggregateCollection<Subscription>;
      readonly testClocks: AggregateCollection<TestClock>;
    },
    /** A project's endpoints go with its other test data at a reset (absent: kept). */
    private readonly endpoints?: MongoWebhookEndpointRepository,
  ) {}

  async eraseProject(projectId: number, keep?: IdempotencyKeyRef): Promise<ProjectErasure> {
    const { contracts, invoices, subscriptions, testClocks } = this.aggregates;
    await this.idempotency.eraseProject(projectId, keep);
    return {
      contracts: await contracts.deleteMany({ projectId }),
      invoices: await invoices.deleteMany({ projectId }),
      subscriptions: await subscriptions.deleteMany({ projectId }),
      events: await this.events.eraseProject(projectId),
      deliveries: await this.deliveries.eraseProject(projectId),
      testClocks: await testClocks.deleteMany({ projectId }),
      webhookEndpoints: (await this.endpoints?.eraseProject(projectId)) ?? 0,
    };
  }

  async eraseTestClock(projectId: number, testClockId: string): Promise<ProjectErasure> {
    const { contracts, invoices, subscriptions } = this.aggregates;
    const onClock = { projectId, testClockId };
    return {
      contracts: await contracts.deleteMany(onClock),
      invoices: await invoices.deleteMany(onClock),
      subscriptions: await subscriptions.deleteMany(onClock),
      events: await this.events.eraseOnClock(projectId, testClockId),
      deliveries: await this.deliveries.eraseOnClock(projectId, testClockId),
      testClocks: 0,
      webhookEndpoints: 0,
    };
  }

  async eventsOnTestClocks(projectId: number, limit: number): Promise<number> {
    return this.events.countOnClocks(projectId, limit);
  }

  async testClockBytes(projectId: number, testClockId: string): Promise<number> {
    const { contracts, invoices, subscriptions } = this.aggregates;
    const onClock = { projectId, testClockId };
    const sizes = await Promise.all([
      contracts.bytes(onClock),
      invoices.bytes(onClock),
      subscriptions.bytes(onClock),
      this.events.bytesOnClock(projectId, testClockId),
      this.deliveries.bytesOnClock(projectId, testClockId),
    ]);
    return sizes.reduce((n, b) => n + b, 0);
  }

  async purgeBefore(before: string): Promise<RetentionReport> {
    // Idempotency keys stop replaying after their own hours; they are removed with the rest.
    await this.idempotency.purgeExpired(before);
    return { events: await this.events.purgeBefore(before), deliveries: await this.deliveries.purgeFinishedBefore(before), aggregates: 0 };
  }
}
