import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { connectMongoStorage, type MongoStorage } from './mongo-storage.js';

const opened: MongoStorage[] = [];

/** A fresh database on the test server, its indexes created; closed by `closeAll`. */
export async function freshMongoStorage(): Promise<MongoStorage> {
  const storage = await connectMongoStorage({ url: inject('mongoUrl'), database: `kassa_test_${randomUUID().slice(0, 8)}` });
  opened.push(storage);
  return storage;
}

export async function closeAll(): Promise<void> {
  for (const s of opened.splice(0)) {
    await s.db.dropDatabase().catch(() => undefined);
    await s.close();
  }
}
