import { describe, expect, it } from 'vitest';
import { type MarkerStore, type SchemaMarker, STORAGE_SCHEMA, type StorageMigration, StorageSchemaError, UNMARKED } from '@kassa-payments/operations';
import { MigrationBusyError, migrateStorage } from '../src/storage-schema/migrate-storage.js';

/** A marker kept in memory, as MongoDB's and the data folder's keep theirs. */
function memoryStore(initial?: SchemaMarker): MarkerStore & { marker: SchemaMarker | undefined; lease: string | undefined } {
  const store = {
    marker: initial,
    where: 'the test store',
    read: async () => store.marker,
    lease: undefined as string | undefined,
    addMigration: async (name: string) => {
      const m = store.marker ?? UNMARKED;
      store.marker = { ...m, migrations: m.migrations.includes(name) ? m.migrations : [...m.migrations, name] };
    },
    raiseReadableFrom: async (readableFrom: number) => {
      const m = store.marker ?? UNMARKED;
      store.marker = { ...m, readableFrom: Math.max(m.readableFrom, readableFrom) };
    },
    raiseSchema: async (schema: number, writtenBy: string) => {
      const m = store.marker ?? UNMARKED;
      if (m.schema < schema) store.marker = { ...m, schema, writtenBy };
    },
    acquire: async (owner: string) => {
      if (store.lease !== undefined && store.lease !== owner) return false;
      store.lease = owner;
      return true;
    },
    release: async (owner: string) => {
      if (store.lease === owner) store.lease = undefined;
    },
  };
  return store;
}

/** Documents, and a migration that stamps them one by one (failing once after `failAfter` of them, as a kill would). */
function stampingMigration(name: string, docs: { stamped?: boolean }[], options: { failAfter?: number; long?: boolean } = {}): StorageMigration<object> & { runs: number } {
  let failAfter = options.failAfter;
  const m = {
    name,
    description: `stamp (${name})`,
    ...(options.long ? { long: true } : {}),
    runs: 0,
    plan: async () => ({ documents: docs.filter((d) => !d.stamped).length }),
    up: async () => {
      m.runs += 1;
      let n = 0;
      for (const d of docs.filter((x) => !x.stamped)) {
        if (failAfter !== undefined && n === failAfter) {
          failAfter = undefined;
          throw new Error('killed mid-way');
        }
        d.stamped = true;
        n += 1;
      }
      return { documents: n };
    },
  };
  return m;
}

const docs = (n: number) => Array.from({ length: n }, () => ({}) as { stamped?: boolean });

