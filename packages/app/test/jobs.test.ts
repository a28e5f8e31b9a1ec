import { type RedisServer, startRedisServer } from '@kassa-payments/devkit';
import type { Job } from '@kassa-payments/domain';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redisJobs } from '../src/redis-jobs.js';
import { Readiness } from '../src/operations/readiness.js';

// An api process's scheduler against a Redis of its own, which the test stops and starts again.
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis.destroy());

const job = (n: number): Job => ({ name: 'webhook.attempt', projectId: 1, aggregateId: `d${n}`, runAt: '2026-11-22T10:00:00.000Z' });

/** Tries until the scheduler accepts a job (the connection is up), for at most `ms`. */
async function scheduledWithin(schedule: (j: Job) => Promise<void>, n: number, ms: number): Promise<boolean> {
  try {
    await vi.waitFor(() => schedule(job(n)), { timeout: ms, interval: 100 });
    return true;
  } catch {
    return false;
  }
}

describe('redisJobs for an api process (it only adds jobs)', () => {
  it('fails at once while Redis is down, so that a request is answered, is not ready meanwhile (a worker; an api process stays ready), and works again once Redis is back', async () => {
    const jobs = redisJobs({ target: { kind: 'single', url: redis.url }, prefix: 'jobs-test', partitions: 1, runsJobs: false }, pino({ level: 'silent' }));
    const schedule = (j: Job) => jobs.scheduler.schedule(j);
    try {
      // Readiness asks Redis too (the admin listener's /ready): ok while it answers, failed or late while it is down.
      const readiness = new Readiness({ redis: () => jobs.ping() });
      // An api process's (container.ts): Redis reported, not required.
      const apiReadiness = new Readiness({ redis: () => jobs.ping() }, undefined, new Set(['redis']));
      expect(await scheduledWithin(schedule, 1, 10_000)).toBe(true);
      expect(await readiness.report()).toEqual({ ready: true, draining: false, checks: { redis: 'ok' } });
      expect(await jobs.depth()).toMatchObject({ delayed: expect.any(Number), waiting: expect.any(Number), failed: expect.any(Number) });
      await redis.stop(true);
      const started = Date.now();
      await expect(schedule(job(2))).rejects.toThrow();
      // Before, this waited for Redis without limit; a bound of seconds only catches that hang.
      expect(Date.now() - started).toBeLessThan(5_000);
      const down = await readiness.report();
      expect(down.ready).toBe(false);
      expect(['failed', 'timeout']).toContain(down.checks['redis']);
      const apiDown = await apiReadiness.report();
      expect(apiDown.ready).toBe(true);
      expect(['failed', 'timeout']).toContain(apiDown.checks['redis']);
      await redis.restart();
      expect(await scheduledWithin(schedule, 3, 20_000)).toBe(true);
      expect((await readiness.report()).ready).toBe(true);
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});
