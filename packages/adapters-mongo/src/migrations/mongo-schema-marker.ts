import type { Db } from 'mongodb';
import { type MarkerStore, type SchemaMarker, UNMARKED } from '@kassa-payments/operations';
import { isDuplicateKey, storage } from '../mongo-errors.js';

/** The collection of what Kassa records about the database itself: its storage schema (`_id: 'storage'`) and the migration lease. */
export const META_COLLECTION = 'kassa_meta';

type MetaDocument = (SchemaMarker & { _id: 'storage' }) | { _id: 'migration-lease'; owner: string; until: Date };

/** The storage schema of a database, in `kassa_meta` (none: written by 0.1.0, or new). */
export function mongoMarkerStore(db: Db, now: () => number = Date.now): MarkerStore {
  const meta = db.collection<MetaDocument>(META_COLLECTION);
  const STORAGE = { _id: 'storage' as const };
  const LEASE = { _id: 'migration-lease' as const };
  /** The record, created as 0.1.0's (schema 1) if there is none, but for `fields`, which the update that follows sets. */
  const recorded = (fields: readonly string[]) =>
    storage(() => meta.updateOne(STORAGE, { $setOnInsert: Object.fromEntries(Object.entries(UNMARKED).filter(([k]) => !fields.includes(k))) }, { upsert: true }));
  return {
    where: `MongoDB database ${db.databaseName}`,
    async read() {
      const doc = await storage(() => meta.findOne(STORAGE));
      if (!doc) return undefined;
      const { _id, ...marker } = doc as SchemaMarker & { _id: string };
      return marker;
    },
    async addMigration(name) {
      await recorded(['migrations']);
      await storage(() => meta.updateOne(STORAGE, { $addToSet: { migrations: name } }));
    },
    async raiseReadableFrom(readableFrom) {
      await recorded([]);
      await storage(() => meta.updateOne(STORAGE, { $max: { readableFrom } }));
    },
    async raiseSchema(schema, writtenBy) {
      await recorded([]);
      // Only upwards: a process of the previous release starting beside this one leaves this one's.
      await storage(() => meta.updateOne({ ...STORAGE, schema: { $lt: schema } }, { $set: { schema, writtenBy } }));
    },
    async acquire(owner, ms) {
      const until = new Date(now() + ms);
      try {
        // Free, run out, or this owner's (a renewal): the filter matches; held by another: the upsert collides on _id.
        await storage(() => meta.updateOne({ ...LEASE, $or: [{ until: { $lt: new Date(now()) } }, { owner }] }, { $set: { owner, until } }, { upsert: true }));
        return true;
      } catch (e) {
        if (isDuplicateKey(e)) return false;
        throw e;
      }
    },
    async release(owner) {
      await storage(() => meta.deleteOne({ ...LEASE, owner }));
    },
  };
}
