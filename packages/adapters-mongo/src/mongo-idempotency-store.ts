import type { Collection } from 'mongodb';
import type { IdempotencyKeyRef, IdempotencyScope } from '@kassa-payments/domain';
import type { ClaimTimes, IdempotencyClaim, IdempotencyStore, StoredAnswer } from '@kassa-payments/operations';
import { isDuplicateKey, storage } from './mongo-errors.js';

export interface IdempotencyDocument {
  _id: string;
  projectId: number;
  fingerprint: string;
  owner: string;
  leaseUntil: string;
  expiresAt: string;
  answer?: StoredAnswer;
}

const idOf = (scope: IdempotencyScope, key: string) => `${scope.projectId}\n${scope.partner}\n${key}`;

/**
 * Idempotency keys, one document each (`_id` = project, partner and key): a claim is an insert, so of
 * racing requests on any number of processes exactly one inserts; a stale record (expired, or a lease
 * run out without an answer) is taken over by a compare-and-set on the values read. The owner's
 * writes name the owner: a request that lost its key writes nothing.
 */
export class MongoIdempotencyStore implements IdempotencyStore {
  constructor(private readonly keys: Collection<IdempotencyDocument>) {}

  async claim(scope: IdempotencyScope, key: string, fingerprint: string, owner: string, times: ClaimTimes): Promise<IdempotencyClaim> {
    const _id = idOf(scope, key);
    const fresh = { projectId: scope.projectId, fingerprint, owner, leaseUntil: times.leaseUntil, expiresAt: times.expiresAt };
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
      const taken = await storage(() => this.keys.replaceOne({ _id, owner: current.owner, leaseUntil: current.leaseUntil, expiresAt: current.expiresAt }, fresh));
      if (taken.matchedCount === 1) return { kind: 'claimed' };
    }
    // Three rounds of racing takers: say it is in use (a retry settles it), never a mismatch it is not.
    const current = await storage(() => this.keys.findOne({ _id }));
    return { kind: 'taken', record: { fingerprint: current?.fingerprint ?? fingerprint, ...(current?.answer ? { answer: current.answer } : {}) } };
  }

  async complete(scope: IdempotencyScope, key: string, owner: string, answer: StoredAnswer): Promise<void> {
    await storage(() => this.keys.updateOne({ _id: idOf(scope, key), owner }, { $set: { answer } }));
  }

  async release(scope: IdempotencyScope, key: string, owner: string): Promise<void> {
    await storage(() => this.keys.deleteOne({ _id: idOf(scope, key), owner, answer: { $exists: false } }));
  }

  async renew(scope: IdempotencyScope, key: string, owner: string, leaseUntil: string): Promise<void> {
    await storage(() => this.keys.updateOne({ _id: idOf(scope, key), owner, answer: { $exists: false } }, { $set: { leaseUntil } }));
  }

  async eraseProject(projectId: number, keep?: IdempotencyKeyRef): Promise<number> {
    const filter = keep ? { projectId, _id: { $ne: idOf(keep.scope, keep.key) } } : { projectId };
    return (await storage(() => this.keys.deleteMany(filter))).deletedCount;
  }

  /** Removes the keys that expired before `before`: the retention sweep. */
  async purgeExpired(before: string): Promise<number> {
    return (await storage(() => this.keys.deleteMany({ expiresAt: { $lte: before } }))).deletedCount;
  }
}
