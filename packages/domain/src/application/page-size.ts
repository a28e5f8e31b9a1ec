/** At most this many records a page of the dashboard's lists. */
export const MAX_LIST_PAGE = 100;

/** A page's size: the one asked for, within 1 and MAX_LIST_PAGE (the most when none is asked). */
export const pageSize = (limit: number | undefined): number => Math.min(Math.max(1, limit ?? MAX_LIST_PAGE), MAX_LIST_PAGE);
