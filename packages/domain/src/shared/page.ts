/** Where a page of a newest-first listing starts: after this record (its creation time and id). */
export interface ListCursor {
  readonly createdAt: string;
  readonly id: string;
}

/**
 * A page of a listing, and where the next one starts; `next` null on the last page. `C`: the place a
 * page starts after (a time and id for the newest-first lists; a key for lists in key order).
 */
export interface Page<T, C = ListCursor> {
  readonly items: readonly T[];
  readonly next: C | null;
}

/** The largest page any listing gives, and the one given when none is asked for. */
export const PAGE_SIZE = { max: 100, default: 20 } as const;

/** A page size within 1..PAGE_SIZE.max (the default when none is asked for). */
export const pageSize = (limit: number | undefined): number => Math.min(Math.max(1, limit ?? PAGE_SIZE.default), PAGE_SIZE.max);

/**
 * The page of `limit` from `records`, read with one more than `limit`: the extra one says whether
 * an older page exists, so `next` is null exactly on the last page (never an empty page after a full one).
 */
export function pageOf<T, C = ListCursor>(records: readonly T[], limit: number, placeOf: (record: T) => C): Page<T, C> {
  const items = records.slice(0, limit);
  const last = items.at(-1);
  return { items, next: records.length > limit && last !== undefined ? placeOf(last) : null };
}
