import DataLoader from 'dataloader';
import { MongoBulkWriteError, MongoServerError, type AnyBulkWriteOperation, type Collection, type Document } from 'mongodb';
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
 * A batch's error, where only some operations failed with their own write error: anything else (a
 * write concern not satisfied, alone or beside write errors; the connection lost) fails the whole
 * batch as unavailable storage, as it would fail a single operation (503, retried).
 */
const perOperation = (e: unknown): MongoBulkWriteError => {
  if (!(e instanceof MongoBulkWriteError)) throw e;
  const writeErrors = Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors];
  if (e.result?.getWriteConcernError() || writeErrors.length === 0) throw new StorageUnavailableError(e);
  return e;
};

/** The E11000 of one operation in a batch, as the error a single operation would have thrown. */
const asServerError = (e: MongoBulkWriteError, index: number): Error | undefined => {
  const failed = (Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors]).find((w) => w.index === index);
  if (!failed) return undefined;
  return new MongoServerError({ ...(failed.err as object), message: failed.errmsg ?? 'write error', code: failed.code });
};

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
      await storage(() => collection.insertMany([...docs] as never[], { ordered: false }));
      return docs.map(() => true as const);
    } catch (e) {
      const failed = perOperation(e);
      return docs.map((_, i) => asServerError(failed, i) ?? (true as const));
    }
  }, EVERY_TICK);
}

/**
 * Compare-and-set saves: each an `updateOne` filtered by the version it replaces, with `upsert`, so
 * that a save whose version is no longer there fails on its own with a duplicate `_id` (E11000)
 * instead of matching nothing unnoticed among the others. The update sets the whole document, so an
 * upsert where the document is gone altogether writes it back whole. Answers true (saved) or false
 * (conflict) per save.
 */
export function compareAndSets(collection: Collection<Document>): DataLoader<{ filter: Document; update: Document }, boolean> {
  return new DataLoader<{ filter: Document; update: Document }, boolean>(async (saves) => {
    const operations: AnyBulkWriteOperation[] = saves.map(({ filter, update }) => ({ updateOne: { filter, update, upsert: true } }));
    try {
      await storage(() => collection.bulkWrite(operations, { ordered: false }));
      return saves.map(() => true);
    } catch (e) {
      const batch = perOperation(e);
      return saves.map((_, i) => {
        const failed = asServerError(batch, i);
        if (!failed) return true;
        return isDuplicateKey(failed) ? false : failed;
      });
    }
  }, EVERY_TICK);
}
