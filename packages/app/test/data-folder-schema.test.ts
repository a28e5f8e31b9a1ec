import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STORAGE_SCHEMA } from '@kassa-payments/operations';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDataFolder, restoreDataFolder } from '../src/journal/folder-backup.js';
import { FileJournal } from '../src/journal/file-journal.js';
import { inMemoryStorage } from '../src/storage.js';
import { buildInfo } from '../src/version.js';

// The data folder's schema (its `#schema` entry) and its backups (kassa backup, kassa restore).
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-schema-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const schemaLines = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .filter((l) => l.startsWith('["#schema"'));
const partner = (login: string) => ({ login, password: 'pw', testCallbackAllowed: false });

describe("the data folder's schema", () => {
  it('a start records it once (a line a 0.1.0 reads as a collection no store asks for), and compaction keeps it', async () => {
    const dir = freshDir();
    const first = inMemoryStorage(dir);
    await first.migrate('start');
    await first.projects.createPartner(partner('shop'));
    await first.close();
    expect(schemaLines(dir)).toEqual([`["#schema","storage",{"schema":${STORAGE_SCHEMA},"readableFrom":1,"writtenBy":"${buildInfo().version}","migrations":[]}]`]);
    const second = inMemoryStorage(dir);
    await second.migrate('start');
    await second.close();
    expect(schemaLines(dir)).toHaveLength(1);
    // A compaction's snapshot holds it (the stores' collections beside it).
    const journal = FileJournal.open(dir);
    const notes = new Map([['n1', { text: 'kept' }]]);
    journal.register('notes', () => notes.entries());
    journal.write('notes', 'n1', notes.get('n1'));
    await journal.compact();
    await journal.close();
    expect(readdirSync(dir).filter((f) => f.startsWith('snapshot-'))).toHaveLength(1);
    expect(readdirSync(dir).filter((f) => f.startsWith('journal-') && readFileSync(join(dir, f), 'utf8') !== '')).toEqual([]);
    expect(schemaLines(dir)).toHaveLength(1);
    const third = FileJournal.open(dir);
    expect(third.schemaMarker()?.schema).toBe(STORAGE_SCHEMA);
    await third.close();
    expect(schemaLines(dir)).toHaveLength(1);
  });

  it('a folder a newer Kassa wrote for newer readers is refused at start, naming both versions, and left as it was', async () => {
    const dir = freshDir();
    const first = inMemoryStorage(dir);
    await first.projects.createPartner(partner('shop'));
    await first.close();
    const segment = readdirSync(dir).find((f) => f.startsWith('journal-')) as string;
    appendFileSync(join(dir, segment), '["#schema","storage",{"schema":9,"readableFrom":8,"writtenBy":"9.0.0","migrations":["0009-x"]}]\n');
    const files = readdirSync(dir).sort();
    expect(() => inMemoryStorage(dir)).toThrow(
      `KASSA_DATA_DIR ${dir} holds storage schema 9, written by Kassa 9.0.0, which Kassa reads from schema 8 on; this is Kassa ${buildInfo().version} (storage schema ${STORAGE_SCHEMA})`,
    );
    expect(readdirSync(dir).sort()).toEqual(files);
  });

  it('a schema entry that is not one is refused, naming the file and line', async () => {
    const dir = freshDir();
    await inMemoryStorage(dir).close();
    const segment = readdirSync(dir).find((f) => f.startsWith('journal-')) as string;
    appendFileSync(join(dir, segment), '["#schema","storage",{"schema":"two"}]\n');
    expect(() => inMemoryStorage(dir)).toThrow(/KASSA_DATA_DIR: .*journal-00000001\.jsonl line 1: not a schema entry/);
  });
});

