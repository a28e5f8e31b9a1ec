import { randomUUID } from 'node:crypto';
import type { UmzugStorage } from 'umzug';
import {
  checkReadable,
  type MarkerStore,
  type MigrateMode,
  type MigrationLogger,
  type MigrationReport,
  READABLE_FROM,
  type SchemaMarker,
  STORAGE_SCHEMA,
  type StorageMigration,
} from '@kassa-payments/operations';

/** How long the migration lease is held without a renewal (renewed every third of it while migrations run). */
const LEASE_MS = 60_000;

/** `kassa migrate` while another process migrates: try again once it is done. */
export class MigrationBusyError extends Error {
  override readonly name = 'MigrationBusyError';
}

/** Runs `work` holding the store's migration lease, renewed meanwhile; undefined when another process holds it. */
async function leased<T>(store: MarkerStore, work: () => Promise<T>): Promise<{ readonly value: T } | undefined> {
  const owner = `${process.pid}-${randomUUID()}`;
  if (!(await store.acquire(owner, LEASE_MS))) return undefined;
  const renewal = setInterval(() => void store.acquire(owner, LEASE_MS).catch(() => undefined), LEASE_MS / 3);
  try {
    return { value: await work() };
  } finally {
    clearInterval(renewal);
    await store.release(owner).catch(() => undefined);
  }
}

/**
 * Brings a storage to this code's schema. Refuses data whose record wants a newer reader (naming
 * both versions); runs the pending migrations in order (umzug: it keeps the order and what is done
 * in the storage's own record), one process at a time (a lease in the record's storage), logging each
 * with its counts; `start` leaves the long ones to `kassa migrate`, and starts without migrating
 * while another process migrates; `dry-run` changes nothing and says what each would change.
 * `readableFrom` is raised before anything is migrated (this code writes its shapes from now on),
 * the schema once every migration to it is done. Answers what it did.
 */
export async function migrateStorage<Ctx extends object>(options: {
  readonly store: MarkerStore;
  readonly migrations: readonly StorageMigration<Ctx>[];
  readonly context: Ctx;
  readonly kassaVersion: string;
  readonly mode: MigrateMode;
  readonly logger?: MigrationLogger;
}): Promise<MigrationReport[]> {
  const { store, migrations, context, kassaVersion, mode, logger } = options;
  const recorded = await store.read();
  checkReadable(store.where, recorded, { schema: STORAGE_SCHEMA, version: kassaVersion });
  const ordered = [...migrations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const pendingIn = (marker: SchemaMarker | undefined) => ordered.filter((m) => !(marker?.migrations ?? []).includes(m.name));
  const pending = async () => pendingIn(await store.read());
  if (mode === 'dry-run') return Promise.all(pendingIn(recorded).map(async (m) => ({ name: m.name, description: m.description, outcome: 'would' as const, counts: await m.plan(context) })));
  // Already at this schema with nothing pending (every start after the first): no lease, no write.
  const current = recorded !== undefined && recorded.schema >= STORAGE_SCHEMA && recorded.readableFrom >= READABLE_FROM;
  if (current && pendingIn(recorded).length === 0) return [];
  const ran = await leased(store, () => migrateLeased(store, ordered, context, kassaVersion, mode, pending, logger));
  if (ran) return ran.value;
  if (mode === 'all') throw new MigrationBusyError(`another process is migrating ${store.where}: try again once it is done (its start logs "storage migrated")`);
  logger?.info({ where: store.where }, 'storage migrations left to the process migrating it now');
  return [];
}

/** The migrations due now, under the lease. */
async function migrateLeased<Ctx extends object>(
  store: MarkerStore,
  ordered: readonly StorageMigration<Ctx>[],
  context: Ctx,
  kassaVersion: string,
  mode: 'start' | 'all',
  pending: () => Promise<StorageMigration<Ctx>[]>,
  logger: MigrationLogger | undefined,
): Promise<MigrationReport[]> {
  await store.raiseReadableFrom(READABLE_FROM);
  const due = await pending();
  // The long ones wait for `kassa migrate`, and so does every one after them: the order holds.
  const firstLong = mode === 'start' ? due.findIndex((m) => m.long) : -1;
  const now = firstLong === -1 ? due : due.slice(0, firstLong);
  const reports: MigrationReport[] = [];
  // umzug is loaded only for a storage that has migrations (the data folder has none yet).
  if (now.length > 0) {
    const { Umzug } = await import('umzug');
    const storage: UmzugStorage<Ctx> = {
      executed: async () => [...((await store.read())?.migrations ?? [])],
      logMigration: ({ name }) => store.addMigration(name),
      unlogMigration: async () => {
        throw new Error('Kassa migrates forward only');
      },
    };
    const umzug = new Umzug<Ctx>({
      migrations: ordered.map((m) => ({
        name: m.name,
        up: async () => {
          const counts = await m.up(context);
          reports.push({ name: m.name, description: m.description, outcome: 'done', counts });
          logger?.info({ migration: m.name, counts, where: store.where }, `storage migrated: ${m.description}`);
        },
      })),
      context,
      storage,
      logger: undefined,
    });
    await umzug.up({ migrations: now.map((m) => m.name) });
  }
  for (const m of firstLong === -1 ? [] : due.slice(firstLong)) {
    reports.push({ name: m.name, description: m.description, outcome: 'deferred', counts: {} });
    logger?.warn({ migration: m.name, where: store.where }, `storage migration left for \`kassa migrate\`: ${m.description}`);
  }
  if (firstLong === -1) await store.raiseSchema(STORAGE_SCHEMA, kassaVersion);
  return reports;
}
