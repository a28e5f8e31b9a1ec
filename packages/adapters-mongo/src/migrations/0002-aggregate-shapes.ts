import type { Db } from 'mongodb';
import { STORED_SHAPES, type StorageMigration } from '@kassa-payments/operations';
import { storage } from '../mongo-errors.js';

/** The collections of aggregate documents (aggregate-collection.ts). */
export const AGGREGATE_COLLECTIONS = ['contracts', 'invoices', 'subscriptions', 'test_clocks', 'webhook_deliveries', 'webhook_endpoints'] as const;

const unstamped = { shape: { $exists: false } };

/**
 * Schema 2: every aggregate document names its shape (`shape: 1`), as every save now writes it. A
 * document that names none is shape 1 (0.1.0 writes none), and stays so: a 0.1.0 process still
 * running beside this release writes such documents after this migration ran, and a later migration
 * of a shape selects `shape` missing or below its version, never `shape` alone. One `updateMany` per
 * collection, on documents without the field: run again after a kill, it goes on where it stopped.
 */
export const aggregateShapes: StorageMigration<Db> = {
  name: '0002-aggregate-shapes',
  description: `aggregate documents name their shape (shape: ${STORED_SHAPES.aggregateDocument})`,
  async plan(db) {
    const counts: Record<string, number> = {};
    for (const c of AGGREGATE_COLLECTIONS) counts[c] = await storage(() => db.collection(c).countDocuments(unstamped));
    return counts;
  },
  async up(db) {
    const counts: Record<string, number> = {};
    for (const c of AGGREGATE_COLLECTIONS) counts[c] = (await storage(() => db.collection(c).updateMany(unstamped, { $set: { shape: STORED_SHAPES.aggregateDocument } }))).modifiedCount;
    return counts;
  },
};
