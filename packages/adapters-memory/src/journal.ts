import type { RestoredCheck } from './restored-checks.js';

/**
 * Where the in-memory stores write every change, so that an embedded Kassa finds its data again
 * after a restart (the app's file journal, KASSA_DATA_DIR). A change is the whole new value of one
 * entry of one collection, or `undefined` for its removal; `restored` gives a collection's entries as
 * the last start found them, and refuses (throws, naming where the entry was read) one that `check`
 * says the store cannot read.
 */
export interface Journal {
  write(collection: string, key: string, value: unknown): void;
  restored(collection: string, check: RestoredCheck): Iterable<[string, unknown]>;
  /** Tells the journal which maps hold a collection's current state (for its compaction). */
  register(collection: string, entries: () => Iterable<[string, unknown]>): void;
}

/**
 * A Map whose every change is written to `journal` (when there is one), and which starts with what the
 * journal restored (each value as `check` wants it). Values are what JSON holds: the journal keeps them as JSON.
 */
export class JournaledMap<K extends string | number, V> extends Map<K, V> {
  private readonly journal: Journal | undefined;
  private readonly collection: string;

  constructor(journal: Journal | undefined, collection: string, check: RestoredCheck, keyOf: (text: string) => K = (text) => text as K) {
    super();
    this.journal = journal;
    this.collection = collection;
    if (!journal) return;
    for (const [key, value] of journal.restored(collection, check)) super.set(keyOf(key), value as V);
    journal.register(collection, () => [...super.entries()].map(([k, v]): [string, unknown] => [String(k), v]));
  }

  override set(key: K, value: V): this {
    super.set(key, value);
    // `journal` is unset while Map's own constructor runs: nothing is written then.
    this.journal?.write(this.collection, String(key), value);
    return this;
  }

  override delete(key: K): boolean {
    const had = super.delete(key);
    if (had) this.journal?.write(this.collection, String(key), undefined);
    return had;
  }

  /** Writes an entry changed in place again. */
  touch(key: K): void {
    const value = super.get(key);
    if (value !== undefined) this.journal?.write(this.collection, String(key), value);
  }
}
