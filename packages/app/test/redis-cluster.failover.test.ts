import { type RedisClusterSet, startRedisCluster } from '@kassa-payments/devkit';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOAD, runFailover } from './failover.fixture.js';

// A Redis Cluster of three masters and three replicas (redis-server --cluster-enabled yes), the
// queue in three partitions (KASSA_QUEUE_PARTITIONS=3, one hash tag each, routed by project): the
// work spreads over the masters, and the master of partition 0 (its jobs, and the sweep's and
// relay's schedulers and locks) is SIGKILLed mid-run (failover.fixture.ts).
const PARTITIONS = 3;

/** Each partition's queue as the Cluster holds it: depths, the periodic runs' locks and their schedulers. */
async function queueState(nodes: string, partitions: number): Promise<unknown> {
  // No offline queue: with the cluster down, every read fails at once rather than hang the failure's message.
  const client = new Cluster(
    nodes.split(',').map((n) => ({ host: n.split(':')[0] as string, port: Number(n.split(':')[1]) })),
    { enableOfflineQueue: false, redisOptions: { commandTimeout: 2_000 } },
  );
  // Ready, or 5 s: a cluster that never gets ready fails each read below at once.
  await Promise.race([new Promise((r) => client.once('ready', r)), new Promise((r) => setTimeout(r, 5_000))]);
  try {
    const state: Record<string, unknown> = {};
    for (let n = 0; n < partitions; n++) {
      const k = `{kassa-${n}}:kassa-jobs`;
      state[n] = {
        wait: await client.llen(`${k}:wait`),
        active: await client.llen(`${k}:active`),
        delayed: await client.zcard(`${k}:delayed`),
        prioritized: await client.zcard(`${k}:prioritized`),
        ...(n === 0
          ? {
              relayLockMs: await client.pttl(`${k}:lock:kassa.relay`),
              sweepLockMs: await client.pttl(`${k}:lock:kassa.sweep`),
              schedulers: await client.zrange(`${k}:repeat`, '0', '-1', 'WITHSCORES'),
            }
          : {}),
      };
    }
    return state;
  } finally {
    client.disconnect();
  }
}
let cluster: RedisClusterSet;
beforeAll(async () => {
  cluster = await startRedisCluster();
}, 60_000);
afterAll(() => cluster?.destroy());

describe('Redis Cluster: a master killed mid-run', () => {
  it(`${LOAD.subscriptions} subscriptions × 3 charges, ${LOAD.closedContracts} contracts, ${LOAD.paidInvoices} invoices over ${PARTITIONS} partitions: nothing lost, nothing twice`, async () => {
    let spread: Record<number, Record<string, number>> = {};
    await runFailover({
      label: 'cluster',
      mongoUrl: inject('mongoUrl'),
      redisEnv: { KASSA_REDIS_CLUSTER_NODES: cluster.nodes, KASSA_QUEUE_PARTITIONS: String(PARTITIONS), KASSA_REDIS_PREFIX: 'kassa' },
      inspect: () => queueState(cluster.nodes, PARTITIONS),
      failOver: async () => {
        // Every key Kassa and BullMQ wrote carries a partition's hash tag (but the deployment's record of
        // its partition count, a tag of its own), and the partitions' keys are on every master.
        const keys = await cluster.keysByMaster();
        const all = Object.values(keys).flat();
        expect(all.length).toBeGreaterThan(0);
        expect(all.filter((key) => !/^\{kassa-[0-2]\}:/.test(key))).toEqual(['{kassa}:partitions']);
        // Each master's keys by partition: one partition a master (their slots are fixed by the tags).
        spread = Object.fromEntries(
          Object.entries(keys).map(([port, list]) => [port, Object.fromEntries(['0', '1', '2'].map((n) => [n, list.filter((k) => k.startsWith(`{kassa-${n}}`)).length]).filter(([, c]) => c))]),
        );
        expect(Object.values(spread).map((partitions) => Object.keys(partitions).length)).toEqual([1, 1, 1]);
        const started = Date.now();
        const master = await cluster.masterOf('{kassa-0}');
        await cluster.kill(master);
        await cluster.failedOver(master, 60_000);
        return Number(((Date.now() - started) / 1000).toFixed(2));
      },
    });
    console.log(`cluster keys by master before the kill: ${JSON.stringify(spread)}`);
  }, 600_000);
});
