import type { Collection } from 'mongodb';
import { isDuplicateKey, storage } from './mongo-errors.js';

/**
 * Lock documents: `<key>#<generation>` names the holder of that generation (inserted, never
 * changed); `<key>` caches the latest generation known, so readers start near the end.
 */
export type LockDocument = { _id: string; holderId: string } | { _id: string; generation: number };

/**
 * Uniqueness among live records without partial indexes, transactions or atomic conditional
 * updates: the holder of a key is the holder of its newest generation. Claiming inserts the next
 * generation, which exactly one claimer can do; it may, only when the current holder is no longer
 * live (paid, cancelled, expired, or a lock left behind by a crash). Nothing is ever deleted, so no
 * release can race a takeover.
 */
export class KeyLocks {
  constructor(private readonly locks: Collection<LockDocument>) {}

  /** Claims `key` for `holderId`: undefined when it now holds it, else the id of the live holder. */
  async claim(key: string, holderId: string, isLive: (id: string) => Promise<boolean>): Promise<string | undefined> {
    // A key nobody ever held is the common case: one insert, no reads.
    if (await this.insertGeneration(key, 0, holderId)) return undefined;
    for (;;) {
      const current = await this.current(key);
      if (current?.holderId === holderId) return undefined;
      if (current && (await isLive(current.holderId))) return current.holderId;
      const generation = current ? current.generation + 1 : 0;
      if (await this.insertGeneration(key, generation, holderId)) {
        // Generation 0 needs no cache: readers start there anyway.
        if (generation > 0) await this.remember(key, generation);
        return undefined;
      }
      // Another claimer took this generation: look again.
    }
  }

  /** Inserts the claim of one generation: false when someone else holds that generation. */
  private async insertGeneration(key: string, generation: number, holderId: string): Promise<boolean> {
    try {
      await storage(() => this.locks.insertOne({ _id: `${key}#${generation}`, holderId }));
      return true;
    } catch (e) {
      if (isDuplicateKey(e)) return false;
      throw e;
    }
  }

  /** The id of whoever holds the newest generation of `key`, live or not. */
  async holderOf(key: string): Promise<string | undefined> {
    return (await this.current(key))?.holderId;
  }

  private async current(key: string): Promise<{ generation: number; holderId: string } | undefined> {
    const head = await storage(() => this.locks.findOne({ _id: key }));
    let generation = head && 'generation' in head ? head.generation : 0;
    let holder: string | undefined;
    for (;;) {
      const claim = await storage(() => this.locks.findOne({ _id: `${key}#${generation}` }));
      if (!claim || !('holderId' in claim)) break;
      holder = claim.holderId;
      generation += 1;
    }
    if (holder === undefined) return undefined;
    generation -= 1;
    const cached = head && 'generation' in head ? head.generation : 0;
    if (cached !== generation) await this.remember(key, generation);
    return { generation, holderId: holder };
  }

  /** Caches the newest generation; a stale cache only makes readers walk a little further. */
  private async remember(key: string, generation: number): Promise<void> {
    try {
      await storage(() => this.locks.replaceOne({ _id: key }, { generation }, { upsert: true }));
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
    }
  }
}
