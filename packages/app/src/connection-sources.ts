import { addressGroup } from '@kassa-payments/merchant-dashboard';

/**
 * The source a connection from `remoteAddress` counts against: the sign-in throttle's address group
 * (IPv4, also when a dual-stack listener sees it as `::ffff:a.b.c.d`; IPv6 by its /64, since a single
 * host is routinely given a whole /64). `undefined` (a socket already gone) counts as the source ''.
 */
export const sourceOf = (remoteAddress: string | undefined): string => (remoteAddress === undefined ? '' : addressGroup(remoteAddress));

/** One source's open connections. */
export interface Source<C> {
  readonly key: string;
  /** Every open connection of the source, oldest first. */
  readonly open: ReadonlySet<C>;
  /** Those with no request running, longest idle first. */
  readonly idle: ReadonlySet<C>;
}

interface MutableSource<C> extends Source<C> {
  readonly open: Set<C>;
  readonly idle: Set<C>;
}

/**
 * Open connections grouped by source, where the source holding the most is found in O(1) however
 * many sources there are: each source sits in the bucket of its count, and the highest non-empty
 * bucket is tracked (a count moves by one at a time, so that pointer does too). A source holding
 * no connection is forgotten.
 */
export class ConnectionsBySource<C> {
  private readonly sources = new Map<string, MutableSource<C>>();
  /** byCount[n]: the sources holding n connections, in the order they reached n. */
  private readonly byCount: Set<MutableSource<C>>[] = [];
  private most = 0;

  get(key: string): Source<C> | undefined {
    return this.sources.get(key);
  }

  /** How many connections `key` holds. */
  countOf(key: string): number {
    return this.sources.get(key)?.open.size ?? 0;
  }

  /** The source holding the most connections; among equals, the first to reach that count. */
  heaviest(): Source<C> | undefined {
    for (const source of this.byCount[this.most] ?? []) return source;
    return undefined;
  }

  /** Counts a new connection, idle, against `key`. */
  add(key: string, connection: C): Source<C> {
    let source = this.sources.get(key);
    if (source) this.byCount[source.open.size]?.delete(source);
    else {
      source = { key, open: new Set(), idle: new Set() };
      this.sources.set(key, source);
    }
    source.open.add(connection);
    source.idle.add(connection);
    const count = source.open.size;
    let bucket = this.byCount[count];
    if (!bucket) {
      bucket = new Set();
      this.byCount[count] = bucket;
    }
    bucket.add(source);
    if (count > this.most) this.most = count;
    return source;
  }

  /** Forgets a closed connection (again: no effect). */
  remove(source: Source<C>, connection: C): void {
    const own = this.sources.get(source.key);
    if (!own?.open.has(connection)) return;
    this.byCount[own.open.size]?.delete(own);
    own.open.delete(connection);
    own.idle.delete(connection);
    const count = own.open.size;
    if (count === 0) this.sources.delete(own.key);
    else this.byCount[count]?.add(own);
    // Only the bucket the source left can have emptied, and the source now sits one below it.
    if (this.most > 0 && this.byCount[this.most]?.size === 0) this.most -= 1;
  }

  /** A request began on `connection`: it is no longer idle. */
  markBusy(source: Source<C>, connection: C): void {
    this.sources.get(source.key)?.idle.delete(connection);
  }

  /** `connection`'s request ended: idle since now, so last in its source's idle order. */
  markIdle(source: Source<C>, connection: C): void {
    const own = this.sources.get(source.key);
    if (own?.open.has(connection)) own.idle.add(connection);
  }
}
