import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
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
    // A twin of the first claim: a key set just after it with the same TTL, gone once the first claim would have run out.
    const firstClaimsEnd = `${key}:first-claims-end`;
    await claimPartitions(redis, key, 3, 600);
    await redis.set(firstClaimsEnd, '1', 'PX', 600);
    // Late in the first claim's life (less than 300 ms of its 600 left), a second process with the same count renews the record.
    await vi.waitFor(async () => expect(await redis.pttl(key)).toBeLessThan(300), { timeout: 5_000 });
    await claimPartitions(redis, key, 3, 600);
    expect(await redis.pttl(key)).toBeGreaterThan(300);
    // One with another count is refused at once.
    const refused = await claimPartitions(redis, key, 1, 600).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PartitionsMismatch);
    expect(refused).toMatchObject({ mine: 1, recorded: 3 });
    expect(String((refused as Error).message)).toContain('KASSA_QUEUE_PARTITIONS is 1 here but 3');
    expect(await redis.get(key)).toBe('3');
    // The renewal held: past the first claim's 600 ms (its twin gone), the record is still there.
    await vi.waitFor(async () => expect(await redis.exists(firstClaimsEnd)).toBe(0), { timeout: 5_000 });
    expect(await redis.get(key)).toBe('3');
    // Every process with 3 stopped: the record runs out, and a deployment with 1 starts.
    await vi.waitFor(async () => expect(await redis.exists(key)).toBe(0), { timeout: 5_000 });
    await claimPartitions(redis, key, 1, 600);
    expect(await redis.get(key)).toBe('1');
    await redis.del(key);
  });
});
