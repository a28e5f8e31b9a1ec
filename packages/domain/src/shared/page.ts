/** Where a page of a newest-first listing starts: after this record (its creation time and id). */
export interface ListCursor {
  readonly createdAt: string;
  readonly id: string;
}

/** A page of a newest-first listing, and where the next (older) one starts; `next` null on the last page. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly next: ListCursor | null;
}

/** The largest page any listing gives, and the one given when none is asked for. */
export const PAGE_SIZE = { max: 100, default: 20 } as const;

/** A page size within 1..PAGE_SIZE.max (the default when none is asked for). */
export const pageSize = (limit: number | undefined): number => Math.min(Math.max(1, limit ?? PAGE_SIZE.default), PAGE_SIZE.max);

/**
 * The page of `limit` from `records`, read with one more than `limit`: the extra one says whether
 * an older page exists, so `next` is null exactly on the last page (never an empty page after a full one).
 */
export function pageOf<T>(records: readonly T[], limit: number, placeOf: (record: T) => ListCursor): Page<T> {
  const items = records.slice(0, limit);
  const last = items.at(-1);
  return { items, next: records.length > limit && last !== undefined ? placeOf(last) : null };
}
