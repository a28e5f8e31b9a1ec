import type { Collection } from 'mongodb';
import { isDuplicateKey, storage } from './mongo-errors.js';

/** A lock document: the record that holds a unique key while it is live. */
export interface LockDocument {
  _id: string;
  holderId: string;
}

/**
 * Uniqueness among live records without partial indexes or transactions: a lock document per key,
 * naming its holder. Claiming inserts it; a duplicate means someone holds it, and if that holder is
 * no longer live (it was cancelled, paid, or a crash left the lock behind) the lock is taken over
 * with a compare-and-set on the old holder, so two takers cannot both win.
 */
export class KeyLocks {
  constructor(private readonly locks: Collection<LockDocument>) {}

  /**
   * Claims `key` for `holderId`. Returns undefined when claimed, or the id of the live holder.
   * `isLive(id)` says whether a holder still holds its key.
   */
  async claim(key: string, holderId: string, isLive: (id: string) => Promise<boolean>): Promise<string | undefined> {
    for (;;) {
      try {
        await storage(() => this.locks.insertOne({ _id: key, holderId }));
        return undefined;
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
      }
      const current = await storage(() => this.locks.findOne({ _id: key }));
      if (!current) continue; // released meanwhile: try again
      if (current.holderId === holderId) return undefined;
      if (await isLive(current.holderId)) return current.holderId;
      const taken = await storage(() => this.locks.findOneAndUpdate({ _id: key, holderId: current.holderId }, { $set: { holderId } }));
      if (taken) return undefined;
      // Someone else took it over first: look again.
    }
  }

  /** The holder of `key`, if any. */
  async holderOf(key: string): Promise<string | undefined> {
    return (await storage(() => this.locks.findOne({ _id: key })))?.holderId;
  }

  /** Releases `key` if `holderId` still holds it. */
  async release(key: string, holderId: string): Promise<void> {
    await storage(() => this.locks.deleteOne({ _id: key, holderId }));
  }
}
