import type { IdempotencyClaim, IdempotencyStore, StoredAnswer } from '@kassa/domain';
import { JournaledMap, type Journal } from './journal.js';

interface Held {
  readonly fingerprint: string;
  readonly leaseUntil: string;
  readonly expiresAt: string;
  answer?: StoredAnswer;
}

/** Idempotency keys in this process: a claim is synchronous, so racing requests cannot both win. */
export class InMemoryIdempotencyStore implements IdempotencyStore {
  private readonly held: JournaledMap<string, Held>;

  /** With a `journal`, the keys and their answers survive a restart. */
  constructor(journal?: Journal) {
    this.held = new JournaledMap(journal, 'idempotency-keys');
  }

  async claim(scope: string, key: string, fingerprint: string, times: { readonly now: string; readonly leaseUntil: string; readonly expiresAt: string }): Promise<IdempotencyClaim> {
    const id = `${scope}\n${key}`;
    const current = this.held.get(id);
    const stale = current !== undefined && (current.expiresAt <= times.now || (current.answer === undefined && current.leaseUntil <= times.now));
    if (current && !stale) return { kind: 'taken', record: { fingerprint: current.fingerprint, ...(current.answer ? { answer: current.answer } : {}) } };
    this.held.set(id, { fingerprint, leaseUntil: times.leaseUntil, expiresAt: times.expiresAt });
    return { kind: 'claimed' };
  }

  async complete(scope: string, key: string, answer: StoredAnswer): Promise<void> {
    const id = `${scope}\n${key}`;
    const held = this.held.get(id);
    if (held) {
      held.answer = { ...answer };
      this.held.touch(id);
    }
  }

  async release(scope: string, key: string): Promise<void> {
    const id = `${scope}\n${key}`;
    if (this.held.get(id)?.answer === undefined) this.held.delete(id);
  }

  /** Removes what expired before `before` (the retention). */
  evictExpired(before: string): number {
    let n = 0;
    for (const [id, held] of this.held) if (held.expiresAt <= before && this.held.delete(id)) n += 1;
    return n;
  }
}
