import { closeSync, fsync, fsyncSync, ftruncateSync, mkdirSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import type { Journal, RestoredCheck } from '@kassa-payments/adapters-memory';
import type { SchemaMarker } from '@kassa-payments/operations';
import { lockFolder, unlockFolder } from './folder-lock.js';
import { fileName, numberOf, planRead } from './journal-files.js';
import { damaged, type JournalEntry, readSegment, readSnapshot, writeSnapshot } from './journal-lines.js';

/**
 * A journal segment grows to this size, and at least to the last snapshot's (Redis's rewrite at 100%
 * growth), before the folder is compacted into a snapshot: a test clock's advance once rewrote a 15 MB
 * folder 17 times at 16 MB. A start reads at most this much journal after its snapshot (about 1 s).
 */
export const COMPACT_AT_BYTES = 64 * 1024 * 1024;
/** The entry that records the folder's storage schema: `["#schema", "storage", marker]`. */
export const SCHEMA_COLLECTION = '#schema';
const SCHEMA_KEY = 'storage';
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An entry as the start read it, and where: a store that cannot read it is refused naming the file and line. */
interface Restored {
  readonly value: unknown;
  readonly path: string;
  readonly line: number;
}

/**
 * The embedded mode's data folder (KASSA_DATA_DIR): every change of every in-memory store is appended
 * to the current journal segment as one JSON line `[collection, key, value]` (null: removed). Lines
 * are committed in groups: every change of one turn of the event loop is written to the OS in one
 * write at the end of that turn (setImmediate), and whoever answers for a change waits for its group
 * (`committed`): a killed process loses nothing it answered; a power loss what the OS had not
 * written yet (no fsync per change); a group that cannot be written (a full disk) fails every
 * change waiting for it. At start the newest snapshot and the segments
 * after it are read back, a last line a kill cut short cut away first; a folder damaged in any other
 * way (a file missing, a snapshot emptied or cut, a line or a value no store can read) refuses the
 * start, naming the file and line. One process a folder (a lock file; a killed holder's is taken
 * over). Once a segment passes COMPACT_AT_BYTES and the last snapshot's size, a new segment starts and
 * the state from that moment is written, in the background, as the next snapshot; older files then go.
 */
export class FileJournal implements Journal {
  private readonly restoredState = new Map<string, Map<string, Restored>>();
  private readonly collections = new Map<string, () => Iterable<[string, unknown]>>();
  private segment: number;
  /** The segment this start opened (an abandoned start removes it while it is empty). */
  private readonly opened: number;
  private fd: number;
  private bytes = 0;
  /** The size of the snapshot the folder was last compacted into (or started from). */
  private snapshotBytes = 0;
  private compacting: Promise<void> | undefined;
  /** Bytes the stores let go of since the last compaction (a test clock's erasure): the folder still holds them. */
  private releasedBytes = 0;
  /** The folder's storage schema (its `#schema` entry), undefined until one is recorded (0.1.0 recorded none). */
  private marker: SchemaMarker | undefined;
  /** The lines of the group being gathered (this turn of the event loop), and its commit. */
  private pending: Buffer[] = [];
  /** The current segment's length once its last group was written: a group that fails is cut back to it. */
  private segmentBytes = 0;
  private group: { readonly written: Promise<void>; readonly settle: (failure?: unknown) => void } | undefined;

  private constructor(
    private readonly dir: string,
    private readonly compactAtBytes: number,
    purpose: 'start' | 'change',
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    lockFolder(dir, purpose);
    try {
      const plan = planRead(dir);
      if (plan.snapshot) readSnapshot(plan.snapshot, this.restore(plan.snapshot));
      this.snapshotBytes = plan.snapshot ? statSync(plan.snapshot).size : 0;
      // The journal since the snapshot counts whatever process wrote it: restarts do not put compaction off.
      this.bytes = plan.segments.reduce((n, segment) => n + statSync(segment).size, 0);
      for (const segment of plan.segments) readSegment(segment, this.restore(segment));
      // Appending goes on in a segment of its own.
      this.segment = plan.next;
    } catch (e) {
      unlockFolder(dir);
      throw e;
    }
    this.opened = this.segment;
    this.marker = this.restoredMarker();
    this.fd = openSync(join(dir, fileName('journal', this.segment)), 'a', 0o600);
    // In every snapshot, so that compaction keeps it.
    this.register(SCHEMA_COLLECTION, () => (this.marker ? [[SCHEMA_KEY, this.marker]] : []));
  }

  /**
   * The `#schema` entry as read; a folder a newer Kassa wrote is refused here, before a store reads
   * it (an older Kassa reads the entry as one of a collection no store asks for).
   */
  private restoredMarker(): SchemaMarker | undefined {
    const entry = this.restoredState.get(SCHEMA_COLLECTION)?.get(SCHEMA_KEY);
    this.restoredState.delete(SCHEMA_COLLECTION);
    if (entry === undefined) return undefined;
    const marker = entry.value as Partial<SchemaMarker>;
    const valid = Number.isSafeInteger(marker.schema) && Number.isSafeInteger(marker.readableFrom) && typeof marker.writtenBy === 'string' && Array.isArray(marker.migrations);
    if (!valid) throw damaged(entry.path, entry.line, 'not a schema entry ({ schema, readableFrom, writtenBy, migrations })');
    return marker as SchemaMarker;
  }

  /** The folder's storage schema, undefined if none is recorded (0.1.0's folder, or a new one). */
  schemaMarker(): SchemaMarker | undefined {
    return this.marker;
  }

  /** Records the folder's storage schema (one journal line; every snapshot from then on holds it). */
  recordSchema(marker: SchemaMarker): void {
    this.marker = marker;
    this.write(SCHEMA_COLLECTION, SCHEMA_KEY, marker);
    // Written at once: a migration's record is on disk before anything else happens.
    this.flush();
  }

  /** Opens (creating) the data folder and reads back what it holds: for a start, or (`change`) a command that changes it with Kassa stopped. */
  static open(dir: string, compactAtBytes = COMPACT_AT_BYTES, purpose: 'start' | 'change' = 'start'): FileJournal {
    return new FileJournal(dir, compactAtBytes, purpose);
  }

  restored(collection: string, check: RestoredCheck): Iterable<[string, unknown]> {
    const entries = this.restoredState.get(collection) ?? new Map<string, Restored>();
    this.restoredState.delete(collection);
    const values: [string, unknown][] = [];
    for (const [key, { value, path, line }] of entries) {
      const why = check(value, key);
      if (why !== undefined) throw damaged(path, line, `${collection} ${JSON.stringify(key)} cannot be read (${why})`);
      values.push([key, value]);
    }
    return values;
  }

  register(collection: string, entries: () => Iterable<[string, unknown]>): void {
    this.collections.set(collection, entries);
  }

  write(collection: string, key: string, value: unknown): void {
    const line = Buffer.from(`${JSON.stringify([collection, key, value === undefined ? null : value])}\n`);
    this.pending.push(line);
    this.bytes += line.length;
    if (!this.group) {
      let settle: (failure?: unknown) => void = () => undefined;
      const written = new Promise<void>((resolve, reject) => {
        settle = (failure) => (failure === undefined ? resolve() : reject(failure));
      });
      // A group nobody waits for (a change made outside any request) must not be an unhandled rejection.
      written.catch(() => undefined);
      this.group = { written, settle };
      setImmediate(() => this.flush());
    }
    if (this.bytes >= Math.max(this.compactAtBytes, this.snapshotBytes)) this.compactInBackground();
  }

  /**
   * The commit of every change written so far: resolves once they are written to the OS, rejects if
   * they could not be; undefined when nothing waits to be written (the answer needs no wait).
   */
  committed(): Promise<void> | undefined {
    return this.group?.written;
  }

  /** Writes the group gathered so far, in one write (the end of a turn; before a compaction or a close). */
  private flush(): void {
    const group = this.group;
    if (!group) return;
    const lines = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending);
    [this.pending, this.group] = [[], undefined];
    try {
      // writeSync may write less than asked: the rest follows, so that lines never run together.
      for (let done = 0; done < lines.length; ) done += writeSync(this.fd, lines, done);
      this.segmentBytes += lines.length;
      group.settle();
    } catch (e) {
      // A group written in part (a full disk) would leave a cut line in the middle of the segment,
      // which the next start refuses: the segment is cut back to its last whole group.
      try {
        ftruncateSync(this.fd, this.segmentBytes);
      } catch {
        // The disk refuses even that: the next start cuts a last cut line away, as after a kill.
      }
      group.settle(e);
    }
  }

  /**
   * The stores let go of about `bytes` at once (a test clock deleted with everything on it): once what
   * was let go since the last compaction is a quarter of the folder, it is compacted now rather than
   * after the next COMPACT_AT_BYTES of traffic, which an idle sandbox may never write: the disk is
   * given back with the memory.
   */
  released(bytes: number): void {
    this.releasedBytes += bytes;
    if (this.releasedBytes > 0 && this.releasedBytes * 4 >= this.snapshotBytes + this.bytes) this.compactInBackground();
  }

  private compactInBackground(): void {
    if (this.compacting) return;
    this.releasedBytes = 0;
    // A compaction that fails (a full disk) loses nothing: the segments stay, the next one retries.
    this.compacting = this.compact()
      .catch(() => undefined)
      .finally(() => {
        this.compacting = undefined;
        // What went while it ran may be in the snapshot or not: counted again, it may compact once more.
        this.released(0);
      });
  }

  /** Starts a new segment and writes the state of this moment as the snapshot it begins from. */
  async compact(): Promise<void> {
    // The group gathered so far belongs to the segment that ends here.
    this.flush();
    const next = this.segment + 1;
    const fd = openSync(join(this.dir, fileName('journal', next)), 'a', 0o600);
    const previous = this.fd;
    [this.fd, this.segment, this.bytes, this.segmentBytes] = [fd, next, 0, 0];
    // On disk before the snapshot that replaces it (off the event loop: a large segment takes a while).
    await promisify(fsync)(previous);
    closeSync(previous);
    // The state from this moment on, a slice at a time (see writeSnapshot).
    const tmp = join(this.dir, `${fileName('snapshot', next)}.tmp`);
    this.snapshotBytes = await writeSnapshot(tmp, this.collections, nextTurn);
    await rename(tmp, join(this.dir, fileName('snapshot', next)));
    // The rename on disk before the files it replaces go.
    const folder = await open(this.dir, 'r');
    await folder.sync().finally(() => folder.close());
    for (const f of await readdir(this.dir)) {
      const n = numberOf(f);
      if (n !== undefined && n < next) await rm(join(this.dir, f), { force: true });
    }
  }

  /** Waits for the compactions under way, then closes the segment (written to disk) and lets the folder go. */
  async close(): Promise<void> {
    // One may follow another (an erasure during the first): each is waited for.
    while (this.compacting) await this.compacting;
    this.flush();
    fsyncSync(this.fd);
    closeSync(this.fd);
    unlockFolder(this.dir);
  }

  /**
   * A start refused after the folder was read (a store could not read what it was given): lets the
   * folder go as it was found, without the segment this start opened while nothing is in it.
   */
  abandon(): void {
    this.flush();
    closeSync(this.fd);
    const path = join(this.dir, fileName('journal', this.segment));
    if (this.segment === this.opened && statSync(path).size === 0) rmSync(path, { force: true });
    unlockFolder(this.dir);
  }

  /** Keeps each entry `path` holds (a removal forgets it), with where it was read. */
  private restore(path: string) {
    return ([collection, key, value]: JournalEntry, line: number): void => {
      const state = this.restoredState.get(collection) ?? new Map<string, Restored>();
      this.restoredState.set(collection, state);
      if (value === null) state.delete(key);
      else state.set(key, { value, path, line });
    };
  }
}
