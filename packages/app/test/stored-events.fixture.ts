import type { Db } from 'mongodb';

/**
 * What the multi-process suites read from MongoDB, the source of truth, to hold the deliveries
 * against: whether every aggregate's events have left the outbox, and every event stored.
 */

/** The aggregates' collections that keep an outbox (their `outboxPending` flag). */
export const OUTBOX_COLLECTIONS = ['contracts', 'invoices', 'subscriptions'] as const;

/** Whether no aggregate of `collections` still has events waiting in its outbox. */
export async function outboxEmpty(db: Db, collections: readonly string[] = OUTBOX_COLLECTIONS): Promise<boolean> {
  for (const name of collections) if ((await db.collection(name).countDocuments({ outboxPending: true })) > 0) return false;
  return true;
}

/** Every stored event's id (the `webhook-id` its deliveries carry). */
export async function storedEventIds(db: Db): Promise<string[]> {
  const events = await db
    .collection('events')
    .find({}, { projection: { _id: 1 } })
    .toArray();
  return events.map((e) => String(e['_id']));
}
