import type { Job } from '@kassa/domain';
import { describe, expect, it } from 'vitest';
import { PartitionedScheduler } from './partitioned-scheduler.js';
import { hostPorts, partitionOf, partitionPrefix } from './redis-target.js';

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
});
