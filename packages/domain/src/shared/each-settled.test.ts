import { describe, expect, it } from 'vitest';
import { eachSettled } from './each-settled.js';

describe('eachSettled: one failing item holds back no other', () => {
  it('eachSettled runs every item, then throws every failure together', async () => {
    const done: number[] = [];
    const run = eachSettled(
      [1, 2, 3],
      async (n) => {
        if (n === 1) throw new Error('one');
        done.push(n);
      },
      'items',
    );
    await expect(run).rejects.toThrow('1 of 3 items failed');
    expect(done).toEqual([2, 3]);
  });

  it('eachSettled with a concurrency runs that many at once, never more, and every item', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const items = Array.from({ length: 25 }, (_, i) => i);
    const work = async (n: number) => {
      running += 1;
      most = Math.max(most, running);
      // A turn of the microtask queue: every lane eachSettled started runs to here before any goes on.
      await Promise.resolve();
      running -= 1;
      if (n === 7) throw new Error('seven');
      done.push(n);
    };
    await expect(eachSettled(items, work, 'items', 10)).rejects.toThrow('1 of 25 items failed');
    expect(most).toBe(10);
    expect(done.sort((a, b) => a - b)).toEqual(items.filter((n) => n !== 7));
  });
});
