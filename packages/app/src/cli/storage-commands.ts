import type { Command } from 'commander';
import type { MarkerStore, MigrateMode, MigrationReport, SchemaMarker, StorageMigration } from '@kassa-payments/operations';
import { buildInfo } from '../version.js';
import { CliError, EXIT } from './admin-client.js';

type Out = (line: string) => void;

/** A migration's report as a line: what it did (or would do), with its counts. */
const reportLine = (r: MigrationReport): string => {
  const counts = Object.entries(r.counts)
    .map(([what, n]) => `${what} ${n}`)
    .join(', ');
  const outcome = { done: 'done', would: 'would change', deferred: 'left for `kassa migrate`' }[r.outcome];
  return `${r.name}: ${r.description}: ${outcome}${counts ? ` (${counts})` : ''}`;
};

/**
 * Kassa's configuration and its data folder, loaded when a storage command runs (as is everything
 * else here but types): the configuration's module loads the queue's and the APIs' (ioredis among
 * them), which traces must patch before they load (`kassa start` starts them first), and which the
 * admin commands never need (`kassa --version`: 0.18 s, 1.3 s with them).
 */
const configOf = async (env: Record<string, string | undefined>) => {
  const { dataDirOf, readConfig } = await import('../config.js');
  try {
    const config = readConfig(env);
    return { config, dataDir: dataDirOf(config) };
  } catch (e) {
    throw new CliError((e as Error).message, EXIT.usage);
  }
};

/** The schema a marker records, as an operator reads it. */
const schemaOf = (m: SchemaMarker | undefined) => (m ? `storage schema ${m.schema} (Kassa ${m.writtenBy})` : 'storage schema 1 (unrecorded: Kassa 0.1.0, or empty)');

/** `kassa migrate`: the storage's pending migrations, the long ones too; `--dry-run` says what each would change. */
async function migrate(env: Record<string, string | undefined>, mode: MigrateMode, out: Out): Promise<void> {
  const { config, dataDir: dir } = await configOf(env);
  const { checkReadable, STORAGE_SCHEMA } = await import('@kassa-payments/operations');
  const version = buildInfo().version;
  const { migrateStorage } = await import('../storage-schema/migrate-storage.js');
  /** What was done (or would be), and the schema before and after. */
  const said = async (where: string, before: SchemaMarker | undefined, reports: readonly MigrationReport[], after: () => Promise<SchemaMarker | undefined>) => {
    for (const r of reports) out(reportLine(r));
    if (reports.length === 0) out(`${where}: no migration pending`);
    const raised = (before?.schema ?? 1) < STORAGE_SCHEMA;
    if (mode === 'dry-run') out(`${where}: ${schemaOf(before)}${raised ? `; would record storage schema ${STORAGE_SCHEMA}` : ''}; nothing changed (dry run)`);
    else out(`${where}: ${schemaOf(await after())}${raised ? `, was ${before?.schema ?? 1}` : ''}`);
  };
  const run = async <Ctx extends object>(store: MarkerStore, migrations: readonly StorageMigration<Ctx>[], context: Ctx) => {
    const before = await store.read();
    await said(store.where, before, await migrateStorage({ store, migrations, context, kassaVersion: version, mode }), () => store.read());
  };
  if (config.MONGO_URL) {
    const { MongoClient } = await import('mongodb');
    const { checkMongoSchema, ensureIndexes, MONGO_MIGRATIONS, mongoMarkerStore } = await import('@kassa-payments/adapters-mongo');
    const client = new MongoClient(config.MONGO_URL, { ignoreUndefined: true, serverSelectionTimeoutMS: 5_000 });
    try {
      await client.connect();
      const db = client.db(config.MONGO_DB);
      // A dry run writes nothing, not even the indexes a start would create.
      if (mode !== 'dry-run') {
        await checkMongoSchema(db, version);
        await ensureIndexes(db);
      }
      await run(mongoMarkerStore(db), MONGO_MIGRATIONS, db);
    } finally {
      await client.close();
    }
    return;
  }
  if (dir === undefined) throw new CliError('nothing is stored: Kassa keeps its data in memory only (KASSA_DATA_DIR is empty, MONGO_URL unset)', EXIT.usage);
  const { checkDataFolderSchema, DATA_FOLDER_MIGRATIONS, journalMarkerStore } = await import('../journal/journal-schema.js');
  if (mode === 'dry-run') {
    // Read only, as a backup reads it: a running Kassa may hold the folder. A data folder migration's
    // counts would need it opened (stopped); there is none yet, so only the names are said.
    const { readFolderSchema } = await import('../journal/folder-backup.js');
    const marker = await readFolderSchema(dir);
    const where = `KASSA_DATA_DIR ${dir}`;
    checkReadable(where, marker, { schema: STORAGE_SCHEMA, version });
    const pending = DATA_FOLDER_MIGRATIONS.filter((m) => !marker?.migrations.includes(m.name));
    await said(
      where,
      marker,
      pending.map((m) => ({ name: m.name, description: m.description, outcome: 'would', counts: {} })),
      async () => marker,
    );
    return;
  }
  const { COMPACT_AT_BYTES, FileJournal } = await import('../journal/file-journal.js');
  // Opening takes the folder's lock: a running Kassa refuses it.
  const journal = FileJournal.open(dir, COMPACT_AT_BYTES, 'change');
  try {
    checkDataFolderSchema(journal, dir, version);
    await run(journalMarkerStore(journal, dir), DATA_FOLDER_MIGRATIONS, journal);
  } catch (e) {
    // Refused: the folder as it was found, without the segment the open began.
    journal.abandon();
    throw e;
  }
  await journal.close();
}

