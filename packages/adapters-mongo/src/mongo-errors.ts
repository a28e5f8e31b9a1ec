import { MongoError, MongoServerError } from 'mongodb';

/** E11000: a unique index (or `_id`) refused the write. */
export const isDuplicateKey = (e: unknown): boolean => e instanceof MongoServerError && e.code === 11000;

/**
 * Storage could not be reached or did not answer: the transports answer 503 SERVICE_UNAVAILABLE
 * and the client retries. The driver reconnects by itself when the server is back.
 */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
  constructor(cause: unknown) {
    super(`storage unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

/** Runs one storage call; driver errors other than expected duplicates become StorageUnavailableError. */
export async function storage<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (isDuplicateKey(e) || !(e instanceof MongoError)) throw e;
    throw new StorageUnavailableError(e);
  }
}
