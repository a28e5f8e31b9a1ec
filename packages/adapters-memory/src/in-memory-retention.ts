import type { InMemoryIdempotencyStore } from './in-memory-idempotency-store.js';
import type { IdempotencyKeyRef, ProjectErasure, RetentionReport, StorageRetention } from '@kassa-payments/domain';
import type { InMemoryContractRepository } from './in-memory-contract-repository.js';
import type { InMemoryEventLog } from './in-memory-event-log.js';
import type { InMemoryInvoiceRepository } from './in-memory-invoice-repository.js';
import type { InMemorySubscriptionRepository } from './in-memory-subscription-repository.js';
import type { InMemoryWebhookDeliveryRepository } from './in-memory-webhook-delivery-repository.js';
import type { InMemoryTestClockRepository } from './in-memory-test-clock-repository.js';
import type { InMemoryWebhookEndpointRepository } from './in-memory-webhook-endpoint-repository.js';

/**
 * The in-memory storage's retention: events, finished deliveries and finished aggregates older than
 * the cut-off leave the process, so an embedded Kassa's memory stays flat under steady traffic.
 */
export class InMemoryRetention implements StorageRetention {
  constructor(
    private readonly stores: {
      readonly contracts: InMemoryContractRepository;
      readonly invoices: InMemoryInvoiceRepository;
      readonly subscriptions: InMemorySubscriptionRepository;
      readonly deliveries: InMemoryWebhookDeliveryRepository;
      readonly events: InMemoryEventLog;
      readonly testClocks: InMemoryTestClockRepository;
      /** A project's endpoints go with its other test data at a reset (absent: kept). */
      readonly endpoints?: InMemoryWebhookEndpointRepository;
      /** Idempotency keys go with the rest once expired past the cut-off. */
      readonly idempotency?: InMemoryIdempotencyStore;
    },
  ) {}

  async eraseProject(projectId: number, keep?: IdempotencyKeyRef): Promise<ProjectErasure> {
    const { contracts, invoices, subscriptions, deliveries, events, idempotency, testClocks, endpoints } = this.stores;
    await idempotency?.eraseProject(projectId, keep);
    return {
      contracts: contracts.removeProject(projectId),
      invoices: invoices.removeProject(projectId),
      subscriptions: subscriptions.removeProject(projectId),
      events: events.removeProject(projectId),
      deliveries: deliveries.removeProject(projectId),
      testClocks: testClocks.documents.removeProject(projectId),
      webhookEndpoints: endpoints?.removeProject(projectId) ?? 0,
    };
  }

  async eraseTestClock(projectId: number, testClockId: string): Promise<ProjectErasure> {
    const { contracts, invoices, subscriptions, deliveries, events } = this.stores;
    return {
      contracts: contracts.removeOnClock(projectId, testClockId),
      invoices: invoices.removeOnClock(projectId, testClockId),
      subscriptions: subscriptions.removeOnClock(projectId, testClockId),
      events: events.removeOnClock(projectId, testClockId),
      deliveries: deliveries.removeOnClock(projectId, testClockId),
      testClocks: 0,
      webhookEndpoints: 0,
    };
  }

  async eventsOnTestClocks(projectId: number, limit: number): Promise<number> {
    return Math.min(this.stores.events.countOnClocks(projectId), limit);
  }

  async testClockBytes(projectId: number, testClockId: string): Promise<number> {
    const { contracts, invoices, subscriptions, deliveries, events } = this.stores;
    return [contracts, invoices, subscriptions, deliveries].reduce((n, r) => n + r.documents.bytesOnClock(projectId, testClockId), events.bytesOnClock(projectId, testClockId));
  }

  async purgeBefore(before: string): Promise<RetentionReport> {
    const { contracts, invoices, subscriptions, deliveries, events, idempotency } = this.stores;
    idempotency?.evictExpired(before);
    return {
      events: events.purgeBefore(before),
      deliveries: deliveries.evictFinishedBefore(before),
      aggregates: contracts.evictFinishedBefore(before) + invoices.evictFinishedBefore(before) + subscriptions.evictFinishedBefore(before),
    };
  }
}
