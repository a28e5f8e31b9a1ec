const IPV4_MAPPED = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

/**
 * The source a connection from `remoteAddress` counts against: an IPv4 address (also when a
 * dual-stack listener sees it as `::ffff:a.b.c.d`), or an IPv6 address's /64 written `a:b:c:d::/64`.
 * A single host is routinely given a whole /64, so counting its addresses one by one would let it
 * pose as billions of sources. `undefined` (a socket already gone) counts as the source ''.
 */
export function sourceOf(remoteAddress: string | undefined): string {
  if (remoteAddress === undefined || !remoteAddress.includes(':')) return remoteAddress ?? '';
  const mapped = IPV4_MAPPED.exec(remoteAddress);
  if (mapped) return mapped[1] as string;
  // Expand a '::' to its zero groups (an embedded IPv4 address counts as two); drop a zone (%eth0).
  const [head = '', tail] = (remoteAddress.split('%')[0] as string).split('::');
  const first = head === '' ? [] : head.split(':');
  let groups = first;
  if (tail !== undefined) {
    const last = tail === '' ? [] : tail.split(':');
    const width = last.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
    groups = [...first, ...Array<string>(Math.max(0, 8 - first.length - width)).fill('0'), ...last];
  }
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

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
