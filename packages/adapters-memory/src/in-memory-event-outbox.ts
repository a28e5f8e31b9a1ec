import type { EventOutbox } from '@kassa/domain';
import type { DomainEvent } from '@kassa/domain';
import type { InMemoryContractRepository } from './in-memory-contract-repository.js';
import type { InMemoryInvoiceRepository } from './in-memory-invoice-repository.js';
import type { InMemorySubscriptionRepository } from './in-memory-subscription-repository.js';
import type { InMemoryTestClockRepository } from './in-memory-test-clock-repository.js';

/** Reads the outboxes kept inside the in-memory aggregates. */
export class InMemoryEventOutbox implements EventOutbox {
  constructor(
    private readonly stores: {
      readonly contracts: InMemoryContractRepository;
      readonly invoices: InMemoryInvoiceRepository;
      readonly subscriptions: InMemorySubscriptionRepository;
      readonly testClocks: InMemoryTestClockRepository;
    },
  ) {}

  async pending(limit: number, testClockId?: string): Promise<DomainEvent[]> {
    const { contracts, invoices, subscriptions, testClocks } = this.stores;
    return [contracts, invoices, subscriptions, testClocks]
      .flatMap((r) => r.documents.pendingEvents(testClockId))
      .sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt))
      .slice(0, limit);
  }

  async oldestPendingAt(): Promise<string | undefined> {
    let oldest: string | undefined;
    for (const store of [this.stores.contracts, this.stores.invoices, this.stores.subscriptions, this.stores.testClocks]) {
      const at = store.documents.oldestPendingAt();
      if (at !== undefined && (oldest === undefined || at < oldest)) oldest = at;
    }
    return oldest;
  }

  async acknowledge(event: Pick<DomainEvent, 'id' | 'aggregate'>): Promise<void> {
    const store = { contract: this.stores.contracts, invoice: this.stores.invoices, subscription: this.stores.subscriptions, test_clock: this.stores.testClocks }[event.aggregate.kind];
    store.documents.acknowledge(event.aggregate.id, event.id);
  }
}