describe('backups of the data folder', () => {
  it('a restore cut short is refused at start, and finished by the same restore run again', async () => {
    const dir = freshDir();
    const storage = inMemoryStorage(dir);
    await storage.projects.createPartner(partner('shop'));
    await storage.close();
    const to = join(freshDir(), 'backup');
    await backupDataFolder(dir, to, 'test');
    const target = freshDir();
    // What a kill in the middle of a restore leaves: its mark, and a part of the files.
    writeFileSync(join(target, 'kassa-restore.pending'), '{}');
    writeFileSync(join(target, 'journal-00000001.jsonl'), '["partners","half",{"login":"half"}]\n');
    expect(() => inMemoryStorage(target)).toThrow(/kassa-restore\.pending: a restore into this folder did not finish: run the same `kassa restore --from <backup>` again/);
    restoreDataFolder(to, target, { kassaVersion: buildInfo().version });
    expect(readdirSync(target).sort()).toEqual(
      readdirSync(dir)
        .filter((f) => f.endsWith('.jsonl'))
        .sort(),
    );
    const back = inMemoryStorage(target);
    expect([await back.projects.findPartner('shop'), await back.projects.findPartner('half')].map(Boolean)).toEqual([true, false]);
    await back.close();
  });

  it('copies a running folder while it is written and compacted: every change made before the backup began is in it, and a restore gives it back', async () => {
    const dir = freshDir();
    const journal = FileJournal.open(dir, 4_000);
    // The state a store would hold: what compaction writes to each snapshot.
    const notes = new Map<string, unknown>();
    journal.register('notes', () => notes.entries());
    const written: string[] = [];
    let stop = false;
    // A writer, and compactions (a small segment size), all through the copy.
    const writer = (async () => {
      for (let i = 0; !stop; i++) {
        notes.set(`n${i}`, { i, text: 'x'.repeat(100) });
        journal.write('notes', `n${i}`, notes.get(`n${i}`));
        written.push(`n${i}`);
        if (i % 20 === 0) await new Promise((r) => setImmediate(r));
      }
    })();
    while (written.length < 500) await new Promise((r) => setImmediate(r));
    const before = [...written];
    const to = join(freshDir(), 'backup');
    const snapshotsBefore = readdirSync(dir).filter((f) => f.startsWith('snapshot-'));
    // The first listing goes stale at once: a compaction removes the files it names before they are read.
    const { manifest, attempts } = await backupDataFolder(dir, to, 'test', { listed: async (attempt) => (attempt === 1 ? journal.compact() : undefined) });
    stop = true;
    await writer;
    await journal.close();
    expect(manifest.entries).toBeGreaterThanOrEqual(before.length);
    // Compactions ran while it copied (a newer snapshot than the one listed first), and one removed the files it listed first.
    expect(readdirSync(dir).filter((f) => f.startsWith('snapshot-'))).not.toEqual(snapshotsBefore);
    // (A compaction of the writer's own can make it list a third time.)
    expect(attempts).toBeGreaterThanOrEqual(2);

    const restored = join(freshDir(), 'restored');
    const { movedTo } = restoreDataFolder(to, restored, { kassaVersion: buildInfo().version });
    expect(movedTo).toBeUndefined();
    const back = FileJournal.open(restored);
    const keys = new Set([...back.restored('notes', () => undefined)].map(([k]) => k));
    await back.close();
    expect(before.filter((k) => !keys.has(k))).toEqual([]);
  });

  it('restore refuses a folder in use, a folder with data (unless --replace), and a damaged backup', async () => {
    const dir = freshDir();
    const storage = inMemoryStorage(dir);
    await storage.migrate('start');
    await storage.projects.createPartner(partner('shop'));
    const to = join(freshDir(), 'backup');
    await backupDataFolder(dir, to, 'test');
    await expect(backupDataFolder(dir, to, 'test')).rejects.toThrow(/is not empty: back up to a new folder/);
    await storage.close();
    // Kassa running on the folder (another process's lock): refused.
    writeFileSync(join(dir, 'kassa.lock'), String(process.ppid));
    expect(() => restoreDataFolder(to, dir, { kassaVersion: buildInfo().version })).toThrow(/is in use by process/);
    rmSync(join(dir, 'kassa.lock'));
    expect(() => restoreDataFolder(to, dir, { kassaVersion: buildInfo().version })).toThrow(/holds data \(\d+ journal files\): restore into an empty folder, or give --replace/);
    const { movedTo } = restoreDataFolder(to, dir, { kassaVersion: buildInfo().version, replace: true });
    // Aside inside the folder (where Kassa's user may write, on the same disk), which a start does not read.
    expect(movedTo?.startsWith(`${dir}/replaced-`)).toBe(true);
    expect(readdirSync(movedTo as string).length).toBeGreaterThan(0);
    const back = inMemoryStorage(dir);
    expect(await back.projects.findPartner('shop')).toBeDefined();
    await back.close();
    // A backup and a folder that overlap are refused, both ways.
    await expect(backupDataFolder(dir, join(dir, 'inside'), 'test')).rejects.toThrow(/is inside the data folder/);
    expect(() => restoreDataFolder(to, to, { kassaVersion: buildInfo().version })).toThrow(/overlap/);
    const segment = readdirSync(to).find((f) => f.startsWith('journal-')) as string;
    appendFileSync(join(to, segment), '["partners","x",null]\n');
    expect(() => restoreDataFolder(to, freshDir(), { kassaVersion: buildInfo().version })).toThrow(/is not as backed up \(its SHA-256 differs\): the backup is damaged/);
  });
});
