import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Journal } from '@kassa/adapters-memory';

/** A journal segment grows to this size before the folder is compacted into a snapshot. */
export const COMPACT_AT_BYTES = 16 * 1024 * 1024;

const SEGMENT = /^journal-(\d{8})\.jsonl$/;
const SNAPSHOT = /^snapshot-(\d{8})\.jsonl$/;
const name = (kind: 'journal' | 'snapshot', n: number) => `${kind}-${String(n).padStart(8, '0')}.jsonl`;
const LOCK = 'kassa.lock';

/** One process a folder: a second one would append to the same segments and remove the first's files. */
function lock(dir: string): void {
  const path = join(dir, LOCK);
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx', mode: 0o600 });
    return;
  } catch {
    // Held: by a running process, or left by one that was killed.
  }
  const holder = Number(readFileSync(path, 'utf8'));
  let alive = false;
  try {
    alive = Number.isInteger(holder) && holder > 0 && holder !== process.pid && process.kill(holder, 0);
  } catch {
    alive = false;
  }
  if (alive) throw new Error(`KASSA_DATA_DIR: ${dir} is in use by process ${holder} (one Kassa a data folder; give this one a folder of its own)`);
  writeFileSync(path, String(process.pid), { mode: 0o600 });
}

/** Cuts a segment back to its last whole line (a kill can cut the line being written). */
function cutTornTail(path: string): void {
  const text = readFileSync(path);
  const end = text.lastIndexOf(0x0a) + 1;
  if (end < text.length) truncateSync(path, end);
}

/**
 * The embedded mode's data folder (KASSA_DATA_DIR): every change of every in-memory store is appended
 * to the current journal segment as one JSON line `[collection, key, value]` (null: removed), written
 * to the OS before the change returns (a killed process loses nothing it answered; a power loss what
 * the OS had not written yet: no fsync per change). At start the newest snapshot and the segments
 * after it are read back, a last line a kill cut short cut away first. One process a folder (a lock
 * file; a killed holder's is taken over). Once a segment
 * passes COMPACT_AT_BYTES, a new segment starts and the state of that moment is written, in the
 * background, as the next snapshot; older files then go.
 */
export class FileJournal implements Journal {
  private readonly restoredState = new Map<string, Map<string, unknown>>();
  private readonly collections = new Map<string, () => Iterable<[string, unknown]>>();
  private segment: number;
  private fd: number;
  private bytes = 0;
  private compacting: Promise<void> | undefined;

  private constructor(
    private readonly dir: string,
    private readonly compactAtBytes: number,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    lock(dir);
    const files = readdirSync(dir);
    const snapshots = files.flatMap((f) => (SNAPSHOT.test(f) ? [Number(SNAPSHOT.exec(f)?.[1])] : [])).sort((a, b) => a - b);
    const base = snapshots.at(-1) ?? 0;
    if (snapshots.length > 0) this.replay(join(dir, name('snapshot', base)));
    const segments = files
      .flatMap((f) => (SEGMENT.test(f) ? [Number(SEGMENT.exec(f)?.[1])] : []))
      .filter((n) => n >= base)
      .sort((a, b) => a - b);
    // A kill can cut only the last line of the last segment: it is cut away for good before anything
    // is appended after it (any other damaged line stops the start, naming it).
    const last = segments.at(-1);
    if (last !== undefined) cutTornTail(join(dir, name('journal', last)));
    for (const n of segments) this.replay(join(dir, name('journal', n)));
    // Appending goes on in a segment of its own.
    this.segment = (segments.at(-1) ?? base) + 1;
    this.fd = openSync(join(dir, name('journal', this.segment)), 'a', 0o600);
  }

  /** Opens (creating) the data folder and reads back what it holds. */
  static open(dir: string, compactAtBytes = COMPACT_AT_BYTES): FileJournal {
    return new FileJournal(dir, compactAtBytes);
  }

  restored(collection: string): Iterable<[string, unknown]> {
    const entries = this.restoredState.get(collection) ?? new Map<string, unknown>();
    this.restoredState.delete(collection);
    return entries;
  }

  register(collection: string, entries: () => Iterable<[string, unknown]>): void {
    this.collections.set(collection, entries);
  }

  write(collection: string, key: string, value: unknown): void {
    const line = Buffer.from(`${JSON.stringify([collection, key, value === undefined ? null : value])}\n`);
    // writeSync may write less than asked: the rest follows, so that lines never run together.
    for (let done = 0; done < line.length; ) done += writeSync(this.fd, line, done);
    this.bytes += line.length;
    if (this.bytes >= this.compactAtBytes && !this.compacting) {
      // A compaction that fails (a full disk) loses nothing: the segments stay, the next one retries.
      this.compacting = this.compact()
        .catch(() => undefined)
        .finally(() => {
          this.compacting = undefined;
        });
    }
  }

  /** Starts a new segment and writes the state of this moment as the snapshot it begins from. */
  async compact(): Promise<void> {
    const next = this.segment + 1;
    const fd = openSync(join(this.dir, name('journal', next)), 'a', 0o600);
    fsyncSync(this.fd);
    closeSync(this.fd);
    [this.fd, this.segment, this.bytes] = [fd, next, 0];
    // The state of this moment, taken in one turn of the event loop (no change comes between).
    let text = '';
    for (const [collection, entries] of this.collections) for (const [key, value] of entries()) text += `${JSON.stringify([collection, key, value])}\n`;
    const tmp = join(this.dir, `${name('snapshot', next)}.tmp`);
    await writeFile(tmp, text, { mode: 0o600, flush: true });
    renameSync(tmp, join(this.dir, name('snapshot', next)));
    // The rename on disk before the files it replaces go.
    const dirFd = openSync(this.dir, 'r');
    fsyncSync(dirFd);
    closeSync(dirFd);
    for (const f of readdirSync(this.dir)) {
      const n = Number((SEGMENT.exec(f) ?? SNAPSHOT.exec(f))?.[1]);
      if (Number.isFinite(n) && n < next) rmSync(join(this.dir, f), { force: true });
    }
  }

  /** Waits for a compaction under way, then closes the segment (written to disk) and lets the folder go. */
  async close(): Promise<void> {
    await this.compacting;
    fsyncSync(this.fd);
    closeSync(this.fd);
    rmSync(join(this.dir, LOCK), { force: true });
  }

  private replay(path: string): void {
    if (!existsSync(path)) return;
    const lines = readFileSync(path, 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    lines.forEach((line, i) => {
      let entry: [string, string, unknown];
      try {
        entry = JSON.parse(line) as [string, string, unknown];
      } catch (e) {
        throw new Error(`KASSA_DATA_DIR: ${path} line ${i + 1} is not a journal entry (${(e as Error).message})`);
      }
      const [collection, key, value] = entry;
      const state = this.restoredState.get(collection) ?? new Map<string, unknown>();
      this.restoredState.set(collection, state);
      if (value === null) state.delete(key);
      else state.set(key, value);
    });
  }
}
