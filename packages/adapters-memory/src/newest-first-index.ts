import type { ListCursor, PageFilter } from '@kassa-payments/domain';

const keyOf = (createdAt: string, id: string) => `${createdAt}\u0000${id}`;

/** Whether `record` comes after `after` in newest-first order (older, or as old with a smaller id); every record without a cursor. */
export const comesAfter = (record: ListCursor, after: ListCursor | undefined): boolean =>
  !after || record.createdAt < after.createdAt || (record.createdAt === after.createdAt && record.id < after.id);

/** The first position in `keys` (ascending) whose key is not below `key`. */
function lowerBound(keys: readonly string[], key: string): number {
  let [lo, hi] = [0, keys.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A project's records by creation time and id, as MongoDB's `{projectId, createdAt: -1, _id: -1}`
 * index: a newest-first page starts by a binary search, whatever the project holds. ISO times of
 * one form sort as strings.
 */
export class NewestFirstIndex {
  private readonly byProject = new Map<number, string[]>();

  add(projectId: number, createdAt: string, id: string): void {
    const keys = this.byProject.get(projectId) ?? [];
    const key = keyOf(createdAt, id);
    const at = lowerBound(keys, key);
    if (keys[at] !== key) keys.splice(at, 0, key);
    this.byProject.set(projectId, keys);
  }

  remove(projectId: number, createdAt: string, id: string): void {
    const keys = this.byProject.get(projectId);
    const key = keyOf(createdAt, id);
    const at = keys ? lowerBound(keys, key) : -1;
    if (keys && keys[at] === key) keys.splice(at, 1);
  }

  removeProject(projectId: number): void {
    this.byProject.delete(projectId);
  }

  /** Ids newest first, after `after` and within [createdFrom, createdBefore). */
  *newestFirst(projectId: number, range: { readonly after?: ListCursor; readonly createdFrom?: string; readonly createdBefore?: string }): Generator<string> {
    const keys = this.byProject.get(projectId) ?? [];
    let end = keys.length;
    if (range.after) end = Math.min(end, lowerBound(keys, keyOf(range.after.createdAt, range.after.id)));
    if (range.createdBefore !== undefined) end = Math.min(end, lowerBound(keys, range.createdBefore));
    const start = range.createdFrom === undefined ? 0 : lowerBound(keys, range.createdFrom);
    for (let i = end - 1; i >= start; i -= 1) {
      const key = keys[i] as string;
      yield key.slice(key.indexOf('\u0000') + 1);
    }
  }

  /** [time, id] oldest first, from `createdFrom` on (the event feed's order). */
  *oldestFirst(projectId: number, createdFrom: string): Generator<readonly [string, string]> {
    const keys = this.byProject.get(projectId) ?? [];
    for (let i = lowerBound(keys, createdFrom); i < keys.length; i += 1) {
      const key = keys[i] as string;
      const cut = key.indexOf('\u0000');
      yield [key.slice(0, cut), key.slice(cut + 1)];
    }
  }
}

/**
 * A newest-first page of a project's records from `index`: loaded one by one (a copy each) until
 * `limit` are kept by the filter's state and `keep`; records gone meanwhile are skipped.
 */
export function pageOf<A extends { readonly state: string }>(
  index: NewestFirstIndex,
  projectId: number,
  filter: PageFilter<string>,
  limit: number,
  load: (id: string) => A | undefined,
  keep: (a: A) => boolean = () => true,
): A[] {
  const page: A[] = [];
  for (const id of index.newestFirst(projectId, filter)) {
    if (page.length >= limit) break;
    const record = load(id);
    if (record && (filter.state === undefined || record.state === filter.state) && keep(record)) page.push(record);
  }
  return page;
}
