import { LRUCache } from 'lru-cache';
import type { Collection } from 'mongodb';
import type { DomainEvent, EventOutbox } from '@kassa/domain';
import { storage } from './mongo-errors.js';
import type { RevisionDocument } from './versioned-collection.js';

const MAX_CARRIERS = 10_000;

/**
 * The outbox is the revisions' events: each save inserts its events with its revision, in the same
 * single-document write. Acknowledging removes one; should two relays acknowledge events of one
 * revision at once, one removal can be undone and that event is delivered again (at-least-once),
 * but no event is ever lost.
 */
export class MongoEventOutbox implements EventOutbox {
  /**
   * Which revision carries each event `pending` returned: the relay acknowledges what it was given,
   * so acknowledging reads that revision by `_id` instead of searching the aggregate's revisions
   * (a search is a full scan on FerretDB). An entry leaves when acknowledged; a miss (another
   * process's `pending`) falls back to the search.
   */
  private readonly carriers = new LRUCache<string, string>({ max: MAX_CARRIERS });

  constructor(private readonly revisions: Collection<RevisionDocument>) {}

  async pending(limit: number): Promise<DomainEvent[]> {
    const docs = await storage(() =>
      this.revisions
        .find({ outboxCount: { $gt: 0 } }, { projection: { outbox: 1 } })
        .limit(limit)
        .toArray(),
    );
    for (const d of docs) for (const e of d.outbox) this.carriers.set(e.id, d._id);
    return docs
      .flatMap((d) => d.outbox)
      .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))
      .slice(0, limit);
  }

  async acknowledge(event: Pick<DomainEvent, 'id' | 'aggregate'>): Promise<void> {
    const carrier = await this.carrierOf(event);
    this.carriers.delete(event.id);
    if (!carrier) return;
    const outbox = carrier.outbox.filter((e) => e.id !== event.id);
    await storage(() => this.revisions.updateOne({ _id: carrier._id }, { $set: { outbox, outboxCount: outbox.length } }));
  }

  private async carrierOf(event: Pick<DomainEvent, 'id' | 'aggregate'>): Promise<RevisionDocument | undefined> {
    const known = this.carriers.get(event.id);
    const carries = (d: RevisionDocument | null | undefined) => (d?.outbox.some((e) => e.id === event.id) ? d : undefined);
    if (known) return carries(await storage(() => this.revisions.findOne({ _id: known })));
    const docs = await storage(() => this.revisions.find({ aggregateId: event.aggregate.id, outboxCount: { $gt: 0 } }).toArray());
    return docs.find((d) => carries(d));
  }
}
