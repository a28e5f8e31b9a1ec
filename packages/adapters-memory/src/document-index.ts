/** What the index reads of a stored document. */
export interface Indexed {
  readonly dueMs: number | null;
  readonly outbox: readonly unknown[];
  readonly clockId?: string | null;
}

const add = <K>(sets: Map<K, Set<string>>, key: K, id: string) => {
  const set = sets.get(key);
  if (set) set.add(id);
  else sets.set(key, new Set([id]));
};
const drop = <K>(sets: Map<K, Set<string>>, key: K, id: string) => {
  const set = sets.get(key);
  if (set?.delete(id) && set.size === 0) sets.delete(key);
};

/**
 * Which documents of a collection have work due, hold unrelayed events, or live on a test clock,
 * kept beside the documents so that the sweep, the relay and an advance read only those: a scan of
 * every document at every moment of an advance made one advance quadratic in the store's size.
 */
export class DocumentIndex {
  /** Ids of the documents whose work is due some time, by their test clock (null: real time). */
  private readonly due = new Map<string | null, Set<string>>();
  /** Ids of the documents on each test clock. */
  private readonly clocks = new Map<string, Set<string>>();
  /** Ids of the documents whose outbox holds events. */
  private readonly outboxes = new Set<string>();

  add(id: string, doc: Indexed): void {
    const clockId = doc.clockId ?? null;
    if (doc.dueMs !== null) add(this.due, clockId, id);
    if (clockId !== null) add(this.clocks, clockId, id);
    if (doc.outbox.length > 0) this.outboxes.add(id);
  }

  remove(id: string, doc: Indexed): void {
    const clockId = doc.clockId ?? null;
    drop(this.due, clockId, id);
    if (clockId !== null) drop(this.clocks, clockId, id);
    this.outboxes.delete(id);
  }

  /** The documents with work due some time, of one clock or of real time. */
  dueOn(clockId: string | null): ReadonlySet<string> {
    return this.due.get(clockId) ?? new Set();
  }

  /** The documents on a test clock. */
  onClock(clockId: string): ReadonlySet<string> {
    return this.clocks.get(clockId) ?? new Set();
  }

  /** The documents holding events for the relay. */
  withEvents(): ReadonlySet<string> {
    return this.outboxes;
  }
}
