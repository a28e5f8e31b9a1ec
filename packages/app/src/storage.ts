import type { KassaPorts } from '@kassa-payments/domain';
import type { AnswerSealer, ApiCallLog, AuditLog, DashboardSessions, IdempotencyStore, ProjectAdministration, RateWindows, SignatureUses } from '@kassa-payments/operations';
import type { MigrateMode, MigrationLogger, MigrationReport } from '@kassa-payments/operations';
import { FileJournal } from './journal/file-journal.js';
import { checkDataFolderSchema, migrateDataFolder } from './journal/journal-schema.js';
import { migrateStorage } from './storage-schema/migrate-storage.js';
import { buildInfo } from './version.js';
import { releasingRetention } from './journal/releasing-retention.js';
import { committing } from './journal/committing-stores.js';
import {
  InMemoryContractRepository,
  InMemoryEventOutbox,
  InMemoryInvoiceRepository,
  InMemoryProjectDirectory,
  InMemorySubscriptionRepository,
  InMemoryEventLog,
  InMemoryWebhookDeliveryRepository,
  InMemoryRetention,
  InMemoryAuditLog,
  InMemoryIdempotencyStore,
  InMemoryTestClockRepository,
  InMemoryDashboardSessions,
  InMemoryApiCallLog,
  InMemoryWebhookEndpointRepository,
  InMemoryRateWindows,
  InMemorySignatureUses,
} from '@kassa-payments/adapters-memory';

