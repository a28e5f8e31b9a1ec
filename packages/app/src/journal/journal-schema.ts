import type { MarkerStore, MigrationLogger, MigrateMode, MigrationReport, StorageMigration } from '@kassa-payments/operations';
import { checkReadable, STORAGE_SCHEMA, UNMARKED } from '@kassa-payments/operations';
import { migrateStorage } from '../storage-schema/migrate-storage.js';
import type { FileJournal } from './file-journal.js';

/** The data folder's migrations, in order: none yet (schema 2 only records the schema; its lines are as 0.1.0 wrote them). */
export const DATA_FOLDER_MIGRATIONS: readonly StorageMigration<FileJournal>[] = [];

/** The data folder's schema, in its `#schema` entry. */
export function journalMarkerStore(journal: FileJournal, dir: string): MarkerStore {
  const current = () => journal.schemaMarker() ?? UNMARKED;
  return {
    where: `KASSA_DATA_DIR ${dir}`,
    read: async () => journal.schemaMarker(),
    addMigration: async (name) => {
      const marker = current();
      if (!marker.migrations.includes(name)) journal.recordSchema({ ...marker, migrations: [...marker.migrations, name] });
    },
    raiseReadableFrom: async (readableFrom) => {
      const marker = current();
      // A folder without a record reads as 0.1.0's: a line only when it changes something.
      if (marker.readableFrom < readableFrom) journal.recordSchema({ ...marker, readableFrom });
    },
    raiseSchema: async (schema, writtenBy) => {
      const marker = current();
      if (marker.schema < schema) journal.recordSchema({ ...marker, schema, writtenBy });
    },
    // One process a folder (its lock file): the lease is always this one's.
    acquire: async () => true,
    release: async () => {},
  };
}

/** Refuses a folder a newer Kassa wrote (synchronously, before the stores read it). */
export function checkDataFolderSchema(journal: FileJournal, dir: string, kassaVersion: string): void {
  checkReadable(`KASSA_DATA_DIR ${dir}`, journal.schemaMarker(), { schema: STORAGE_SCHEMA, version: kassaVersion });
}

/** Brings the data folder to this code's schema (see migrateStorage). */
export function migrateDataFolder(
  journal: FileJournal,
  dir: string,
  options: { readonly kassaVersion: string; readonly mode: MigrateMode; readonly logger?: MigrationLogger },
): Promise<MigrationReport[]> {
  return migrateStorage({ store: journalMarkerStore(journal, dir), migrations: DATA_FOLDER_MIGRATIONS, context: journal, ...options });
}
