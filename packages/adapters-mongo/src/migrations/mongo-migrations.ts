import type { Db } from 'mongodb';
import { checkReadable, STORAGE_SCHEMA, type StorageMigration } from '@kassa-payments/operations';
import { aggregateShapes } from './0002-aggregate-shapes.js';
import { mongoMarkerStore } from './mongo-schema-marker.js';

/** MongoDB's migrations, in order (schema 1 is what 0.1.0 wrote, and has none); the app runs them (`kassa migrate`, and every start). */
export const MONGO_MIGRATIONS: readonly StorageMigration<Db>[] = [aggregateShapes];

/** Refuses a database whose schema wants a newer Kassa (before anything is written to it, indexes included). */
export async function checkMongoSchema(db: Db, kassaVersion: string): Promise<void> {
  const store = mongoMarkerStore(db);
  checkReadable(store.where, await store.read(), { schema: STORAGE_SCHEMA, version: kassaVersion });
}
