import type { Request } from 'express';
import { PAGE_SIZE, type ListCursor, type Page } from '@kassa-payments/domain';
import { STORED_TIME } from './query-values.js';

/**
 * Every list of the JSON v3 and admin APIs pages one way: query `limit` (1-100, default 20) and
 * `cursor`, answer `{ items, next_cursor }`, newest first. A cursor is opaque to clients: base64url
 * of the last record's `[time, id]`, a place in the (time, id) order, so pages neither overlap nor
 * skip when records are added meanwhile.
 */
export const cursorText = (place: ListCursor): string => Buffer.from(JSON.stringify([place.createdAt, place.id])).toString('base64url');

/** The longest cursor read: an ISO time and an id, with room (the documents say maxLength 200). */
export const MAX_CURSOR_LENGTH = 200;

/** A cursor this API gave, or undefined. Also reads the events' `after` of before (base64url of `time|id`). */
export function cursorFrom(text: string): ListCursor | undefined {
  if (text.length > MAX_CURSOR_LENGTH) return undefined;
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  const place = decoded.startsWith('[') ? parsedPair(decoded) : decoded.split('|');
  const [createdAt, id, extra] = place ?? [];
  return typeof createdAt === 'string' && STORED_TIME.test(createdAt) && typeof id === 'string' && id !== '' && extra === undefined ? { createdAt, id } : undefined;
}

function parsedPair(text: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export interface ListQuery {
  readonly limit: number;
  readonly after?: ListCursor;
  /** The request named its cursor by a deprecated name: its answer carries `Deprecation`. */
  readonly deprecatedName: boolean;
}

const one = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
/** A parameter given twice (or as `a[]`) is no value the list can take, nor one the signature covers. */
const repeated = (query: Request['query'], names: readonly (string | undefined)[]) => names.find((name) => name !== undefined && query[name] !== undefined && typeof query[name] !== 'string');

/**
 * `limit` and `cursor` of a list's query (`formerCursor`: the name a list of before gave its cursor,
 * still read for one minor version). A message naming the first bad parameter otherwise.
 */
export function readListQuery(query: Request['query'], formerCursor?: string): { ok: true; value: ListQuery } | { ok: false; message: string } {
  const twice = repeated(query, ['limit', 'cursor', formerCursor]);
  if (twice !== undefined) return { ok: false, message: `${twice}: give it once` };
  const limitText = one(query['limit']);
  const limit = limitText === undefined ? PAGE_SIZE.default : /^[0-9]{1,3}$/.test(limitText) ? Number(limitText) : 0;
  if (limit < 1 || limit > PAGE_SIZE.max) return { ok: false, message: `limit: must be 1 to ${PAGE_SIZE.max}` };
  const current = one(query['cursor']);
  const former = formerCursor === undefined ? undefined : one(query[formerCursor]);
  const [name, text] = current !== undefined ? ['cursor', current] : [formerCursor, former];
  const after = text === undefined ? undefined : cursorFrom(text);
  if (text !== undefined && !after) return { ok: false, message: `${name}: not a cursor this API gave` };
  return { ok: true, value: { limit, ...(after ? { after } : {}), deprecatedName: current === undefined && former !== undefined } };
}

/**
 * A page as every list answers it: its items in their view and the next page's cursor (null on the
 * last page), written by `encode` (a time-and-id cursor unless the list pages by another place).
 */
export function listView<T, V>(page: Page<T>, view: (item: T) => V): ListAnswer<V>;
export function listView<T, V, C>(page: Page<T, C>, view: (item: T) => V, encode: (place: C) => string): ListAnswer<V>;
export function listView<T, V, C>(page: Page<T, C | ListCursor>, view: (item: T) => V, encode?: (place: C) => string): ListAnswer<V> {
  const { next } = page;
  return { items: page.items.map(view), next_cursor: next === null ? null : encode ? encode(next as C) : cursorText(next as ListCursor) };
}

/** A list's `data`: the page's items and the next page's cursor. */
export interface ListAnswer<V> {
  items: V[];
  next_cursor: string | null;
}
