/** Where a page of a newest-first listing starts: after this record (its creation time and id). */
export interface ListCursor {
  readonly createdAt: string;
  readonly id: string;
}

/** What a newest-first page of a project's records keeps (all of them when empty). */
export interface PageFilter<S extends string> {
  readonly state?: S;
  /** Created at or after / before these times. */
  readonly createdFrom?: string;
  readonly createdBefore?: string;
  readonly after?: ListCursor;
}
