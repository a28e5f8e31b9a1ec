import DataLoader from 'dataloader';
import { MongoBulkWriteError, MongoError, MongoServerError, type AnyBulkWriteOperation, type Collection, type Document } from 'mongodb';
import { isDuplicateKey, storage, StorageUnavailableError } from './mongo-errors.js';

/**
 * Shares round trips between operations asked for at the same moment (DataLoader, its cache off:
 * nothing is remembered, every read is a fresh read): reads by id become one `find({ _id: { $in } })`,
 * insertions one unordered `insertMany`, compare-and-set saves one unordered `bulkWrite`, each
 * operation keeping its own answer. On this machine a socket write costs Node about 100 µs, more than
 * the operation itself: one save alone cost Node 0.132 ms of CPU, fifty in one bulkWrite 0.026 ms
 * each (docs/decisions.md).
 */
const EVERY_TICK = { cache: false, maxBatchSize: 100, batchScheduleFn: (run: () => void) => setImmediate(run) } as const;

/**
 * Each operation's own outcome in a batch that failed in part: its E11000 as the error a single
 * operation would have thrown (code and message only: the driver's copy of the operation holds the
 * document), any other write error as unavailable storage (503, retried), `undefined` where it went
 * through. A batch that failed without per-operation errors (the connection, a write concern) fails
 * whole as unavailable storage, as a single operation would.
 */
function outcomes(e: unknown, count: number): (Error | undefined)[] {
  if (!(e instanceof MongoBulkWriteError)) throw e instanceof MongoError ? new StorageUnavailableError(e) : e;
  const writeErrors = Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors];
  if (e.result?.getWriteConcernError() || writeErrors.length === 0) throw new StorageUnavailableError(e);
  const byIndex = new Map(writeErrors.map((w) => [w.index, w]));
  return Array.from({ length: count }, (_, i) => {
    const failed = byIndex.get(i);
    if (!failed) return undefined;
    const error = new MongoServerError({ message: failed.errmsg ?? 'write error', code: failed.code });
    return isDuplicateKey(error) ? error : new StorageUnavailableError(error);
  });
}

/** Reads by `_id`: the documents asked for in one tick, in one query. */
export function readsById<D extends Document>(collection: Collection<D>, projection: Document): DataLoader<string, D | undefined> {
  return new DataLoader<string, D | undefined>(async (ids) => {
    const docs = await storage(() => collection.find({ _id: { $in: [...ids] } } as never, { projection }).toArray());
    const found = new Map(docs.map((d) => [String(d['_id']), d as unknown as D]));
    return ids.map((id) => found.get(id));
  }, EVERY_TICK);
}

/** Insertions: one unordered insertMany; a refused document answers its own E11000, the rest are in. */
export function insertions<D extends Document>(collection: Collection<D>): DataLoader<D, true> {
  return new DataLoader<D, true>(async (docs) => {
    try {
      await collection.insertMany([...docs] as never[], { ordered: false });
      return docs.map(() => true as const);
    } catch (e) {
      return outcomes(e, docs.length).map((failed) => failed ?? (true as const));
    }
  }, EVERY_TICK);
}

/**
 * Compare-and-set saves: each an `updateOne` filtered by the version it replaces, with `upsert`, so
 * that a save whose version is no longer there fails on its own with a duplicate `_id` (E11000)
 * instead of matching nothing unnoticed among the others (a bulk result counts matches only in
 * total). The update sets every field of the document, so where the document is gone altogether
 * (only the retention removes any: finished deliveries) the save writes it back whole. Answers true
 * (saved) or false (conflict) per save.
 */
export function compareAndSets(collection: Collection<Document>): DataLoader<{ filter: Document; update: Document }, boolean> {
  return new DataLoader<{ filter: Document; update: Document }, boolean>(async (saves) => {
    const operations: AnyBulkWriteOperation[] = saves.map(({ filter, update }) => ({ updateOne: { filter, update, upsert: true } }));
    try {
      await collection.bulkWrite(operations, { ordered: false });
      return saves.map(() => true);
    } catch (e) {
      return outcomes(e, saves.length).map((failed) => (failed === undefined ? true : isDuplicateKey(failed) ? false : failed));
    }
  }, EVERY_TICK);
}
