import type { Contract, Invoice, Subscription, TestClock, WebhookDelivery, WebhookEndpoint } from '@kassa-payments/domain';
import { readFileSync } from 'node:fs';
import { MongoClient, type Collection, type Db, type IndexDescription } from 'mongodb';
import { AggregateCollection, type AggregateDocument } from './aggregate-collection.js';
import { MongoContractRepository } from './mongo-contract-repository.js';
import { MongoEventOutbox } from './mongo-event-outbox.js';
import { MongoInvoiceRepository } from './mongo-invoice-repository.js';
import { ACTIVE_INVOICE_INDEX, COMPARE_AND_SET_INDEX, CONTRACT_LIVE_KEY_INDEX, ENDPOINT_SLOT_INDEX, FEED_ORDER_INDEX, MERCHANT_ORDER_INDEX } from './unique-keys.js';
import { MongoProjectDirectory } from './mongo-project-directory.js';
import { MongoSubscriptionRepository } from './mongo-subscription-repository.js';
import { MongoWebhookDeliveryRepository } from './mongo-webhook-delivery-repository.js';
import { MongoEventLog, type EventDocument } from './mongo-event-log.js';
import { MongoEventFeed, type FeedCounterDocument, type FeedEntryDocument } from './mongo-event-feed.js';
import { MongoRetention } from './mongo-retention.js';
import { MongoTestClockRepository } from './mongo-test-clock-repository.js';
import { MongoDashboardSessions, type FailureWindowDocument, type SessionDocument } from './mongo-dashboard-sessions.js';
import { MongoApiCallLog, type ApiCallDocument } from './mongo-api-call-log.js';
import { MongoRateWindows, type RateWindowDocument } from './mongo-rate-windows.js';
import { MongoSignatureUses, type SignatureUseDocument } from './mongo-signature-uses.js';
import { MongoAuditLog, type AuditDocument } from './mongo-audit-log.js';
import { MongoIdempotencyStore, type IdempotencyDocument } from './mongo-idempotency-store.js';
import { PLAIN_SECRETS, type SecretSealer } from './sealed-secrets.js';
import { MongoWebhookEndpointRepository } from './mongo-webhook-endpoint-repository.js';
import { checkMongoSchema } from './migrations/mongo-migrations.js';

export interface MongoStorageOptions {
  readonly url: string;
  readonly database: string;
  /** How long a request waits for a server before it fails (and is answered 503). */
  readonly serverSelectionTimeoutMS?: number;
  /** Seals the partners' and projects' secrets at rest (AES-256-GCM under KASSA_SECRETS_KEY); default none. */
  readonly sealer?: SecretSealer;
  /** The Kassa version the schema marker names (default: this package's). */
  readonly kassaVersion?: string;
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
  readonly audit: MongoAuditLog;
  readonly idempotency: MongoIdempotencyStore;
  readonly retention: MongoRetention;
  readonly testClocks: MongoTestClockRepository;
  readonly endpoints: MongoWebhookEndpointRepository;
  readonly dashboardSessions: MongoDashboardSessions;
  readonly apiCalls: MongoApiCallLog;
  readonly rateWindows: MongoRateWindows;
  readonly signatureUses: MongoSignatureUses;
  close(): Promise<void>;
}

