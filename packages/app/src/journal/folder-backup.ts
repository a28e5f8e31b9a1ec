import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { checkReadable, STORAGE_SCHEMA, type SchemaMarker } from '@kassa-payments/operations';
import { SCHEMA_COLLECTION } from './file-journal.js';
import { lockFolder, unlockFolder } from './folder-lock.js';
import { fileName, listFolder, numberOf, RESTORE_PENDING } from './journal-files.js';
import { type JournalEntry, readSegment, readSnapshot } from './journal-lines.js';

/** The file a backup describes itself in. */
export const BACKUP_MANIFEST = 'kassa-backup.json';

export interface BackupManifest {
  readonly kind: 'kassa-data-folder-backup';
  /** The Kassa that took it. */
  readonly takenBy: string;
  readonly takenAt: string;
  /** The folder's schema record as backed up (absent: a folder 0.1.0 wrote). */
  readonly schema: SchemaMarker | undefined;
  /** The entries read back from the copy (a check that it reads). */
  readonly entries: number;
  readonly files: readonly { readonly name: string; readonly bytes: number; readonly sha256: string }[];
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const isEnoent = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';
/** Whether `inner` is `outer` or inside it (paths as given, resolved). */
const within = (inner: string, outer: string) => resolve(inner) === resolve(outer) || resolve(inner).startsWith(`${resolve(outer)}${sep}`);

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  fsyncSync(fd);
  closeSync(fd);
}

/** Writes `bytes` to `path` and to disk. */
function writeDurably(path: string, bytes: Buffer | string): void {
  writeFileSync(path, bytes, { mode: 0o600 });
  fsyncPath(path);
}

const isEmptyOrAbsent = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** What a start reads of a folder, as it is now, read whole. */
interface FolderRead {
  readonly files: readonly { readonly name: string; readonly bytes: Buffer }[];
  readonly attempts: number;
}

/**
 * Reads the data folder `dir` as a start would, while Kassa may be running, without changing it:
 * the newest snapshot and the segments after it, each read whole and cut back to its last whole line.
 * Kassa writes every change to the OS before it answers, so a change answered before the read began
 * is in what is read; the files read are a prefix of the journal, the state of one moment (as a kill
 * at that moment would leave it). A compaction that removes a listed file mid-read makes it list again.
 */
async function readDataFolder(dir: string, listed?: (attempt: number) => Promise<void>): Promise<FolderRead> {
  if (!existsSync(dir)) throw new Error(`the data folder ${dir} does not exist`);
  for (let attempt = 1; ; attempt++) {
    const { base, segments } = listFolder(dir);
    const names = [...(base === undefined ? [] : [fileName('snapshot', base)]), ...segments.map((n) => fileName('journal', n))];
    try {
      await listed?.(attempt);
      const files: { name: string; bytes: Buffer }[] = [];
      for (const name of names) {
        // Off the event loop, a file at a time: a Kassa in this process goes on writing meanwhile.
        const read = await readFile(join(dir, name));
        // A snapshot is whole (renamed once written); a segment may end in a line being written.
        files.push({ name, bytes: name.startsWith('snapshot-') ? read : read.subarray(0, read.lastIndexOf(0x0a) + 1) });
      }
      return { files, attempts: attempt };
    } catch (e) {
      if (!isEnoent(e) || attempt >= 10) throw e;
    }
  }
}

/** Reads every line of the files in `dir` named `names` as a start would; answers how many entries they hold and their schema record. */
function readBack(dir: string, names: readonly string[]): { entries: number; marker: SchemaMarker | undefined } {
  let entries = 0;
  let marker: SchemaMarker | undefined;
  const each = ([collection, , value]: JournalEntry) => {
    entries += 1;
    if (collection === SCHEMA_COLLECTION) marker = value as SchemaMarker;
  };
  for (const name of names) (name.startsWith('snapshot-') ? readSnapshot : readSegment)(join(dir, name), each);
  return { entries, marker };
}

/** The schema record of a data folder, read without changing it (a running Kassa may hold it): `kassa migrate --dry-run`. */
export async function readFolderSchema(dir: string): Promise<SchemaMarker | undefined> {
  const { files } = await readDataFolder(dir);
  let marker: SchemaMarker | undefined;
  for (const { bytes } of files) for (const line of bytes.toString('utf8').split('\n')) if (line.startsWith(`["${SCHEMA_COLLECTION}"`)) marker = (JSON.parse(line) as JournalEntry)[2] as SchemaMarker;
  return marker;
}

