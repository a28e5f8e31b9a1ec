import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { syntaxErrorAt } from '@kassa-payments/adapters-memory';

/** One line of the journal: the whole new value of one entry of one collection (null: removed). */
export type JournalEntry = readonly [collection: string, key: string, value: unknown];

/**
 * A snapshot's first line, `["#snapshot","entries",n]`: how many entries follow, so that a snapshot
 * that lost lines (even at a line's end) is told from a whole one. An older Kassa reads it as an
 * entry of a collection no store asks for.
 */
const HEADER = '#snapshot';

/** The start refused on a damaged data folder: the message names the file, and the line where there is one. */
export function damaged(path: string, line: number | undefined, what: string): Error {
  return new Error(`KASSA_DATA_DIR: ${path}${line === undefined ? '' : ` line ${line}`}: ${what}. Kassa does not start without that data: repair the folder, or move it aside to start empty`);
}

function entryOf(path: string, text: string, line: number): JournalEntry {
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch (e) {
    // Not V8's message: it quotes the text, and a line may hold a partner's password or a secret.
    throw damaged(path, line, `not a journal entry (${syntaxErrorAt(e)})`);
  }
  if (!Array.isArray(entry) || entry.length !== 3 || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') {
    throw damaged(path, line, 'not a journal entry (a [collection, key, value] array)');
  }
  return entry as unknown as JournalEntry;
}

/**
 * Reads one journal file, calling `each` with every entry and its line number. Every line is written
 * with its line end: text after the last one is a line cut short (the journal's own end was cut
 * away before reading, so here it is damage).
 */
function readEntries(path: string, text: string, each: (entry: JournalEntry, line: number) => void): void {
  const lines = text.split('\n');
  if (lines.pop() !== '') throw damaged(path, lines.length + 1, 'cut short (no line end)');
  for (let i = 0; i < lines.length; i++) each(entryOf(path, lines[i] as string, i + 1), i + 1);
}

export function readSegment(path: string, each: (entry: JournalEntry, line: number) => void): void {
  readEntries(path, readFileSync(path, 'utf8'), each);
}

/**
 * Reads a snapshot. It is written whole to a .tmp and then renamed, so a kill never leaves one cut:
 * an empty one, a cut line, or fewer entries than its first line says refuse the start. One written
 * before snapshots had that line (an older Kassa's) is read as it is.
 */
export function readSnapshot(path: string, each: (entry: JournalEntry, line: number) => void): void {
  const text = readFileSync(path, 'utf8');
  if (text === '') throw damaged(path, 1, 'the snapshot is empty (a snapshot is written whole before it takes its name)');
  let expected: number | undefined;
  let entries = 0;
  readEntries(path, text, (entry, line) => {
    if (line === 1 && entry[0] === HEADER) {
      if (!Number.isSafeInteger(entry[2]) || (entry[2] as number) < 0) throw damaged(path, 1, 'not a snapshot header (["#snapshot","entries",n])');
      expected = entry[2] as number;
      return;
    }
    entries += 1;
    each(entry, line);
  });
  if (expected !== undefined && entries !== expected) {
    const at = Math.min(entries, expected) + 2;
    throw damaged(path, at, entries < expected ? `the snapshot ends after ${entries} of its ${expected} entries (cut short)` : `the snapshot holds more than its ${expected} entries`);
  }
}

/** Real time a snapshot is written for between two turns of the event loop (checked every 50 entries). */
const SNAPSHOT_SLICE_MS = 5;
/** Text gathered before it goes to the file: no one string of the whole state is ever made. */
const WRITE_CHUNK_CHARS = 1 << 20;

/**
 * Writes a snapshot to `path` (created 0600, flushed to disk): its first line, then one line per
 * entry. The entries of each collection are listed at once (references only), and written out a slice
 * at a time with `takeTurn` between slices, in chunks of a megabyte, so that a large state never
 * holds the process's requests. A value changed (or removed) meanwhile may be written as it is by
 * then: the segment begun before the snapshot holds that change too, and is read after it. Answers
 * the snapshot's size in bytes.
 */
export async function writeSnapshot(path: string, collections: Iterable<[string, () => Iterable<[string, unknown]>]>, takeTurn: () => Promise<void>): Promise<number> {
  const listed = [...collections].map(([collection, current]) => [collection, [...current()]] as const);
  const entries = listed.reduce((n, [, list]) => n + list.length, 0);
  const file = await open(path, 'w', 0o600);
  let bytes = 0;
  let chunk = `${JSON.stringify([HEADER, 'entries', entries])}\n`;
  const flush = async () => {
    const buffer = Buffer.from(chunk);
    chunk = '';
    bytes += buffer.length;
    await file.write(buffer);
  };
  try {
    let sliceStart = performance.now();
    let written = 0;
    for (const [collection, list] of listed) {
      for (const [key, value] of list) {
        chunk += `${JSON.stringify([collection, key, value])}\n`;
        if (chunk.length >= WRITE_CHUNK_CHARS) await flush();
        if (++written % 50 === 0 && performance.now() - sliceStart > SNAPSHOT_SLICE_MS) {
          await takeTurn();
          sliceStart = performance.now();
        }
      }
    }
    await flush();
    await file.sync();
  } finally {
    await file.close();
  }
  return bytes;
}
