import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { claimPartitions, PartitionsMismatch, partitionsKey } from './partition-claim.js';
import { redisConnection } from './redis-connection.js';

// Against the test run's real Redis (test/redis.global-setup.ts).
const redis = new Redis({ ...redisConnection(inject('redisUrl')) });
afterAll(() => redis.disconnect());

describe("the deployment's KASSA_QUEUE_PARTITIONS, recorded in Redis", () => {
  it('names one key whatever the count: its own hash tag on a Cluster', () => {
    expect(partitionsKey('kassa', false)).toBe('kassa:partitions');
    expect(partitionsKey('kassa', true)).toBe('{kassa}:partitions');
  });

  it('the same count claims again and renews; another is refused while a claim lives, and taken once it ran out', async () => {
    const key = partitionsKey(`claim-test-${randomUUID()}`, false);
    await claimPartitions(redis, key, 3, 2_000);
    await new Promise((r) => setTimeout(r, 1_500));
    // A second process with the same count renews the record (2 s from now), and one with another count is refused at once.
    await claimPartitions(redis, key, 3, 2_000);
    const refused = await claimPartitions(redis, key, 1, 2_000).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PartitionsMismatch);
    expect(refused).toMatchObject({ mine: 1, recorded: 3 });
    expect(String((refused as Error).message)).toContain('KASSA_QUEUE_PARTITIONS is 1 here but 3');
    expect(await redis.get(key)).toBe('3');
    // The renewal held: past the first claim's 2 s, the record is still there.
    await new Promise((r) => setTimeout(r, 700));
    expect(await redis.get(key)).toBe('3');
    // Every process with 3 stopped: the record runs out, and a deployment with 1 starts.
    await new Promise((r) => setTimeout(r, 2_000));
    await claimPartitions(redis, key, 1, 2_000);
    expect(await redis.get(key)).toBe('1');
    await redis.del(key);
  }, 15_000);
});
