import { BSON, type Collection, type Document, type Filter } from 'mongodb';
import { storage } from './mongo-errors.js';

/**
 * The BSON bytes of the documents matching `filter`, read one at a time (the test clocks' retention
 * by size; a clock's records are bounded, TEST_CLOCK_LIMITS). No `$bsonSize`: the MongoDB stand-in
 * of the tests does not know it, and this is an hourly sweep's read, not a request's.
 */
export async function storedBytes<T extends Document>(collection: Collection<T>, filter: Filter<T>): Promise<number> {
  return storage(async () => {
    let bytes = 0;
    for await (const doc of collection.find(filter)) bytes += BSON.calculateObjectSize(doc);
    return bytes;
  });
}
