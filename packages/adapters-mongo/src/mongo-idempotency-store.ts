import type { Collection } from 'mongodb';
import type { IdempotencyClaim, IdempotencyStore, StoredAnswer } from '@kassa/domain';
import { isDuplicateKey, storage } from './mongo-errors.js';

export interface IdempotencyDocument {
  _id: string;
  fingerprint: string;
  leaseUntil: string;
  expiresAt: string;
  answer?: StoredAnswer;
}

/**
 * Idempotency keys, one document each (`_id` = scope and key): a claim is an insert, so of racing
 * requests on any number of processes exactly one inserts; a stale record (expired, or a lease run
 * out without an answer) is taken over by a compare-and-set on the values read.
 */
export class MongoIdempotencyStore implements IdempotencyStore {
  constructor(private readonly keys: Collection<IdempotencyDocument>) {}

  async claim(scope: string, key: string, fingerprint: string, times: { readonly now: string; readonly leaseUntil: string; readonly expiresAt: string }): Promise<IdempotencyClaim> {
    const _id = `${scope}\n${key}`;
    const fresh = { fingerprint, leaseUntil: times.leaseUntil, expiresAt: times.expiresAt };
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await storage(() => this.keys.insertOne({ _id, ...fresh }));
        return { kind: 'claimed' };
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
      }
      const current = await storage(() => this.keys.findOne({ _id }));
      if (!current) continue;
      const stale = current.expiresAt <= times.now || (current.answer === undefined && current.leaseUntil <= times.now);
      if (!stale) return { kind: 'taken', record: { fingerprint: current.fingerprint, ...(current.answer ? { answer: current.answer } : {}) } };
      // Taken over only as it was read: of two takers one matches.
      const taken = await storage(() => this.keys.replaceOne({ _id, leaseUntil: current.leaseUntil, expiresAt: current.expiresAt }, fresh));
      if (taken.matchedCount === 1) return { kind: 'claimed' };
    }
    const current = await storage(() => this.keys.findOne({ _id }));
    return { kind: 'taken', record: { fingerprint: current?.fingerprint ?? '', ...(current?.answer ? { answer: current.answer } : {}) } };
  }

  async complete(scope: string, key: string, answer: StoredAnswer): Promise<void> {
    await storage(() => this.keys.updateOne({ _id: `${scope}\n${key}` }, { $set: { answer } }));
  }

  async release(scope: string, key: string): Promise<void> {
    await storage(() => this.keys.deleteOne({ _id: `${scope}\n${key}`, answer: { $exists: false } }));
  }

  /** Removes the keys that expired before `before`: the retention sweep. */
  async purgeExpired(before: string): Promise<number> {
    return (await storage(() => this.keys.deleteMany({ expiresAt: { $lte: before } }))).deletedCount;
  }
}
