import { type RedisSentinelSet, startRedisSentinelSet } from '@kassa/devkit';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { LOAD, runFailover } from './failover.fixture.js';

// Redis behind Sentinel (Debian's redis-server and redis-sentinel): a master, a replica and three
// sentinels on loopback ports; the master SIGKILLed mid-run (failover.fixture.ts).
let set: RedisSentinelSet;
beforeAll(async () => {
  set = await startRedisSentinelSet();
}, 60_000);
afterAll(() => set?.destroy());

describe('Redis behind Sentinel: the master killed mid-run', () => {
  it(`${LOAD.subscriptions} subscriptions × 3 charges, ${LOAD.closedContracts} contracts, ${LOAD.paidInvoices} invoices: nothing lost, nothing twice`, async () => {
    await runFailover({
      label: 'sentinel',
      mongoUrl: inject('mongoUrl'),
      redisEnv: { KASSA_REDIS_SENTINELS: set.sentinels, KASSA_REDIS_SENTINEL_MASTER: set.masterName },
      failOver: async () => {
        const started = Date.now();
        const old = await set.killMaster();
        await set.failedOver(old, 60_000);
        return Number(((Date.now() - started) / 1000).toFixed(2));
      },
    });
  }, 600_000);
});
