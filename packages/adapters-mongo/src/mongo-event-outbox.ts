import type { Collection } from 'mongodb';
import type { DomainEvent, EventOutbox } from '@kassa/domain';
import { storage } from './mongo-errors.js';
import type { RevisionDocument } from './versioned-collection.js';

/**
 * The outbox is the revisions' events: each save inserts its events with its revision, in the same
 * single-document write. Acknowledging removes one; should two relays acknowledge events of one
 * revision at once, one removal can be undone and that event is delivered again (at-least-once),
 * but no event is ever lost.
 */
export class MongoEventOutbox implements EventOutbox {
  constructor(private readonly revisions: Collection<RevisionDocument>) {}

  async pending(limit: number): Promise<DomainEvent[]> {
    const docs = await storage(() =>
      this.revisions
        .find({ outboxCount: { $gt: 0 } }, { projection: { outbox: 1 } })
        .limit(limit)
        .toArray(),
    );
    return docs
      .flatMap((d) => d.outbox)
      .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))
      .slice(0, limit);
  }

  async acknowledge(event: Pick<DomainEvent, 'id' | 'aggregate'>): Promise<void> {
    const docs = await storage(() => this.revisions.find({ aggregateId: event.aggregate.id, outboxCount: { $gt: 0 } }).toArray());
    const carrier = docs.find((d) => d.outbox.some((e) => e.id === event.id));
    if (!carrier) return;
    const outbox = carrier.outbox.filter((e) => e.id !== event.id);
    await storage(() => this.revisions.updateOne({ _id: carrier._id }, { $set: { outbox, outboxCount: outbox.length } }));
  }
}
