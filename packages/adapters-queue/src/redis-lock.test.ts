import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { redisConnection } from './redis-connection.js';
import { runExclusive } from './redis-lock.js';

// Against the test run's real Redis (test/redis.global-setup.ts).
const redis = new Redis({ ...redisConnection(inject('redisUrl')) });
afterAll(() => redis.disconnect());

const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
};

describe('runExclusive (real Redis)', () => {
  it('runs one of two overlapping runs; the next run after it ends runs again', async () => {
    const key = `lock-test-${randomUUID()}`;
    const g = gate();
    let runs = 0;
    const first = runExclusive(redis, key, 10_000, async () => {
      runs += 1;
      await g.opened;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(await runExclusive(redis, key, 10_000, async () => (runs += 1))).toBe(false);
    g.open();
    expect(await first).toBe(true);
    expect(await runExclusive(redis, key, 10_000, async () => (runs += 1))).toBe(true);
    expect(runs).toBe(2);
    expect(await redis.exists(key)).toBe(0);
  });

  it('releases the lock when the work throws', async () => {
    const key = `lock-test-${randomUUID()}`;
    await expect(runExclusive(redis, key, 10_000, async () => Promise.reject(new Error('storage away')))).rejects.toThrow('storage away');
    expect(await runExclusive(redis, key, 10_000, async () => undefined)).toBe(true);
  });

  it('a long run keeps its lease: it is renewed while the work runs', async () => {
    const key = `lock-test-${randomUUID()}`;
    const g = gate();
    const long = runExclusive(redis, key, 300, () => g.opened);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await runExclusive(redis, key, 10_000, async () => undefined)).toBe(false);
    g.open();
    expect(await long).toBe(true);
  });

  it("a holder that died frees the lock after its lease; a late release leaves the next holder's lock alone", async () => {
    const key = `lock-test-${randomUUID()}`;
    // A holder that died: its key with a token nobody renews.
    await redis.set(key, 'dead-holder', 'PX', 300);
    expect(await runExclusive(redis, key, 10_000, async () => undefined)).toBe(false);
    await new Promise((r) => setTimeout(r, 500));
    const h = gate();
    const next = runExclusive(redis, key, 10_000, () => h.opened);
    await new Promise((r) => setTimeout(r, 50));
    // The dead holder's release, arriving late, finds another token and deletes nothing.
    await redis.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", 1, key, 'dead-holder');
    expect(await runExclusive(redis, key, 10_000, async () => undefined)).toBe(false);
    h.open();
    expect(await next).toBe(true);
  });
});

describe('runExclusive: a run that hangs', () => {
  it('holds the lock at most maxHoldMs: then the renewal stops, the lease runs out, and the next run goes ahead beside it', { timeout: 15_000 }, async () => {
    const key = `lock-test-${randomUUID()}`;
    let overruns = 0;
    const hung = gate();
    const started = Date.now();
    // A run whose Redis or MongoDB call never answers (a dead master): it never ends by itself. A
    // lease of a second: a loaded machine's pause of a few hundred ms must not miss its renewal.
    const first = runExclusive(redis, key, 1_000, () => hung.opened, { maxHoldMs: 3_000, onOverrun: () => (overruns += 1) });
    await new Promise((r) => setTimeout(r, 2_000));
    // Within its hold the lease is renewed past its 1,000 ms.
    expect(await runExclusive(redis, key, 10_000, async () => undefined)).toBe(false);
    expect(await first).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    expect(overruns).toBe(1);
    // No longer renewed: the lease ends within its 1,000 ms and another run takes the lock.
    await new Promise((r) => setTimeout(r, 1_300));
    expect(await redis.exists(key)).toBe(0);
    expect(await runExclusive(redis, key, 10_000, async () => undefined)).toBe(true);
    hung.open();
  });

  it('a run that ends within maxHoldMs releases at once and is not an overrun', async () => {
    const key = `lock-test-${randomUUID()}`;
    let overruns = 0;
    expect(await runExclusive(redis, key, 10_000, async () => new Promise((r) => setTimeout(r, 50)), { maxHoldMs: 1_000, onOverrun: () => (overruns += 1) })).toBe(true);
    expect(await redis.exists(key)).toBe(0);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(overruns).toBe(0);
  });
});
