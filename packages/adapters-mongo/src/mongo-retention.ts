import type { RetentionReport, StorageRetention } from '@kassa/domain';
import type { MongoEventLog } from './mongo-event-log.js';
import type { MongoWebhookDeliveryRepository } from './mongo-webhook-delivery-repository.js';

/**
 * MongoDB's retention: events and finished deliveries before the cut-off are deleted by range on
 * their own indexes (no TTL index needed; one would work beside it on MongoDB). Aggregates stay:
 * they are what merchants look up and refund, and their documents no longer grow with history.
 */
export class MongoRetention implements StorageRetention {
  constructor(
    private readonly events: MongoEventLog,
    private readonly deliveries: MongoWebhookDeliveryRepository,
  ) {}

  async purgeBefore(before: string): Promise<RetentionReport> {
    return { events: await this.events.purgeBefore(before), deliveries: await this.deliveries.purgeFinishedBefore(before), aggregates: 0 };
  }
}