/** This package's version: the product's (every package carries the same). */
const packageVersion = (): string => (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const due: IndexDescription = { key: { dueAt: 1 }, name: 'due_work' };
/** A test clock's due work (its sweep and its advance) without reading real time's. */
const dueOnClock: IndexDescription = { key: { testClockId: 1, dueAt: 1 }, name: 'due_work_by_clock' };
/** The relay's search: only documents with pending events hold `outboxPending`. */
const outbox: IndexDescription = { key: { outboxPending: 1 }, name: 'outbox_pending', sparse: true };
/**
 * The compare-and-set of a save (`{ _id, projectId, version }`) as a unique index of its own,
 * beginning with the shard key (docs/operators/mongodb.md, "Sharding"). MongoDB could answer it from `_id` (this costs
 * it an index entry more per save); mongo-java-server uses only a unique index whose fields are
 * exactly the query's and otherwise scans: 385-497 against 6,912-7,245 compare-and-sets a second at
 * 10,000-20,000 documents (docs/decisions.md).
 */
const byId: IndexDescription[] = [{ key: { projectId: 1, _id: 1, version: 1 }, name: COMPARE_AND_SET_INDEX, unique: true }];

/**
 * The indexes behind the rules and the lookups, by collection. Every unique index begins with
 * `projectId`, the collections' shard key on a cluster (docs/operators/mongodb.md, "Sharding"), so each stays
 * enforceable when sharded.
 */
export const INDEXES: Readonly<Record<string, IndexDescription[]>> = {
  contracts: [
    { key: { projectId: 1, liveKey: 1 }, name: CONTRACT_LIVE_KEY_INDEX, unique: true },
    // The dashboard's newest-first pages: all, by state, by merchant_contract_id.
    { key: { projectId: 1, createdAt: -1, _id: -1 }, name: 'project_newest_first' },
    { key: { projectId: 1, status: 1, createdAt: -1, _id: -1 }, name: 'project_state_newest_first' },
    { key: { projectId: 1, merchantContractId: 1, createdAt: -1, _id: -1 }, name: 'by_merchant_contract_id' },
    due,
    dueOnClock,
    outbox,
    ...byId,
  ],
  invoices: [
    { key: { projectId: 1, merchantOrderId: 1 }, name: MERCHANT_ORDER_INDEX, unique: true },
    { key: { projectId: 1, liveKey: 1 }, name: ACTIVE_INVOICE_INDEX, unique: true },
    // The dashboard's newest-first pages, all or by state (a cursor, never a scan).
    { key: { projectId: 1, createdAt: -1, _id: -1 }, name: 'project_newest_first' },
    { key: { projectId: 1, status: 1, createdAt: -1, _id: -1 }, name: 'project_state_newest_first' },
    due,
    dueOnClock,
    outbox,
    ...byId,
  ],
  subscriptions: [
    { key: { projectId: 1, createdAt: -1, _id: -1 }, name: 'project_newest_first' },
    { key: { projectId: 1, status: 1, createdAt: -1, _id: -1 }, name: 'project_state_newest_first' },
    { key: { projectId: 1, subscriberMsisdn: 1, createdAt: -1 }, name: 'by_msisdn' },
    { key: { projectId: 1, subscriberId: 1, createdAt: -1 }, name: 'by_subscriber_id' },
    { key: { projectId: 1, billingOperationIds: 1 }, name: 'by_billing_operation' },
    due,
    dueOnClock,
    outbox,
    ...byId,
  ],
  webhook_deliveries: [
    { key: { projectId: 1, createdAt: -1, _id: -1 }, name: 'project_newest_first' },
    // `?status=dead`: a project's dead deliveries without reading its succeeded ones.
    { key: { projectId: 1, status: 1, createdAt: -1, _id: -1 }, name: 'project_state_newest_first' },
    { key: { projectId: 1, eventId: 1 }, name: 'by_event' },
    // `?endpoint_id=`: one webhook endpoint's deliveries, newest first.
    { key: { projectId: 1, endpointId: 1, createdAt: -1, _id: -1 }, name: 'by_endpoint_newest_first' },
    // The operators' view across projects (dead deliveries, the metrics' counts by state).
    { key: { status: 1, createdAt: -1, _id: -1 }, name: 'state_newest_first' },
    { key: { finishedAt: 1 }, name: 'retention' },
    due,
    dueOnClock,
    ...byId,
  ],
  // A project holds at most 16 endpoints: one per slot, under a unique key (the limit without a race).
  webhook_endpoints: [{ key: { projectId: 1, slot: 1 }, name: ENDPOINT_SLOT_INDEX, unique: true }, { key: { projectId: 1, createdAt: -1, _id: -1 }, name: 'project_newest_first' }, outbox, ...byId],
  test_clocks: [{ key: { projectId: 1, createdAt: -1, _id: -1 }, name: 'project_newest_first' }, due, outbox, ...byId],
  events: [
    { key: { projectId: 1, occurredAt: -1, _id: -1 }, name: 'project_newest_first' },
    { key: { projectId: 1, type: 1, occurredAt: -1, _id: -1 }, name: 'project_type_newest_first' },
    // An aggregate's timeline (the dashboard's detail pages).
    { key: { projectId: 1, 'event.aggregate.id': 1, occurredAt: -1, _id: -1 }, name: 'project_aggregate_newest_first' },
    { key: { occurredAt: 1 }, name: 'retention' },
  ],
  // The feed `kassa listen` tails: one entry per event entering the log and per redelivery, by place.
  event_feed: [
    { key: { projectId: 1, seq: 1 }, name: FEED_ORDER_INDEX, unique: true },
    // Where a `since` time starts (read once per stream).
    { key: { projectId: 1, at: 1, _id: 1 }, name: 'feed_by_time' },
    { key: { occurredAt: 1 }, name: 'retention' },
  ],
  audit_log: [{ key: { at: -1, _id: -1 }, name: 'newest_first' }],
  idempotency_keys: [
    { key: { expiresAt: 1 }, name: 'retention' },
    { key: { projectId: 1 }, name: 'by_project' },
  ],
  projects: [{ key: { partnerLogin: 1, _id: 1 }, name: 'by_partner' }],
  dashboard_sessions: [{ key: { expiresAt: 1 }, name: 'retention' }],
  api_calls: [
    { key: { projectId: 1, at: -1, _id: -1 }, name: 'project_newest_first' },
    { key: { at: 1 }, name: 'retention' },
  ],
  // Failed sign-ins expire by themselves (windows of an older Kassa, with a text `expiresAt`, outlive
  // their 30 minutes only until the next purge: see MongoDashboardSessions.purgeExpired).
  dashboard_sign_in_failures: [{ key: { expireAt: 1 }, name: 'ttl', expireAfterSeconds: 0 }],
  // The shared rate limits' windows (the callback rate) expire by themselves too.
  rate_windows: [{ key: { expireAt: 1 }, name: 'ttl', expireAfterSeconds: 0 }],
  // A version 3 or 4 signature's first use outlives its drift window only until the TTL monitor runs.
  signature_uses: [{ key: { expireAt: 1 }, name: 'ttl', expireAfterSeconds: 0 }],
};

/** Creates the indexes; `createIndexes` is idempotent for an index that exists with the same definition. */
export async function ensureIndexes(db: Db): Promise<void> {
  for (const [name, indexes] of Object.entries(INDEXES)) await db.collection(name).createIndexes(indexes);
}

/** Connects, creates the indexes, and wires the repositories of one database. */
export async function connectMongoStorage(options: MongoStorageOptions): Promise<MongoStorage> {
  const client = new MongoClient(options.url, {
    ignoreUndefined: true,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 3000,
  });
  await client.connect();
  const db = client.db(options.database);
  const kassaVersion = options.kassaVersion ?? packageVersion();
  try {
    // A database a newer Kassa wrote is refused before this one creates an index in it.
    await checkMongoSchema(db, kassaVersion);
    await ensureIndexes(db);
  } catch (e) {
    await client.close();
    throw e;
  }
  const aggregates = <S extends { id: string; projectId: number; version: number }>(name: string) => new AggregateCollection<S>(db.collection<AggregateDocument<Omit<S, 'id' | 'version'>>>(name));
  const contract = aggregates<Contract>('contracts');
  const invoice = aggregates<Invoice>('invoices');
  const subscription = aggregates<Subscription>('subscriptions');
  const testClock = aggregates<TestClock>('test_clocks');
  const endpoint = aggregates<WebhookEndpoint>('webhook_endpoints');
  const endpoints = new MongoWebhookEndpointRepository(endpoint, options.sealer ?? PLAIN_SECRETS);
  const deliveries = new MongoWebhookDeliveryRepository(aggregates<WebhookDelivery>('webhook_deliveries'));
  const events = new MongoEventLog(
    db.collection<EventDocument>('events'),
    new MongoEventFeed(db.collection<FeedEntryDocument>('event_feed'), db.collection<FeedCounterDocument>('event_feed_counters')),
  );
  const idempotency = new MongoIdempotencyStore(db.collection<IdempotencyDocument>('idempotency_keys'));
  return {
    client,
    db,
    contracts: new MongoContractRepository(contract),
    invoices: new MongoInvoiceRepository(invoice),
    subscriptions: new MongoSubscriptionRepository(subscription),
    deliveries,
    events,
    retention: new MongoRetention(events, deliveries, idempotency, { contracts: contract, invoices: invoice, subscriptions: subscription, testClocks: testClock }, endpoints),
    endpoints,
    testClocks: new MongoTestClockRepository(testClock, [contract, invoice, subscription]),
    apiCalls: new MongoApiCallLog(db.collection<ApiCallDocument>('api_calls')),
    rateWindows: new MongoRateWindows(db.collection<RateWindowDocument>('rate_windows')),
    signatureUses: new MongoSignatureUses(db.collection<SignatureUseDocument>('signature_uses')),
    dashboardSessions: new MongoDashboardSessions(db.collection<SessionDocument>('dashboard_sessions'), db.collection<FailureWindowDocument>('dashboard_sign_in_failures')),
    outbox: new MongoEventOutbox({ contract, invoice, subscription, test_clock: testClock, webhook_endpoint: endpoint }),
    projects: new MongoProjectDirectory(db.collection('partners'), db.collection('projects'), undefined, undefined, options.sealer ?? PLAIN_SECRETS),
    audit: new MongoAuditLog(db.collection<AuditDocument>('audit_log')),
    idempotency,
    close: () => client.close(),
  };
}

export type { Collection };
