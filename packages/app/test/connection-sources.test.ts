import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ConnectionsBySource, sourceOf } from '../src/connection-sources.js';

describe('sourceOf: the address a connection counts against', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:127.0.0.2', '127.0.0.2'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:1::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    [undefined, ''],
  ])('%s -> %s', (address, source) => {
    expect(sourceOf(address)).toBe(source);
  });
});

describe('ConnectionsBySource', () => {
  it('finds the source holding the most, and the counts come back down as connections close', () => {
    const sources = new ConnectionsBySource<string>();
    const a = sources.add('a', 'a1');
    sources.add('b', 'b1');
    sources.add('b', 'b2');
    sources.add('a', 'a2');
    // A tie: the first to reach the count.
    expect(sources.heaviest()?.key).toBe('b');
    sources.add('a', 'a3');
    expect(sources.heaviest()?.key).toBe('a');
    expect([...(sources.get('a')?.open ?? [])]).toEqual(['a1', 'a2', 'a3']);
    sources.remove(a, 'a1');
    sources.remove(a, 'a1');
    expect(sources.countOf('a')).toBe(2);
    sources.remove(a, 'a2');
    expect(sources.heaviest()?.key).toBe('b');
    sources.remove(a, 'a3');
    expect(sources.get('a')).toBeUndefined();
    const b = sources.get('b');
    if (!b) throw new Error('b is gone');
    sources.remove(b, 'b1');
    sources.remove(b, 'b2');
    expect(sources.heaviest()).toBeUndefined();
    expect(sources.countOf('b')).toBe(0);
  });

  it('a connection with a request running is not idle; when it ends, it is the last idle one', () => {
    const sources = new ConnectionsBySource<string>();
    const a = sources.add('a', 'a1');
    sources.add('a', 'a2');
    sources.markBusy(a, 'a1');
    expect([...a.idle]).toEqual(['a2']);
    sources.markIdle(a, 'a1');
    expect([...a.idle]).toEqual(['a2', 'a1']);
    expect([...a.open]).toEqual(['a1', 'a2']);
    // A closed connection does not come back as idle.
    sources.remove(a, 'a2');
    sources.markIdle(a, 'a2');
    expect([...a.idle]).toEqual(['a1']);
  });

  const step = fc.record({ open: fc.boolean(), source: fc.constantFrom('a', 'b', 'c', 'd'), pick: fc.nat() });
  test.prop([fc.array(step, { maxLength: 200 })])('matches a model that counts each source and takes the maximum', (steps) => {
    const sources = new ConnectionsBySource<number>();
    const model = new Map<number, string>();
    let next = 0;
    for (const s of steps) {
      if (s.open || model.size === 0) {
        sources.add(s.source, next);
        model.set(next, s.source);
        next += 1;
      } else {
        const [connection, key] = [...model][s.pick % model.size] as [number, string];
        sources.remove(sources.get(key) ?? { key, open: new Set(), idle: new Set() }, connection);
        model.delete(connection);
      }
      const counts = new Map<string, number>();
      for (const key of model.values()) counts.set(key, (counts.get(key) ?? 0) + 1);
      const most = Math.max(0, ...counts.values());
      expect(sources.heaviest()?.open.size ?? 0).toBe(most);
      for (const key of ['a', 'b', 'c', 'd']) expect(sources.countOf(key)).toBe(counts.get(key) ?? 0);
    }
  });
});
