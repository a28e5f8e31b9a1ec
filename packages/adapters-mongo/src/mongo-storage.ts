import { MongoClient, type Collection, type Db, type IndexDescription } from 'mongodb';
import { KeyLocks, type LockDocument } from './key-lock.js';
import { MongoContractRepository } from './mongo-contract-repository.js';
import { MongoEventOutbox } from './mongo-event-outbox.js';
import { MongoInvoiceRepository } from './mongo-invoice-repository.js';
import { MongoProjectDirectory } from './mongo-project-directory.js';
import { MongoSubscriptionRepository } from './mongo-subscription-repository.js';
import { MongoWebhookDeliveryRepository } from './mongo-webhook-delivery-repository.js';
import { MongoEventLog, type EventDocument } from './mongo-event-log.js';
import { VersionedCollection, type CurrentDocument, type RevisionDocument, type RevisionKind } from './versioned-collection.js';

export interface MongoStorageOptions {
  readonly url: string;
  readonly database: string;
  /** How long a request waits for a server before it fails (and is answered 503). */
  readonly serverSelectionTimeoutMS?: number;
}

export interface MongoStorage {
  readonly client: MongoClient;
  readonly db: Db;
  readonly contracts: MongoContractRepository;
  readonly invoices: MongoInvoiceRepository;
  readonly subscriptions: MongoSubscriptionRepository;
  readonly deliveries: MongoWebhookDeliveryRepository;
  readonly events: MongoEventLog;
  readonly outbox: MongoEventOutbox;
  readonly projects: MongoProjectDirectory;
  close(): Promise<void>;
}

/**
 * The indexes behind the rules and the lookups, created idempotently. No partial or TTL indexes:
 * uniqueness among live records uses lock documents (`locks`), keyed by `_id`; versions and the
 * outbox are revision documents (`revisions`), keyed by `_id` too.
 */
export async function ensureIndexes(db: Db): Promise<void> {
  const due = { key: { dueAt: 1 }, name: 'due_work' } as const;
  await createMissingIndexes(db, 'contracts', [due]);
  await createMissingIndexes(db, 'invoices', [{ key: { projectId: 1, merchantOrderId: 1 }, name: 'merchant_order_id_unique', unique: true }, due]);
  await createMissingIndexes(db, 'subscriptions', [
    { key: { projectId: 1, createdAt: -1, _id: -1 }, name: 'project_newest_first' },
    { key: { projectId: 1, subscriberMsisdn: 1, createdAt: -1 }, name: 'by_msisdn' },
    { key: { projectId: 1, subscriberId: 1, createdAt: -1 }, name: 'by_subscriber_id' },
    { key: { 'billingOperations.id': 1 }, name: 'by_billing_operation' },
    due,
  ]);
  await createMissingIndexes(db, 'webhook_deliveries', [
    { key: { projectId: 1, createdAt: -1, _id: -1 }, name: 'project_newest_first' },
    // `?status=dead`: a project's dead deliveries without reading its succeeded ones.
    { key: { projectId: 1, state: 1, createdAt: -1, _id: -1 }, name: 'project_state_newest_first' },
    { key: { eventId: 1 }, name: 'by_event' },
    due,
  ]);
  await createMissingIndexes(db, 'events', [
    { key: { projectId: 1, occurredAt: -1, _id: -1 }, name: 'project_newest_first' },
    { key: { projectId: 1, type: 1, occurredAt: -1, _id: -1 }, name: 'project_type_newest_first' },
  ]);
  await createMissingIndexes(db, 'revisions', [
    { key: { outboxCount: 1 }, name: 'outbox_pending' },
    { key: { aggregateId: 1 }, name: 'by_aggregate' },
  ]);
}

/** Connects, creates the indexes, and wires the repositories of one database. */
export async function connectMongoStorage(options: MongoStorageOptions): Promise<MongoStorage> {
  const client = new MongoClient(options.url, {
    ignoreUndefined: true,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 3000,
    retryWrites: false,
  });
  await client.connect();
  const db = client.db(options.database);
  await ensureIndexes(db);
  const locks = new KeyLocks(db.collection<LockDocument>('locks'));
  const revisions = db.collection<RevisionDocument>('revisions');
  const versioned = (kind: RevisionKind, name: string, revisionsOf = revisions) => new VersionedCollection(kind, db.collection<CurrentDocument>(name), revisionsOf);
  return {
    client,
    db,
    contracts: new MongoContractRepository(versioned('contract', 'contracts'), locks),
    invoices: new MongoInvoiceRepository(versioned('invoice', 'invoices'), locks),
    subscriptions: new MongoSubscriptionRepository(versioned('subscription', 'subscriptions')),
    // Deliveries record no events and save about twice per attempt: their revisions live apart, so
    // the outbox's search of `revisions` does not read them.
    deliveries: new MongoWebhookDeliveryRepository(versioned('delivery', 'webhook_deliveries', db.collection<RevisionDocument>('delivery_revisions'))),
    events: new MongoEventLog(db.collection<EventDocument>('events')),
    outbox: new MongoEventOutbox(revisions),
    projects: new MongoProjectDirectory(db.collection('partners'), db.collection('projects')),
    close: () => client.close(),
  };
}

/**
 * Creates the indexes a collection lacks, by name. Asking again for an existing index is harmless on
 * MongoDB, but FerretDB 1.24 drops the connection on it, so only the missing ones are asked for.
 */
async function createMissingIndexes(db: Db, name: string, indexes: IndexDescription[]): Promise<void> {
  const collection = db.collection(name);
  const existing = new Set(
    (
      await collection
        .listIndexes()
        .toArray()
        .catch(() => [])
    ).map((i) => String(i['name'])),
  );
  const missing = indexes.filter((i) => !existing.has(String(i.name)));
  if (missing.length > 0) await collection.createIndexes(missing);
}

export type { Collection };
