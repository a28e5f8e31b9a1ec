import { describe, expect, it } from 'vitest';
import { PartitionsMismatch } from '@kassa-payments/adapters-queue';
import { readinessOf } from '../src/operations/readiness-of.js';

const storage = { ping: async () => {} };
const redisDown = { kind: 'redis' as const, ping: async () => Promise.reject(new Error('ECONNREFUSED')), layoutAgrees: async () => {} };
const layoutDiffers = { kind: 'redis' as const, ping: async () => {}, layoutAgrees: async () => Promise.reject(new PartitionsMismatch(3, 1)) };

describe("a process's readiness by its role", () => {
  it('a process serving the API stays ready while Redis does not answer, and says so; a worker is not ready', async () => {
    for (const role of ['api', 'all'] as const)
      expect(await readinessOf(role, storage, redisDown).report(), role).toEqual({ ready: true, draining: false, checks: { storage: 'ok', redis: 'failed', queue_partitions: 'ok' } });
    expect(await readinessOf('worker', storage, redisDown).report()).toEqual({ ready: false, draining: false, checks: { storage: 'ok', redis: 'failed', queue_partitions: 'ok' } });
  });

  it('no process is ready while its KASSA_QUEUE_PARTITIONS is not the deployment’s', async () => {
    for (const role of ['api', 'all', 'worker'] as const) expect((await readinessOf(role, storage, layoutDiffers).report()).ready, role).toBe(false);
  });

  it('jobs in process: storage only', async () => {
    expect(await readinessOf('all', storage, { kind: 'in-process', ping: async () => {}, layoutAgrees: async () => {} }).report()).toEqual({ ready: true, draining: false, checks: { storage: 'ok' } });
  });
});
