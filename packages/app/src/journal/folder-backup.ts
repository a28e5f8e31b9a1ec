import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkReadable, STORAGE_SCHEMA, type SchemaMarker } from '@kassa-payments/operations';
import { SCHEMA_COLLECTION } from './file-journal.js';
import { lockFolder, unlockFolder } from './folder-lock.js';
import { fileName, listFolder, numberOf } from './journal-files.js';
import { readSegment, readSnapshot } from './journal-lines.js';

/** The file a backup describes itself in. */
export const BACKUP_MANIFEST = 'kassa-backup.json';

export interface BackupManifest {
  readonly kind: 'kassa-data-folder-backup';
  /** The Kassa that took it. */
  readonly takenBy: string;
  readonly takenAt: string;
  /** The folder's schema marker as backed up (absent: a folder 0.1.0 wrote). */
  readonly schema: SchemaMarker | undefined;
  /** The entries read back from the copy (a check that it reads). */
  readonly entries: number;
  readonly files: readonly { readonly name: string; readonly bytes: number; readonly sha256: string }[];
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const isEnoent = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/** Writes `bytes` to `path` and to disk. */
function writeDurably(path: string, bytes: Buffer | string): void {
  writeFileSync(path, bytes, { mode: 0o600 });
  const fd = openSync(path, 'r');
  fsyncSync(fd);
  closeSync(fd);
}

function syncFolder(dir: string): void {
  const fd = openSync(dir, 'r');
  fsyncSync(fd);
  closeSync(fd);
}

const isEmptyOrAbsent = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Copies the data folder `dir` to `to` (empty or absent) while Kassa may be running: the newest
 * snapshot and the segments after it, each read whole and cut back to its last whole line (Kassa
 * writes every change to the OS before it answers, so a change answered before the copy began is in
 * what is read). The copy is a prefix of the journal: the state of one moment, as a kill at that
 * moment would leave it. A compaction that removes a file mid-copy makes it start again. The copy is
 * read back (every line) before its manifest is written: a folder that lost data is refused here, not
 * at the restore.
 */
export async function backupDataFolder(
  dir: string,
  to: string,
  takenBy: string,
  options: { readonly now?: () => Date /** Between a listing and its reads (a test compacts the folder there). */; readonly listed?: (attempt: number) => Promise<void> } = {},
): Promise<{ manifest: BackupManifest; attempts: number }> {
  if (!existsSync(dir)) throw new Error(`the data folder ${dir} does not exist`);
  if (!isEmptyOrAbsent(to)) throw new Error(`${to} is not empty: back up to a new folder`);
  mkdirSync(to, { recursive: true, mode: 0o700 });
  const takenAt = (options.now?.() ?? new Date()).toISOString();
  for (let attempt = 1; ; attempt++) {
    const { base, segments } = listFolder(dir);
    const names = [...(base === undefined ? [] : [fileName('snapshot', base)]), ...segments.map((n) => fileName('journal', n))];
    try {
      await options.listed?.(attempt);
      const files: BackupManifest['files'][number][] = [];
      for (const name of names) {
        // Off the event loop, a file at a time: a Kassa in this process goes on writing meanwhile.
        const read = await readFile(join(dir, name));
        // A snapshot is whole (renamed once written); a segment may end in a line being written.
        const bytes = name.startsWith('snapshot-') ? read : read.subarray(0, read.lastIndexOf(0x0a) + 1);
        writeDurably(join(to, name), bytes);
        files.push({ name, bytes: bytes.length, sha256: sha256(bytes) });
      }
      syncFolder(to);
      const { entries, marker } = readBack(to, names);
      const manifest: BackupManifest = { kind: 'kassa-data-folder-backup', takenBy, takenAt, schema: marker, entries, files };
      writeDurably(join(to, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      syncFolder(to);
      return { manifest, attempts: attempt };
    } catch (e) {
      // A compaction removed a file between the listing and its read: the listing is taken again.
      if (!isEnoent(e) || attempt >= 10) throw e;
      for (const name of names) rmSync(join(to, name), { force: true });
    }
  }
}

/** Reads every line of a copy as a start would; answers how many entries it holds and its schema marker. */
function readBack(dir: string, names: readonly string[]): { entries: number; marker: SchemaMarker | undefined } {
  let entries = 0;
  let marker: SchemaMarker | undefined;
  const each = ([collection, , value]: readonly [string, string, unknown]) => {
    entries += 1;
    if (collection === SCHEMA_COLLECTION) marker = value as SchemaMarker;
  };
  for (const name of names) (name.startsWith('snapshot-') ? readSnapshot : readSegment)(join(dir, name), each);
  return { entries, marker };
}

/** Reads a backup's manifest and checks every file against it. */
export function checkBackup(from: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(join(from, BACKUP_MANIFEST), 'utf8')) as BackupManifest;
  } catch (e) {
    throw new Error(`${from} is not a Kassa backup (no readable ${BACKUP_MANIFEST}: ${(e as Error).message})`);
  }
  if (manifest.kind !== 'kassa-data-folder-backup' || !Array.isArray(manifest.files)) throw new Error(`${from}/${BACKUP_MANIFEST} is not a Kassa backup's manifest`);
  for (const f of manifest.files) {
    if (!/^(journal|snapshot)-\d{8}\.jsonl$/.test(f.name)) throw new Error(`${from}/${BACKUP_MANIFEST} names a file no backup holds: ${f.name}`);
    const bytes = existsSync(join(from, f.name)) ? readFileSync(join(from, f.name)) : undefined;
    if (bytes === undefined || sha256(bytes) !== f.sha256) throw new Error(`${from}/${f.name} is ${bytes === undefined ? 'missing' : 'not as backed up (its SHA-256 differs)'}: the backup is damaged`);
  }
  return manifest;
}

/**
 * Puts a backup back into the data folder `dir`, Kassa stopped (its lock is taken for the time of the
 * restore: a running Kassa refuses it). The folder must hold no journal, unless `replace`: then what
 * it held is moved aside first, to `<dir>.replaced-<time>`. A backup a newer Kassa took is refused
 * as its data would be. Answers the manifest and where the replaced files went.
 */
export function restoreDataFolder(
  from: string,
  dir: string,
  options: { readonly kassaVersion: string; readonly replace?: boolean; readonly now?: () => Date },
): { manifest: BackupManifest; movedTo: string | undefined } {
  const manifest = checkBackup(from);
  checkReadable(`the backup ${from}`, manifest.schema, { schema: STORAGE_SCHEMA, version: options.kassaVersion });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  lockFolder(dir);
  try {
    const held = readdirSync(dir).filter((f) => numberOf(f) !== undefined || f.endsWith('.jsonl.tmp'));
    let movedTo: string | undefined;
    if (held.length > 0) {
      if (!options.replace) throw new Error(`the data folder ${dir} holds data (${held.length} journal files): restore into an empty folder, or give --replace to move them aside first`);
      movedTo = `${dir.replace(/\/+$/, '')}.replaced-${(options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
      mkdirSync(movedTo, { mode: 0o700 });
      for (const f of held) renameSync(join(dir, f), join(movedTo, f));
    }
    for (const f of manifest.files) copyFileSync(join(from, f.name), join(dir, f.name));
    for (const f of manifest.files) {
      const fd = openSync(join(dir, f.name), 'r');
      fsyncSync(fd);
      closeSync(fd);
    }
    syncFolder(dir);
    return { manifest, movedTo };
  } finally {
    unlockFolder(dir);
  }
}
