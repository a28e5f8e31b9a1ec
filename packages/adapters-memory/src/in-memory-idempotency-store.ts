import type { IdempotencyKeyRef, IdempotencyScope } from '@kassa-payments/domain';
import type { ClaimTimes, IdempotencyClaim, IdempotencyStore, StoredAnswer } from '@kassa-payments/operations';
import { JournaledMap, type Journal } from './journal.js';
import { integer, isObject, optional, shape, text } from './restored-checks.js';

interface Held {
  readonly projectId: number;
  readonly fingerprint: string;
  readonly owner: string;
  leaseUntil: string;
  readonly expiresAt: string;
  answer?: StoredAnswer;
}

const heldCheck = shape({
  projectId: integer,
  fingerprint: text,
  owner: text,
  leaseUntil: text,
  expiresAt: text,
  answer: optional((a) => isObject(a) && integer(a['status']) && text(a['body'])),
});

const idOf = (scope: IdempotencyScope, key: string) => `${scope.projectId}\n${scope.partner}\n${key}`;

/** Idempotency keys in this process: a claim is synchronous, so racing requests cannot both win. */
export class InMemoryIdempotencyStore implements IdempotencyStore {
  private readonly held: JournaledMap<string, Held>;

  /** With a `journal`, the keys and their answers survive a restart. */
  constructor(journal?: Journal) {
    this.held = new JournaledMap(journal, 'idempotency-keys', heldCheck);
  }

  async claim(scope: IdempotencyScope, key: string, fingerprint: string, owner: string, times: ClaimTimes): Promise<IdempotencyClaim> {
    const id = idOf(scope, key);
    const current = this.held.get(id);
    const stale = current !== undefined && (current.expiresAt <= times.now || (current.answer === undefined && current.leaseUntil <= times.now));
    if (current && !stale) return { kind: 'taken', record: { fingerprint: current.fingerprint, ...(current.answer ? { answer: current.answer } : {}) } };
    this.held.set(id, { projectId: scope.projectId, fingerprint, owner, leaseUntil: times.leaseUntil, expiresAt: times.expiresAt });
    return { kind: 'claimed' };
  }

  async complete(scope: IdempotencyScope, key: string, owner: string, answer: StoredAnswer): Promise<void> {
    this.change(scope, key, owner, (held) => {
      held.answer = { ...answer };
    });
  }

  async release(scope: IdempotencyScope, key: string, owner: string): Promise<void> {
    const id = idOf(scope, key);
    const held = this.held.get(id);
    if (held?.owner === owner && held.answer === undefined) this.held.delete(id);
  }

  async renew(scope: IdempotencyScope, key: string, owner: string, leaseUntil: string): Promise<void> {
    this.change(scope, key, owner, (held) => {
      held.leaseUntil = leaseUntil;
    });
  }

  async eraseProject(projectId: number, keep?: IdempotencyKeyRef): Promise<number> {
    const kept = keep && idOf(keep.scope, keep.key);
    let n = 0;
    for (const [id, held] of this.held) if (held.projectId === projectId && id !== kept && this.held.delete(id)) n += 1;
    return n;
  }

  /** Removes what expired before `before` (the retention). */
  evictExpired(before: string): number {
    let n = 0;
    for (const [id, held] of this.held) if (held.expiresAt <= before && this.held.delete(id)) n += 1;
    return n;
  }

  private change(scope: IdempotencyScope, key: string, owner: string, change: (held: Held) => void): void {
    const id = idOf(scope, key);
    const held = this.held.get(id);
    if (held?.owner !== owner) return;
    change(held);
    this.held.touch(id);
  }
}
