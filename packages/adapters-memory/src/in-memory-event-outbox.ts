import type { EventOutbox } from '@kassa-payments/domain';
import type { DomainEvent } from '@kassa-payments/domain';
import type { InMemoryContractRepository } from './in-memory-contract-repository.js';
import type { InMemoryInvoiceRepository } from './in-memory-invoice-repository.js';
import type { InMemorySubscriptionRepository } from './in-memory-subscription-repository.js';
import type { InMemoryTestClockRepository } from './in-memory-test-clock-repository.js';
import type { InMemoryWebhookEndpointRepository } from './in-memory-webhook-endpoint-repository.js';

/** Reads the outboxes kept inside the in-memory aggregates. */
export class InMemoryEventOutbox implements EventOutbox {
  constructor(
    private readonly stores: {
      readonly contracts: InMemoryContractRepository;
      readonly invoices: InMemoryInvoiceRepository;
      readonly subscriptions: InMemorySubscriptionRepository;
      readonly testClocks: InMemoryTestClockRepository;
      readonly endpoints: InMemoryWebhookEndpointRepository;
    },
  ) {}

  private get all() {
    const { contracts, invoices, subscriptions, testClocks, endpoints } = this.stores;
    return [contracts, invoices, subscriptions, testClocks, endpoints];
  }

  async pending(limit: number, testClockId?: string): Promise<DomainEvent[]> {
    return this.all
      .flatMap((r) => r.documents.pendingEvents(testClockId))
      .sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt))
      .slice(0, limit);
  }

  async oldestPendingAt(): Promise<string | undefined> {
    let oldest: string | undefined;
    for (const store of this.all) {
      const at = store.documents.oldestPendingAt();
      if (at !== undefined && (oldest === undefined || at < oldest)) oldest = at;
    }
    return oldest;
  }

  async acknowledge(event: Pick<DomainEvent, 'id' | 'aggregate'>): Promise<void> {
    const { contracts, invoices, subscriptions, testClocks, endpoints } = this.stores;
    const store = { contract: contracts, invoice: invoices, subscription: subscriptions, test_clock: testClocks, webhook_endpoint: endpoints }[event.aggregate.kind];
    store.documents.acknowledge(event.aggregate.id, event.id);
  }
}