/**
 * Copies the data folder `dir` to `to` (new, or empty, and not inside `dir`) while Kassa may be
 * running (readDataFolder). The copy is read back (every line) before its manifest is written: a
 * folder that lost data is refused here, not at the restore.
 */
export async function backupDataFolder(
  dir: string,
  to: string,
  takenBy: string,
  options: {
    readonly now?: () => Date;
    /** Between a listing and its reads (a test compacts the folder there). */
    readonly listed?: (attempt: number) => Promise<void>;
  } = {},
): Promise<{ manifest: BackupManifest; attempts: number }> {
  if (within(to, dir)) throw new Error(`${to} is inside the data folder ${dir}: back up to a folder outside it`);
  if (!isEmptyOrAbsent(to)) throw new Error(`${to} is not empty: back up to a new folder`);
  const takenAt = (options.now?.() ?? new Date()).toISOString();
  const { files, attempts } = await readDataFolder(dir, options.listed);
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const f of files) writeDurably(join(to, f.name), f.bytes);
  fsyncPath(to);
  const { entries, marker } = readBack(
    to,
    files.map((f) => f.name),
  );
  const manifest: BackupManifest = {
    kind: 'kassa-data-folder-backup',
    takenBy,
    takenAt,
    schema: marker,
    entries,
    files: files.map((f) => ({ name: f.name, bytes: f.bytes.length, sha256: sha256(f.bytes) })),
  };
  writeDurably(join(to, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  fsyncPath(to);
  return { manifest, attempts };
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

/** The journal files a folder holds (a start's, or a restore's left half done). */
const journalFiles = (dir: string) => readdirSync(dir).filter((f) => numberOf(f) !== undefined || f.endsWith('.jsonl.tmp'));

/**
 * Puts a backup back into the data folder `dir`, Kassa stopped (its lock is taken for the time of the
 * restore: a running Kassa refuses it). The folder must hold no journal, unless `replace`: then what it
 * held is moved aside first, into its subfolder `replaced-<time>` (on the same disk, where Kassa's
 * user may write). The files are copied to a staging subfolder, written to disk, and renamed into the
 * folder under a `kassa-restore.pending` mark, which a start refuses and a new restore finishes: a
 * restore cut short never passes for a whole folder. A backup a newer Kassa took is refused as its
 * data would be. Answers the manifest and where the replaced files went.
 */
export function restoreDataFolder(
  from: string,
  dir: string,
  options: { readonly kassaVersion: string; readonly replace?: boolean; readonly now?: () => Date },
): { manifest: BackupManifest; movedTo: string | undefined } {
  if (within(from, dir) || within(dir, from)) throw new Error(`the backup ${from} and the data folder ${dir} overlap: restore from a backup kept outside the data folder`);
  const manifest = checkBackup(from);
  checkReadable(`the backup ${from}`, manifest.schema, { schema: STORAGE_SCHEMA, version: options.kassaVersion });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  lockFolder(dir, 'change');
  try {
    const mark = join(dir, RESTORE_PENDING);
    let movedTo: string | undefined;
    if (existsSync(mark)) {
      // A restore cut short: what it left is a part of a backup, never the folder's own data.
      for (const f of journalFiles(dir)) rmSync(join(dir, f), { force: true });
    } else {
      const held = journalFiles(dir);
      if (held.length > 0 && !options.replace)
        throw new Error(`the data folder ${dir} holds data (${held.length} journal files): restore into an empty folder, or give --replace to move them aside first`);
      if (held.length > 0) {
        movedTo = join(dir, `replaced-${(options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-')}`);
        mkdirSync(movedTo, { mode: 0o700 });
        for (const f of held) renameSync(join(dir, f), join(movedTo, f));
      }
      writeDurably(mark, `${JSON.stringify({ from: resolve(from), files: manifest.files.map((f) => f.name) })}\n`);
      fsyncPath(dir);
    }
    const staging = join(dir, '.restoring');
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { mode: 0o700 });
    for (const f of manifest.files) {
      copyFileSync(join(from, f.name), join(staging, f.name));
      fsyncPath(join(staging, f.name));
    }
    for (const f of manifest.files) renameSync(join(staging, f.name), join(dir, f.name));
    fsyncPath(dir);
    rmSync(mark);
    rmSync(staging, { recursive: true, force: true });
    fsyncPath(dir);
    return { manifest, movedTo };
  } finally {
    unlockFolder(dir);
  }
}
