import type { Job } from '@kassa-payments/domain';
import { describe, expect, it } from 'vitest';
import { PartitionedScheduler } from './partitioned-scheduler.js';
import { createServer } from 'node:net';
import type { Cluster, Redis } from 'ioredis';
import { redisTlsProblem } from './redis-tls-check.js';
import { hostPorts, partitionOf, partitionPrefix, type RedisClient, type RedisTarget, redisClient } from './redis-target.js';

/** A client's options as made, without keeping it (its connection attempt is dropped at once). */
function optionsOf<C extends RedisClient>(target: RedisTarget): C['options'] {
  const client = redisClient(target, 'worker');
  client.on('error', () => {});
  client.disconnect();
  return client.options;
}

describe('the queue on one Redis, behind Sentinel or on a Cluster', () => {
  it('reads host:port lists, IPv6 in brackets; refuses anything else', () => {
    expect(hostPorts('a:1, 10.0.0.2:26379,[::1]:7000')).toEqual([
      { host: 'a', port: 1 },
      { host: '10.0.0.2', port: 26379 },
      { host: '::1', port: 7000 },
    ]);
    for (const bad of ['', 'a', 'a:', 'a:0', 'a:65536', 'a:1,b', 'user@a:1']) expect(hostPorts(bad), bad).toBeUndefined();
  });

  it("keeps today's keys for one partition without a Cluster; hash-tags each partition on a Cluster", () => {
    expect(partitionPrefix('kassa', 0, 1, false)).toBe('kassa');
    expect(partitionPrefix('kassa', 0, 1, true)).toBe('{kassa}');
    expect([0, 1, 2].map((n) => partitionPrefix('kassa', n, 3, true))).toEqual(['{kassa-0}', '{kassa-1}', '{kassa-2}']);
    expect([0, 1].map((n) => partitionPrefix('kassa', n, 2, false))).toEqual(['kassa-0', 'kassa-1']);
  });

  it("routes a project's jobs to one partition, the projects spread over all", async () => {
    expect([1, 2, 3, 4, 5, 6].map((p) => partitionOf(p, 3))).toEqual([1, 2, 0, 1, 2, 0]);
    expect(partitionOf(9, 1)).toBe(0);
    const got: [number, number][] = [];
    const scheduler = new PartitionedScheduler([0, 1, 2].map((n) => ({ schedule: async (job: Job) => void got.push([n, job.projectId]) })));
    for (const projectId of [3, 4, 5, 7]) await scheduler.schedule({ name: 'webhook.attempt', projectId, aggregateId: 'd', runAt: '2026-01-01T00:00:00.000Z' });
    expect(got).toEqual([
      [0, 3],
      [1, 4],
      [2, 5],
      [1, 7],
    ]);
  });

  it('TLS behind Sentinel: verified (Node defaults, NODE_EXTRA_CA_CERTS) to the master and replicas, to the sentinels on their own switch', () => {
    const sentinels = [{ host: '127.0.0.1', port: 1 }];
    const plain = optionsOf<Redis>({ kind: 'sentinel', sentinels, master: 'kassa' });
    expect([plain.tls, plain.enableTLSForSentinelMode, plain.sentinelTLS]).toEqual([undefined, false, undefined]);
    const both = optionsOf<Redis>({ kind: 'sentinel', sentinels, master: 'kassa', tls: true, sentinelTls: true });
    expect([both.tls, both.enableTLSForSentinelMode, both.sentinelTLS]).toEqual([{}, true, {}]);
    const dataOnly = optionsOf<Redis>({ kind: 'sentinel', sentinels, master: 'kassa', tls: true });
    expect([dataOnly.tls, dataOnly.enableTLSForSentinelMode, dataOnly.sentinelTLS]).toEqual([{}, true, undefined]);
    const sentinelsOnly = optionsOf<Redis>({ kind: 'sentinel', sentinels, master: 'kassa', sentinelTls: true });
    expect([sentinelsOnly.tls, sentinelsOnly.enableTLSForSentinelMode, sentinelsOnly.sentinelTLS]).toEqual([undefined, false, {}]);
    // Never a switched-off verification.
    for (const o of [both.tls, both.sentinelTLS]) expect(o).not.toHaveProperty('rejectUnauthorized');
  });

  it("TLS on a Cluster: every node's connection, host names kept for the certificate's check", async () => {
    const nodes = [{ host: 'redis.example.internal', port: 6379 }];
    const plain = optionsOf<Cluster>({ kind: 'cluster', nodes });
    expect(plain.redisOptions?.tls).toBeUndefined();
    const tls = optionsOf<Cluster>({ kind: 'cluster', nodes, tls: true, password: 'p' });
    expect(tls.redisOptions).toMatchObject({ tls: {}, password: 'p' });
    expect(tls.redisOptions?.tls).not.toHaveProperty('rejectUnauthorized');
    const looked = await new Promise((resolve) => tls.dnsLookup?.('redis.example.internal', (_err, address) => resolve(address)));
    expect(looked).toBe('redis.example.internal');
  });

  it("the start's own TLS handshake: none without TLS; with it, each first host's failure named, or none once one host accepts", async () => {
    // A server that is not TLS: it closes what it is sent.
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const nodes = [{ host: '127.0.0.1', port }];
      expect(await redisTlsProblem({ kind: 'cluster', nodes })).toBeUndefined();
      expect(await redisTlsProblem({ kind: 'sentinel', sentinels: nodes, master: 'kassa', tls: true })).toBeUndefined();
      expect(await redisTlsProblem({ kind: 'single', url: `rediss://127.0.0.1:${port}` })).toBeUndefined();
      expect(await redisTlsProblem({ kind: 'cluster', nodes: [...nodes, ...nodes], tls: true })).toMatch(new RegExp(`^127\\.0\\.0\\.1:${port}: .+; 127\\.0\\.0\\.1:${port}: .+$`));
      expect(await redisTlsProblem({ kind: 'sentinel', sentinels: nodes, master: 'kassa', sentinelTls: true })).toMatch(`127.0.0.1:${port}: `);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
