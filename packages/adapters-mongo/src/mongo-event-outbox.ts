import type { Collection } from 'mongodb';
import type { AggregateKind, DomainEvent, EventOutbox } from '@kassa/domain';
import { storage } from './mongo-errors.js';

interface OutboxCarrier {
  _id: string;
  outbox: DomainEvent[];
  outboxCount: number;
}

/** Reads the outboxes kept inside the aggregates' documents; acknowledging pulls one event by id. */
export class MongoEventOutbox implements EventOutbox {
  constructor(private readonly collections: Readonly<Record<AggregateKind, Collection<OutboxCarrier>>>) {}

  async pending(limit: number): Promise<DomainEvent[]> {
    const batches = await Promise.all(
      Object.values(this.collections).map((c) =>
        storage(() => c.find({ outboxCount: { $gt: 0 } }, { projection: { outbox: 1 } }).limit(limit).toArray()),
      ),
    );
    return batches
      .flat()
      .flatMap((doc) => doc.outbox)
      .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))
      .slice(0, limit);
  }

  /**
   * Removes the event with a compare-and-set on the outbox's size: a save that appends events (or
   * another acknowledgement) in between changes the size, and the removal is tried again on what
   * is there then. (`$pull` with a condition is not supported by every MongoDB-compatible server.)
   */
  async acknowledge(event: Pick<DomainEvent, 'id' | 'aggregate'>): Promise<void> {
    const collection = this.collections[event.aggregate.kind];
    for (;;) {
      const doc = await storage(() => collection.findOne({ _id: event.aggregate.id, 'outbox.id': event.id }, { projection: { outbox: 1, outboxCount: 1 } }));
      if (!doc) return; // unknown, or acknowledged already
      const outbox = doc.outbox.filter((e) => e.id !== event.id);
      const result = await storage(() =>
        collection.updateOne({ _id: doc._id, outboxCount: doc.outboxCount }, { $set: { outbox, outboxCount: outbox.length } }),
      );
      if (result.matchedCount === 1) return;
    }
  }
}
