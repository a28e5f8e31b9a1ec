import type { SchemaMarker } from './storage-schema.js';

/** What a migration changed, or would change (a dry run): counts by what they count. */
export type MigrationCounts = Readonly<Record<string, number>>;

/**
 * One forward migration of stored data. `up` must be idempotent and resumable: a start killed in the
 * middle runs it again from the beginning, over what it already changed. One process runs it at a
 * time (the store's lease), and the processes of the release before it may write beside it.
 */
export interface StorageMigration<Ctx extends object> {
  /** Ordered by name: `0002-…`. */
  readonly name: string;
  /** What it does, in a line. */
  readonly description: string;
  /** Long (hours on a large store): run by `kassa migrate`, not at start. Kassa runs without it meanwhile. */
  readonly long?: boolean;
  /** What it would change, read only. */
  plan(ctx: Ctx): Promise<MigrationCounts>;
  /** Changes it; answers what it changed. */
  up(ctx: Ctx): Promise<MigrationCounts>;
}

/** Where the marker is kept: the storage's own (MongoDB `kassa_meta`, the journal's `#schema` entry). */
export interface MarkerStore {
  /** Where, as an operator names it (the database, the folder): in refusals and logs. */
  readonly where: string;
  read(): Promise<SchemaMarker | undefined>;
  /** Records a migration as done (kept if already there). */
  addMigration(name: string): Promise<void>;
  /**
   * Raises `readableFrom` (never lowers it): before a release migrates, since from then on it writes
   * what readers older than that may not read.
   */
  raiseReadableFrom(readableFrom: number): Promise<void>;
  /** Raises the schema, naming the release that did (never lowers it: N-1 starting after N leaves N's), once every migration to it is done. */
  raiseSchema(schema: number, writtenBy: string): Promise<void>;
  /**
   * Takes the migration lease for `owner`, held `ms` and renewed while it runs: false when another
   * process holds it (two starts at once, a start beside `kassa migrate`).
   */
  acquire(owner: string, ms: number): Promise<boolean>;
  release(owner: string): Promise<void>;
}

export interface MigrationLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export type MigrateMode = 'start' | 'all' | 'dry-run';

/** One migration's outcome. */
export interface MigrationReport {
  readonly name: string;
  readonly description: string;
  /** `done` now, `would` (a dry run), or `deferred` (long, left to `kassa migrate`). */
  readonly outcome: 'done' | 'would' | 'deferred';
  readonly counts: MigrationCounts;
}
