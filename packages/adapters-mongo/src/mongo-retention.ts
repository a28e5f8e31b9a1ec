import type { RetentionReport, StorageRetention } from '@kassa/domain';
import type { MongoEventLog } from './mongo-event-log.js';
import type { MongoWebhookDeliveryRepository } from './mongo-webhook-delivery-repository.js';
import type { MongoIdempotencyStore } from './mongo-idempotency-store.js';

/**
 * MongoDB's retention: events and finished deliveries before the cut-off are deleted by range on
 * their own indexes (no TTL index needed; one would work beside it on MongoDB). Aggregates stay:
 * they are what merchants look up and refund, and their documents no longer grow with history.
 */
export class MongoRetention implements StorageRetention {
  constructor(
    private readonly events: MongoEventLog,
    private readonly deliveries: MongoWebhookDeliveryRepository,
    private readonly idempotency?: MongoIdempotencyStore,
  ) {}

  async purgeBefore(before: string): Promise<RetentionReport> {
    // Idempotency keys stop replaying after their own hours; they are removed with the rest.
    await this.idempotency?.purgeExpired(before);
    return { events: await this.events.purgeBefore(before), deliveries: await this.deliveries.purgeFinishedBefore(before), aggregates: 0 };
  }
}
