import type { Request } from 'express';
import { pageOf } from '@kassa-payments/domain';
import { listView, MAX_CURSOR_LENGTH, readListQuery } from '@kassa-payments/http-kit';

/**
 * Partners and projects have no creation time: their lists page in key order (login, project id),
 * with a cursor of the same opaque kind as the time-ordered lists' (base64url of `["key", last key]`).
 * Keys are never reused, so pages neither overlap nor skip when records are added (docs/decisions.md).
 */
export const keyCursorText = (key: string | number): string => Buffer.from(JSON.stringify(['key', key])).toString('base64url');

function keyCursorFrom<K extends string | number>(text: string, type: 'string' | 'number'): K | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return Array.isArray(value) && value.length === 2 && value[0] === 'key' && typeof value[1] === type ? (value[1] as K) : undefined;
  } catch {
    return undefined;
  }
}

/** `limit` (as every list's) and a key `cursor` of a keyed list's query, or the message naming the bad one. */
export function readKeyedListQuery<K extends string | number>(query: Request['query'], type: 'string' | 'number'): { ok: true; value: { limit: number; after?: K } } | { ok: false; message: string } {
  const { cursor, ...rest } = query;
  const listed = readListQuery(rest);
  if (!listed.ok) return listed;
  if (cursor === undefined || cursor === '') return { ok: true, value: { limit: listed.value.limit } };
  const after = typeof cursor === 'string' && cursor.length <= MAX_CURSOR_LENGTH ? keyCursorFrom<K>(cursor, type) : undefined;
  if (after === undefined) return { ok: false, message: 'cursor: not a cursor this API gave' };
  return { ok: true, value: { limit: listed.value.limit, after } };
}

/** A keyed list's page answered (the records read with one more than `limit`, as every list's). */
export const keyedPage = <T, V>(records: readonly T[], limit: number, keyOf: (r: T) => string | number, view: (r: T) => V) => listView(pageOf(records, limit, keyOf), view, keyCursorText);
