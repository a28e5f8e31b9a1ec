import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { damaged } from './journal-lines.js';

const SEGMENT = /^journal-(\d{8})\.jsonl$/;
const SNAPSHOT = /^snapshot-(\d{8})\.jsonl$/;
const UNFINISHED_SNAPSHOT = /^snapshot-\d{8}\.jsonl\.tmp$/;

/** The mark of a restore under way (kassa restore): a start refuses the folder while it is there. */
export const RESTORE_PENDING = 'kassa-restore.pending';

export const fileName = (kind: 'journal' | 'snapshot', n: number) => `${kind}-${String(n).padStart(8, '0')}.jsonl`;

/** The number of a segment or snapshot file, or undefined for any other file. */
export const numberOf = (file: string): number | undefined => {
  const n = (SEGMENT.exec(file) ?? SNAPSHOT.exec(file))?.[1];
  return n === undefined ? undefined : Number(n);
};

const numbers = (files: readonly string[], pattern: RegExp) => files.flatMap((f) => (pattern.test(f) ? [Number(pattern.exec(f)?.[1])] : [])).sort((a, b) => a - b);

/** What a start reads, in order: the newest snapshot (if any), then the segments from its number on. */
export interface ReadPlan {
  readonly snapshot: string | undefined;
  readonly segments: readonly string[];
  /** The number of the segment this start appends to. */
  readonly next: number;
}

/** Cuts a file back to its last whole line, durably (a kill can cut the line being written). */
function cutTornTail(path: string): void {
  const text = readFileSync(path);
  const end = text.lastIndexOf(0x0a) + 1;
  if (end === text.length) return;
  truncateSync(path, end);
  const fd = openSync(path, 'r+');
  fsyncSync(fd);
  closeSync(fd);
}

/** The newest snapshot's number and the segments a start reads after it, as the folder lists them now (read only). */
export function listFolder(dir: string): { readonly base: number | undefined; readonly segments: readonly number[] } {
  const files = readdirSync(dir);
  const base = numbers(files, SNAPSHOT).at(-1);
  return { base, segments: numbers(files, SEGMENT).filter((n) => n >= (base ?? 0)) };
}

/**
 * Finds what a start reads in `dir`, refusing a folder that lost a file, and undoes what a kill can
 * leave: a half-written snapshot (.tmp) and a line cut at the journal's end. Anything else damaged
 * is refused when read.
 */
export function planRead(dir: string): ReadPlan {
  const files = readdirSync(dir);
  if (files.includes(RESTORE_PENDING)) throw damaged(join(dir, RESTORE_PENDING), undefined, 'a restore into this folder did not finish: run the same `kassa restore --from <backup>` again');
  // A .tmp is a snapshot whose compaction was killed before the rename: the files it was to replace
  // are all still there (they go only after the rename), so it is dropped and they are read.
  for (const f of files) if (UNFINISHED_SNAPSHOT.test(f)) rmSync(join(dir, f), { force: true });
  const { base, segments } = listFolder(dir);
  // The segments run one by one from the snapshot's own (a compaction opens it before it writes the
  // snapshot) or from the first; one missing in between is data missing (a segment goes only once a
  // newer snapshot holds its changes).
  const first = base ?? 1;
  const last = segments.at(-1) ?? (base === undefined ? 0 : first);
  const present = new Set(segments);
  for (let n = first; n <= last; n++) {
    if (present.has(n)) continue;
    const snapshot = base === undefined ? '' : `${fileName('snapshot', base)}, then `;
    throw damaged(join(dir, fileName('journal', n)), undefined, `missing (a start reads ${snapshot}every segment from ${fileName('journal', first)} to ${fileName('journal', last)})`);
  }
  // The journal's end is the end of its last segment with data (a start killed before it wrote leaves
  // an empty one after it): only there can a kill cut a line. It goes for good, before anything is
  // appended after it.
  const end = [...segments].reverse().find((n) => statSync(join(dir, fileName('journal', n))).size > 0);
  if (end !== undefined) cutTornTail(join(dir, fileName('journal', end)));
  return {
    snapshot: base === undefined ? undefined : join(dir, fileName('snapshot', base)),
    segments: segments.map((n) => join(dir, fileName('journal', n))),
    next: last + 1,
  };
}
