import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { redisConnection } from './redis-connection.js';
import { type LockClient, runExclusive } from './redis-lock.js';

// Against the test run's real Redis (test/redis.global-setup.ts).
const redis = new Redis({ ...redisConnection(inject('redisUrl')) });
afterAll(() => redis.disconnect());

const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
};

/** The real client, counting the renewals (pexpire scripts) that found the holder's token still there. */
const counting = () => {
  const counted = { renewals: 0 };
  const client: LockClient = {
    set: (...args) => redis.set(...args),
    eval: async (script, keys, ...args) => {
      const answer = await redis.eval(script, keys, ...args);
      if (script.includes('pexpire') && answer === 1) counted.renewals += 1;
      return answer;
    },
  };
  return { client, counted };
};

describe('runExclusive (real Redis)', () => {
  it('runs one of two overlapping runs; the next run after it ends runs again', async () => {
    const key = `lock-test-${randomUUID()}`;
    const g = gate();
    const holding = gate();
    let runs = 0;
    const first = runExclusive(redis, key, 10_000, async () => {
      runs += 1;
      holding.open();
      await g.opened;
    });
    // The first run holds the lock once its work started.
    await holding.opened;
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
    const { client, counted } = counting();
    const started = Date.now();
    // A lease of 300 ms, renewed every 100 ms: four renewals that found the lock still this run's take it past its first lease.
    const long = runExclusive(client, key, 300, () => g.opened);
    await vi.waitFor(() => expect(counted.renewals).toBeGreaterThanOrEqual(4), { timeout: 5_000 });
    expect(Date.now() - started).toBeGreaterThan(300);
    expect(await runExclusive(redis, key, 10_000, async () => undefined)).toBe(false);
    g.open();
    expect(await long).toBe(true);
  });

  it("a holder that died frees the lock after its lease; a late release leaves the next holder's lock alone", async () => {
    const key = `lock-test-${randomUUID()}`;
    // A holder that died: its key with a token nobody renews.
    await redis.set(key, 'dead-holder', 'PX', 300);
    expect(await runExclusive(redis, key, 10_000, async () => undefined)).toBe(false);
    // Its lease runs out by itself: the key is gone, nobody deleted it.
    await vi.waitFor(async () => expect(await redis.exists(key)).toBe(0), { timeout: 5_000 });
    const h = gate();
    const holding = gate();
    const next = runExclusive(redis, key, 10_000, () => {
      holding.open();
      return h.opened;
    });
    await holding.opened;
    // The dead holder's release, arriving late, finds another token and deletes nothing.
    await redis.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", 1, key, 'dead-holder');
    expect(await runExclusive(redis, key, 10_000, async () => undefined)).toBe(false);
    h.open();
    expect(await next).toBe(true);
  });
});

describe('runExclusive: a run that hangs', () => {
  it('holds the lock at most maxHoldMs: then the renewal stops, the lease runs out, and the next run goes ahead beside it', async () => {
    const key = `lock-test-${randomUUID()}`;
    let overruns = 0;
    const hung = gate();
    const { client, counted } = counting();
    const started = Date.now();
    // A run whose Redis or MongoDB call never answers (a dead master): it never ends by itself. A
    // lease of 450 ms renewed every 150 ms, a hold of 1,000 ms.
    const first = runExclusive(client, key, 450, () => hung.opened, { maxHoldMs: 1_000, onOverrun: () => (overruns += 1) });
    // Within its hold the lease is renewed past its 450 ms: four renewals found the lock still this run's.
    await vi.waitFor(() => expect(counted.renewals).toBeGreaterThanOrEqual(4), { timeout: 5_000 });
    expect(await runExclusive(redis, key, 10_000, async () => undefined)).toBe(false);
    expect(await first).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(overruns).toBe(1);
    // No longer renewed: the lease runs out (a renewed one would hold the key for ever) and another run takes the lock.
    const renewals = counted.renewals;
    await vi.waitFor(async () => expect(await redis.exists(key)).toBe(0), { timeout: 5_000 });
    expect(counted.renewals).toBe(renewals);
    expect(await runExclusive(redis, key, 10_000, async () => undefined)).toBe(true);
    hung.open();
  });

  it('a run that ends within maxHoldMs releases at once and is not an overrun', async () => {
    const key = `lock-test-${randomUUID()}`;
    let overruns = 0;
    // The lock's timers on a fake clock (Redis keeps its own): the hold's timer is moved past its end after the run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      expect(await runExclusive(redis, key, 10_000, async () => redis.ping(), { maxHoldMs: 1_000, onOverrun: () => (overruns += 1) })).toBe(true);
      expect(await redis.exists(key)).toBe(0);
      vi.advanceTimersByTime(5_000);
      expect(overruns).toBe(0);
      // The run left no timer behind: neither the hold's nor the renewal's.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