describe('migrateStorage', () => {
  it('runs the pending migrations in name order, records each and the schema, and logs what each changed', async () => {
    const store = memoryStore();
    const order: string[] = [];
    const a = stampingMigration('0002-a', docs(3));
    const b = stampingMigration('0003-b', docs(2));
    const logged: unknown[] = [];
    const reports = await migrateStorage({
      store,
      migrations: [b, a].map((m) => ({
        ...m,
        up: async (c: object) => {
          order.push(m.name);
          return m.up(c);
        },
      })),
      context: {},
      kassaVersion: '0.2.0',
      mode: 'start',
      logger: { info: (fields) => logged.push(fields), warn: (fields) => logged.push(fields) },
    });
    expect(order).toEqual(['0002-a', '0003-b']);
    expect(reports.map((r) => [r.name, r.outcome, r.counts])).toEqual([
      ['0002-a', 'done', { documents: 3 }],
      ['0003-b', 'done', { documents: 2 }],
    ]);
    expect(logged).toEqual([expect.objectContaining({ migration: '0002-a', counts: { documents: 3 } }), expect.objectContaining({ migration: '0003-b', counts: { documents: 2 } })]);
    expect(store.marker).toEqual({ schema: STORAGE_SCHEMA, readableFrom: 1, writtenBy: '0.2.0', migrations: ['0002-a', '0003-b'] });
  });

  it('is idempotent: a second run changes nothing, and takes no lease to find that out', async () => {
    const store = memoryStore();
    const a = stampingMigration('0002-a', docs(3));
    await migrateStorage({ store, migrations: [a], context: {}, kassaVersion: '0.2.0', mode: 'start' });
    // Another process holds the lease: a storage already at this schema starts without it, and without a word.
    store.lease = 'someone else';
    const logged: string[] = [];
    const again = await migrateStorage({ store, migrations: [a], context: {}, kassaVersion: '0.2.0', mode: 'start', logger: { info: (_f, m) => logged.push(m), warn: (_f, m) => logged.push(m) } });
    expect([again, logged, a.runs]).toEqual([[], [], 1]);
  });

  it('resumes after a crash mid-way: the migration is not recorded, and the next start finishes it', async () => {
    const store = memoryStore();
    const all = docs(5);
    const a = stampingMigration('0002-a', all, { failAfter: 2 });
    await expect(migrateStorage({ store, migrations: [a], context: {}, kassaVersion: '0.2.0', mode: 'start' })).rejects.toThrow(/killed mid-way/);
    expect(all.filter((d) => d.stamped)).toHaveLength(2);
    expect(store.marker?.migrations ?? []).toEqual([]);
    const reports = await migrateStorage({ store, migrations: [a], context: {}, kassaVersion: '0.2.0', mode: 'start' });
    expect(reports.map((r) => r.counts)).toEqual([{ documents: 3 }]);
    expect(all.every((d) => d.stamped)).toBe(true);
    expect(store.marker?.migrations).toEqual(['0002-a']);
  });

  it('one process migrates at a time: a start beside it starts without migrating, `kassa migrate` beside it is refused; each migration runs once', async () => {
    const store = memoryStore();
    const all = docs(3);
    const slow = stampingMigration('0002-a', all);
    const later = stampingMigration('0003-b', docs(1));
    const up = slow.up;
    // 0002-a holds until the test lets it go, once the others have tried.
    let entered: () => void = () => {};
    const inside = new Promise<void>((r) => {
      entered = r;
    });
    let letGo: () => void = () => {};
    const gate = new Promise<void>((r) => {
      letGo = r;
    });
    slow.up = async (c) => {
      entered();
      await gate;
      return up(c);
    };
    const logged: string[] = [];
    const run = (mode: 'start' | 'all') =>
      migrateStorage({ store, migrations: [slow, later], context: {}, kassaVersion: '0.2.0', mode, logger: { info: (_f, message) => logged.push(message), warn: () => {} } });
    const first = run('start');
    // Another start, and an operator's `kassa migrate`, while the first is inside 0002-a.
    await inside;
    expect(await run('start')).toEqual([]);
    await expect(run('all')).rejects.toThrow(MigrationBusyError);
    letGo();
    expect((await first).map((r) => r.name)).toEqual(['0002-a', '0003-b']);
    expect([slow.runs, later.runs]).toEqual([1, 1]);
    expect(store.marker?.migrations).toEqual(['0002-a', '0003-b']);
    expect(store.lease).toBeUndefined();
    expect(logged).toContain('storage migrations left to the process migrating it now');
  });

  it('a dry run says what each pending migration would change, and changes nothing', async () => {
    const store = memoryStore();
    const all = docs(4);
    const reports = await migrateStorage({ store, migrations: [stampingMigration('0002-a', all)], context: {}, kassaVersion: '0.2.0', mode: 'dry-run' });
    expect(reports).toEqual([{ name: '0002-a', description: 'stamp (0002-a)', outcome: 'would', counts: { documents: 4 } }]);
    expect(all.some((d) => d.stamped)).toBe(false);
    expect(store.marker).toBeUndefined();
  });

  it('a start leaves a long migration (and those after it) to `kassa migrate`, and does not raise the schema until it ran', async () => {
    const store = memoryStore();
    const short = stampingMigration('0002-short', docs(1));
    const long = stampingMigration('0003-long', docs(2), { long: true });
    const after = stampingMigration('0004-after', docs(1));
    const warned: unknown[] = [];
    const started = await migrateStorage({
      store,
      migrations: [short, long, after],
      context: {},
      kassaVersion: '0.2.0',
      mode: 'start',
      logger: { info: () => {}, warn: (fields) => warned.push(fields) },
    });
    expect(started.map((r) => [r.name, r.outcome])).toEqual([
      ['0002-short', 'done'],
      ['0003-long', 'deferred'],
      ['0004-after', 'deferred'],
    ]);
    expect(warned).toHaveLength(2);
    // Not at this schema until its migrations are done; no older reader than it reads meanwhile.
    expect([store.marker?.schema, store.marker?.readableFrom]).toEqual([1, 1]);
    const migrated = await migrateStorage({ store, migrations: [short, long, after], context: {}, kassaVersion: '0.2.0', mode: 'all' });
    expect(migrated.map((r) => [r.name, r.outcome])).toEqual([
      ['0003-long', 'done'],
      ['0004-after', 'done'],
    ]);
    expect(store.marker?.schema).toBe(STORAGE_SCHEMA);
  });

  it('refuses data a newer Kassa wrote for newer readers only, naming both versions', async () => {
    const store = memoryStore({ schema: STORAGE_SCHEMA + 2, readableFrom: STORAGE_SCHEMA + 1, writtenBy: '9.1.0', migrations: [] });
    const refused = migrateStorage({ store, migrations: [], context: {}, kassaVersion: '0.2.0', mode: 'start' });
    await expect(refused).rejects.toThrow(StorageSchemaError);
    await expect(refused).rejects.toThrow(
      `the test store holds storage schema ${STORAGE_SCHEMA + 2}, written by Kassa 9.1.0, which Kassa reads from schema ${STORAGE_SCHEMA + 1} on; this is Kassa 0.2.0 (storage schema ${STORAGE_SCHEMA})`,
    );
  });

  it("runs beside a newer Kassa whose data it still reads, and leaves that Kassa's schema as it is (never lowers it)", async () => {
    const newer = { schema: STORAGE_SCHEMA + 1, readableFrom: STORAGE_SCHEMA, writtenBy: '0.3.0', migrations: [] };
    const store = memoryStore(newer);
    await migrateStorage({ store, migrations: [], context: {}, kassaVersion: '0.2.0', mode: 'start' });
    expect(store.marker).toEqual(newer);
  });
});
