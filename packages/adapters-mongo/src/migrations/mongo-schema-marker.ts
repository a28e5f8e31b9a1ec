import type { Db } from 'mongodb';
import type { MarkerStore, SchemaMarker } from '@kassa-payments/operations';
import { storage } from '../mongo-errors.js';

/** The collection of what Kassa records about the database itself: its storage schema (`_id: 'storage'`). */
export const META_COLLECTION = 'kassa_meta';

type MarkerDocument = SchemaMarker & { _id: string };

/** The storage schema of a database, in `kassa_meta` (none: written by 0.1.0, or new). */
export function mongoMarkerStore(db: Db): MarkerStore {
  const meta = db.collection<MarkerDocument>(META_COLLECTION);
  const id = 'storage';
  return {
    where: `MongoDB database ${db.databaseName}`,
    async read() {
      const doc = await storage(() => meta.findOne({ _id: id }));
      if (!doc) return undefined;
      const { _id, ...marker } = doc;
      return marker;
    },
    async addMigration(name) {
      await storage(() => meta.updateOne({ _id: id }, { $addToSet: { migrations: name }, $setOnInsert: { schema: 1, readableFrom: 1, writtenBy: '0.1.0' } }, { upsert: true }));
    },
    async raise(marker) {
      await storage(() => meta.updateOne({ _id: id }, { $setOnInsert: { ...marker, migrations: [] } }, { upsert: true }));
      // Only upwards: a process of the previous release starting beside this one leaves this one's.
      await storage(() => meta.updateOne({ _id: id, schema: { $lt: marker.schema } }, { $set: marker }));
    },
  };
}
