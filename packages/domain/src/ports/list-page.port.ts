import type { ListCursor } from '../shared/page.js';

export type { ListCursor };

/** What a newest-first page of a project's records keeps (all of them when empty). */
export interface PageFilter<S extends string> {
  readonly state?: S;
  /** Created at or after / before these times. */
  readonly createdFrom?: string;
  readonly createdBefore?: string;
  readonly after?: ListCursor;
}
