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
    raise: async (raised) => {
      const marker = current();
      if (journal.schemaMarker() === undefined || marker.schema < raised.schema) journal.recordSchema({ ...raised, migrations: marker.migrations });
    },
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
