import type { AggregateKind, Contract, DomainEvent, EventOutbox, Invoice, Subscription, TestClock, WebhookEndpoint } from '@kassa-payments/domain';
import type { AggregateCollection } from './aggregate-collection.js';

/**
 * The outbox is each aggregate's own `outbox` array: a save pushes its events in the same update
 * that sets the state; acknowledging pulls one by id (a second acknowledgement matches nothing).
 */
export class MongoEventOutbox implements EventOutbox {
  constructor(
    private readonly collections: {
      readonly contract: AggregateCollection<Contract>;
      readonly invoice: AggregateCollection<Invoice>;
      readonly subscription: AggregateCollection<Subscription>;
      readonly test_clock: AggregateCollection<TestClock>;
      readonly webhook_endpoint: AggregateCollection<WebhookEndpoint>;
    },
  ) {}

  private get all() {
    const { contract, invoice, subscription, test_clock, webhook_endpoint } = this.collections;
    return [contract, invoice, subscription, test_clock, webhook_endpoint] as const;
  }

  async pending(limit: number, testClockId?: string): Promise<DomainEvent[]> {
    const found = await Promise.all(this.all.map((c) => c.pending(limit, testClockId)));
    return found
      .flat()
      .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))
      .slice(0, limit);
  }

  /** The oldest among the first 100 flagged documents of each collection (they are not in time order: it can under-read a longer backlog). */
  async oldestPendingAt(): Promise<string | undefined> {
    const found = (await Promise.all(this.all.map((c) => c.oldestPendingAt(100)))).filter((t): t is string => t !== undefined);
    return found.sort()[0];
  }

  async acknowledge(event: Pick<DomainEvent, 'id' | 'aggregate'>): Promise<void> {
    const collection = this.collections[event.aggregate.kind as AggregateKind];
    await collection.acknowledge(event.aggregate.id, event.id);
  }
}
