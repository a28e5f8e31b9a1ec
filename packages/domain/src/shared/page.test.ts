import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, pageOf, pageSize } from './page.js';

const records = (n: number) => Array.from({ length: n }, (_, i) => ({ createdAt: `2026-11-26T10:00:${String(59 - i).padStart(2, '0')}Z`, id: `r${i}` }));
const place = (r: { createdAt: string; id: string }) => r;

describe('pageOf: a page read with one more than its size', () => {
  it('the extra record says an older page exists: next is the last item of this one', () => {
    const page = pageOf(records(3), 2, place);
    expect(page.items.map((r) => r.id)).toEqual(['r0', 'r1']);
    expect(page.next).toEqual({ createdAt: '2026-11-26T10:00:58Z', id: 'r1' });
  });

  it('exactly a page and no extra: the last page (next null), never an empty page after a full one', () => {
    expect(pageOf(records(2), 2, place).next).toBeNull();
    expect(pageOf(records(1), 2, place).next).toBeNull();
    expect(pageOf([], 2, place)).toEqual({ items: [], next: null });
  });

  it('pageSize keeps a size within 1..100 and gives 20 when none is asked for', () => {
    expect([pageSize(undefined), pageSize(0), pageSize(-5), pageSize(7), pageSize(100), pageSize(1000)]).toEqual([PAGE_SIZE.default, 1, 1, 7, 100, PAGE_SIZE.max]);
  });
});