/** The storage ports, whichever adapter provides them. */
export interface Storage extends Pick<KassaPorts, 'contracts' | 'invoices' | 'subscriptions' | 'outbox' | 'deliveries' | 'endpoints' | 'events' | 'retention' | 'testClocks'> {
  readonly kind: 'in-memory' | 'mongodb';
  /** Partners and projects, changed at run time by the admin API. */
  readonly projects: ProjectAdministration;
  /** The operators' changes. */
  readonly audit: AuditLog;
  /** The JSON v3 API's Idempotency-Keys. */
  readonly idempotency: IdempotencyStore;
  /** Seals the stored answers that carry a secret (KASSA_SECRETS_KEY on MongoDB); absent, they are stored without it. */
  readonly answerSealer?: AnswerSealer;
  /** The dashboard's sessions and sign-in throttle. */
  readonly dashboardSessions: DashboardSessions;
  /** The projects' recent API calls (the dashboard's requests page). */
  readonly apiCalls: ApiCallLog;
  /** The counts of the limits every API process shares (the callback rate). */
  readonly rateWindows: RateWindows;
  /** The first use of each version 3 and 4 request signature, which every API process shares. */
  readonly signatureUses: SignatureUses;
  /**
   * Brings the storage to this code's schema (docs/operators/upgrading.md): every start runs it
   * (`start`: all but the long migrations), `kassa migrate` too (`all`, or `dry-run`).
   */
  migrate(mode: MigrateMode, logger?: MigrationLogger): Promise<MigrationReport[]>;
  /** Answers when storage does; throws otherwise (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Embedded mode: everything in this process; with a `dataDir` (KASSA_DATA_DIR) every change is also
 * journaled there and read back at the next start, else gone with the process. A folder a store
 * cannot read refuses the start (the error names the file and line) and is left as it was.
 */
export function inMemoryStorage(dataDir?: string): Storage {
  const journal = dataDir ? FileJournal.open(dataDir) : undefined;
  try {
    // A folder a newer Kassa wrote is refused before a store reads it.
    if (journal && dataDir) checkDataFolderSchema(journal, dataDir, buildInfo().version);
    const stores = inMemoryStores(journal);
    const migrate: Storage['migrate'] = async (mode, logger) =>
      journal && dataDir ? migrateDataFolder(journal, dataDir, { kassaVersion: buildInfo().version, mode, ...(logger ? { logger } : {}) }) : [];
    return { ...stores, migrate };
  } catch (e) {
    journal?.abandon();
    throw e;
  }
}

function inMemoryStores(journal: FileJournal | undefined): Omit<Storage, 'migrate'> {
  const contracts = new InMemoryContractRepository(journal);
  const invoices = new InMemoryInvoiceRepository(journal);
  const subscriptions = new InMemorySubscriptionRepository(journal);
  const testClocks = new InMemoryTestClockRepository(journal, [contracts, invoices, subscriptions]);
  const endpoints = new InMemoryWebhookEndpointRepository(journal);
  const outbox = new InMemoryEventOutbox({ contracts, invoices, subscriptions, testClocks, endpoints });
  const projects = new InMemoryProjectDirectory([], [], journal);
  const deliveries = new InMemoryWebhookDeliveryRepository(journal);
  const events = new InMemoryEventLog(journal);
  const idempotency = new InMemoryIdempotencyStore(journal);
  const stores = new InMemoryRetention({ contracts, invoices, subscriptions, deliveries, events, idempotency, testClocks, endpoints });
  const retention = journal ? releasingRetention(stores, journal) : stores;
  // With a data folder, a store's change is answered once its group is written (FileJournal).
  const durable = <T extends object>(store: T): T => (journal ? committing(store, journal) : store);
  return {
    kind: 'in-memory',
    contracts: durable(contracts),
    invoices: durable(invoices),
    subscriptions: durable(subscriptions),
    outbox: durable(outbox),
    projects: durable(projects),
    deliveries: durable(deliveries),
    endpoints: durable(endpoints),
    events: durable(events),
    retention: durable(retention),
    testClocks: durable(testClocks),
    audit: durable(new InMemoryAuditLog(journal)),
    idempotency: durable(idempotency),
    dashboardSessions: durable(new InMemoryDashboardSessions(journal)),
    apiCalls: new InMemoryApiCallLog(),
    rateWindows: new InMemoryRateWindows(),
    signatureUses: new InMemorySignatureUses(),
    ping: async () => {},
    close: async () => journal?.close(),
  };
}

/** The keys that seal secrets at rest: the current one, and the previous ones during a key rotation. */
export interface SecretsKeys {
  readonly current: string | undefined;
  readonly previous: readonly string[];
}

/**
 * MongoDB storage (MONGO_URL): connects and creates the indexes before the app takes requests; the
 * directory's secrets sealed under KASSA_SECRETS_KEY when given. Every instance reads the directory from MongoDB.
 */
export async function mongoStorage(url: string, database: string, keys: SecretsKeys = { current: undefined, previous: [] }): Promise<Storage> {
  // Loaded only when asked for: the driver enlarges the heap of an embedded Kassa, and every full
  // garbage collection walks it (docs/decisions.md).
  const { AesGcmSealer, connectMongoStorage, MONGO_MIGRATIONS, mongoMarkerStore, secretsKey } = await import('@kassa-payments/adapters-mongo');
  const sealer =
    keys.current === undefined
      ? undefined
      : new AesGcmSealer(
          secretsKey(keys.current),
          keys.previous.map((k, i) => secretsKey(k, `KASSA_SECRETS_PREVIOUS_KEYS[${i}]`)),
        );
  const kassaVersion = buildInfo().version;
  const mongo = await connectMongoStorage({ url, database, kassaVersion, ...(sealer ? { sealer } : {}) });
  // The storage ports as the adapter made them; the client and database stay behind it.
  const { client: _client, db, close, ...ports } = mongo;
  return {
    kind: 'mongodb',
    ...ports,
    ...(sealer ? { answerSealer: sealer } : {}),
    migrate: (mode, logger) => migrateStorage({ store: mongoMarkerStore(db), migrations: MONGO_MIGRATIONS, context: db, kassaVersion, mode, ...(logger ? { logger } : {}) }),
    ping: async () => void (await db.command({ ping: 1 })),
    close,
  };
}