/** Whether `e` (or what caused it) says the storage is out of reach, not that it refused: try again. */
const unavailable = (e: unknown): boolean => {
  for (let c: unknown = e; c instanceof Error; c = c.cause) if (/^(Mongo(ServerSelection|Network)|StorageUnavailable|MigrationBusy)/.test(c.name)) return true;
  return false;
};

/** The data folder the backup and restore commands act on, refused where there is none. */
async function dataFolder(env: Record<string, string | undefined>, command: string): Promise<string> {
  const { config, dataDir: dir } = await configOf(env);
  if (config.MONGO_URL) throw new CliError(`${command} copies the data folder; with MONGO_URL, back up MongoDB itself (docs/operators/upgrading.md, "Backups")`, EXIT.usage);
  if (dir === undefined) throw new CliError(`${command}: nothing is stored (KASSA_DATA_DIR is empty)`, EXIT.usage);
  return dir;
}

/** The storage commands: `migrate`, `backup`, `restore`. */
export function addStorageCommands(program: Command, env: Record<string, string | undefined>, out: Out): void {
  program
    .command('migrate')
    .description(
      "bring the storage (MONGO_URL's database, or KASSA_DATA_DIR: .kassa/data unless set) to this Kassa's schema, the long migrations too (a start runs the others itself); a data folder with its Kassa stopped. Exit 3: another process is migrating, or MongoDB is out of reach: try again",
    )
    .option('--dry-run', 'change nothing: say what each pending migration would change')
    .action(async (o: { dryRun?: boolean }) => {
      try {
        await migrate(env, o.dryRun ? 'dry-run' : 'all', out);
      } catch (e) {
        if (e instanceof CliError) throw e;
        // MongoDB out of reach, or another process migrating: try again; anything else (data newer than this Kassa, a damaged folder) is refused.
        throw new CliError((e as Error).message, unavailable(e) ? EXIT.unavailable : EXIT.refused);
      }
    });
  program
    .command('backup')
    .description('copy the data folder (KASSA_DATA_DIR: .kassa/data unless set) to a new folder, consistently, while Kassa runs')
    .requiredOption('--to <dir>', 'the folder to write the backup to (new, or empty)')
    .action(async (o: { to: string }) => {
      const dir = await dataFolder(env, 'backup');
      const { backupDataFolder } = await import('../journal/folder-backup.js');
      try {
        const { manifest: m } = await backupDataFolder(dir, o.to, buildInfo().version);
        out(`backed up ${dir} to ${o.to}: ${m.files.length} files, ${m.entries} entries, storage schema ${m.schema?.schema ?? 1}, taken ${m.takenAt}`);
      } catch (e) {
        throw new CliError((e as Error).message, EXIT.refused);
      }
    });
  program
    .command('restore')
    .description('put a backup back into the data folder (KASSA_DATA_DIR: .kassa/data unless set), its Kassa stopped; or into a new folder at any time')
    .requiredOption('--from <dir>', 'the backup (a folder `kassa backup` wrote)')
    .option('--replace', 'move what the data folder holds aside (into its subfolder replaced-<time>) instead of refusing')
    .action(async (o: { from: string; replace?: boolean }) => {
      const dir = await dataFolder(env, 'restore');
      const { restoreDataFolder } = await import('../journal/folder-backup.js');
      try {
        const { manifest, movedTo } = restoreDataFolder(o.from, dir, { kassaVersion: buildInfo().version, ...(o.replace ? { replace: true } : {}) });
        if (movedTo) out(`moved what ${dir} held to ${movedTo}`);
        out(`restored ${o.from} (taken ${manifest.takenAt} by Kassa ${manifest.takenBy}, ${manifest.entries} entries) into ${dir}: start Kassa on it`);
      } catch (e) {
        throw new CliError((e as Error).message, EXIT.refused);
      }
    });
}
