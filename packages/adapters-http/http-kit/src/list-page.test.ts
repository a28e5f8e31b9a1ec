import { PAGE_SIZE } from '@kassa-payments/domain';
import { PAGING } from '@kassa-payments/protocol';
import { describe, expect, it } from 'vitest';
import { cursorFrom, cursorText, listView, readListQuery } from './list-page.js';

const place = { createdAt: '2026-11-26T10:00:00.123Z', id: '3f2b8c1e-6a4d-4e8b-9c0a-1d2e3f405a6b' };
const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('list cursors', () => {
  it('round-trip a place; the events’ after of before (base64url of time|id) reads as the same place', () => {
    expect(cursorFrom(cursorText(place))).toEqual(place);
    expect(cursorFrom(b64(`${place.createdAt}|${place.id}`))).toEqual(place);
  });

  it('refuse what this API never gave, without throwing', () => {
    const hostile = ['', 'garbage', '%%%', b64('[1,2]'), b64('{}'), b64('["1","x"]'), b64('["2026-11-26","x"]'), b64(`["${place.createdAt}",""]`), b64(`a|b|c`), b64('[\u0000'), 'x'.repeat(201)];
    for (const text of hostile) expect(cursorFrom(text), text).toBeUndefined();
  });
});

describe('readListQuery', () => {
  it('gives 20 by default, takes 1-100, refuses the rest and a parameter given twice', () => {
    expect(readListQuery({})).toEqual({ ok: true, value: { limit: 20, deprecatedName: false } });
    expect(readListQuery({ limit: '100' })).toMatchObject({ ok: true, value: { limit: 100 } });
    for (const limit of ['0', '101', '-1', '1e2', 'abc', ' 5']) expect(readListQuery({ limit }).ok, limit).toBe(false);
    expect(readListQuery({ limit: ['1', '2'] })).toEqual({ ok: false, message: 'limit: give it once' });
    expect(readListQuery({ cursor: ['a', 'b'] })).toEqual({ ok: false, message: 'cursor: give it once' });
    expect(readListQuery({ cursor: 'nope' })).toEqual({ ok: false, message: 'cursor: not a cursor this API gave' });
  });

  it('reads a former cursor name, saying it was used; cursor wins when both are given', () => {
    const text = cursorText(place);
    expect(readListQuery({ after: text }, 'after')).toEqual({ ok: true, value: { limit: 20, after: place, deprecatedName: true } });
    expect(readListQuery({ after: 'garbage', cursor: text }, 'after')).toEqual({ ok: true, value: { limit: 20, after: place, deprecatedName: false } });
    expect(readListQuery({ after: 'garbage' }, 'after')).toEqual({ ok: false, message: 'after: not a cursor this API gave' });
    expect(readListQuery({ after: text })).toEqual({ ok: true, value: { limit: 20, deprecatedName: false } });
  });

  it('the domain’s page sizes are the ones the protocol documents', () => {
    expect({ max: PAGING.limit.integer.maximum, default: PAGING.limit.integer.default }).toEqual({ max: PAGE_SIZE.max, default: PAGE_SIZE.default });
  });
});

describe('listView', () => {
  it('answers items in their view and next_cursor, null on the last page', () => {
    expect(listView({ items: [1, 2], next: place }, (n) => n * 10)).toEqual({ items: [10, 20], next_cursor: cursorText(place) });
    expect(listView({ items: [], next: null }, String)).toEqual({ items: [], next_cursor: null });
  });
});
