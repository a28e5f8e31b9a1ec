import type { UmzugStorage } from 'umzug';
import { checkReadable, type MarkerStore, type MigrateMode, type MigrationLogger, type MigrationReport, READABLE_FROM, STORAGE_SCHEMA, type StorageMigration } from '@kassa-payments/operations';

/**
 * Brings a storage to this code's schema. Refuses data whose marker wants a newer reader (naming
 * both versions); runs the pending migrations in order (umzug: it keeps the order and what is done
 * in the storage's own marker), logging each with its counts; `start` leaves the long ones to
 * `kassa migrate`; `dry-run` changes nothing and says what each would change. Answers what it did.
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
  checkReadable(store.where, await store.read(), { schema: STORAGE_SCHEMA, version: kassaVersion });
  const storage: UmzugStorage<Ctx> = {
    executed: async () => [...((await store.read())?.migrations ?? [])],
    logMigration: ({ name }) => store.addMigration(name),
    unlogMigration: async () => {
      throw new Error('Kassa migrates forward only');
    },
  };
  const raise = () => store.raise({ schema: STORAGE_SCHEMA, readableFrom: READABLE_FROM, writtenBy: kassaVersion });
  // A storage without migrations (the data folder, so far) only records its schema: umzug is not loaded for it.
  if (migrations.length === 0) {
    if (mode !== 'dry-run') await raise();
    return [];
  }
  const reports: MigrationReport[] = [];
  const { RerunBehavior, Umzug } = await import('umzug');
  const umzug = new Umzug<Ctx>({
    migrations: [...migrations]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((m) => ({
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
  const pending = (await umzug.pending()).map((p) => migrations.find((m) => m.name === p.name) as StorageMigration<Ctx>);
  if (mode === 'dry-run') {
    for (const m of pending) reports.push({ name: m.name, description: m.description, outcome: 'would', counts: await m.plan(context) });
    return reports;
  }
  // The long ones wait for `kassa migrate`, and so does every one after them: the order holds.
  const firstLong = mode === 'start' ? pending.findIndex((m) => m.long) : -1;
  const now = firstLong === -1 ? pending : pending.slice(0, firstLong);
  // By name; one another process starting beside this one finished meanwhile is skipped, not refused.
  if (now.length > 0) await umzug.up({ migrations: now.map((m) => m.name), rerun: RerunBehavior.SKIP });
  for (const m of firstLong === -1 ? [] : pending.slice(firstLong)) {
    reports.push({ name: m.name, description: m.description, outcome: 'deferred', counts: {} });
    logger?.warn({ migration: m.name, where: store.where }, `storage migration left for \`kassa migrate\`: ${m.description}`);
  }
  if (firstLong === -1) await raise();
  return reports;
}
