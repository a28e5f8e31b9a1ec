import type { RedisClient } from './redis-target.js';

// Sets the key to this process's count unless it holds another one; answers what it holds then.
const CLAIM = "local v = redis.call('get', KEYS[1]) if v and v ~= ARGV[1] then return v end redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return ARGV[1]";

/** How long the deployment's record of KASSA_QUEUE_PARTITIONS outlives its last process (each renews it). */
export const PARTITIONS_CLAIM_TTL_MS = 60_000;

/**
 * Where the deployment's KASSA_QUEUE_PARTITIONS is recorded: one key whose name does not depend on
 * the count (on a Cluster, its own hash tag), so that processes with different counts read the same.
 */
export const partitionsKey = (prefix: string, hashTagged: boolean): string => `${hashTagged ? `{${prefix}}` : prefix}:partitions`;

/** The count the deployment runs with, when it is not this process's. */
export class PartitionsMismatch extends Error {
  constructor(
    readonly mine: number,
    readonly recorded: number,
  ) {
    super(
      `KASSA_QUEUE_PARTITIONS is ${mine} here but ${recorded} in the processes running on this Redis: a project's jobs would go to a queue the others' workers never read. ` +
        `Give every process the same count; to change it, stop every process and start them again after ${PARTITIONS_CLAIM_TTL_MS / 1000} s (docs/operations.md, "Partitions")`,
    );
  }
}

/**
 * Records `partitions` as the deployment's count for PARTITIONS_CLAIM_TTL_MS, or throws
 * PartitionsMismatch when a process still running recorded another. Every process (api and worker)
 * claims at its start and renews its claim while it runs.
 */
export async function claimPartitions(client: Pick<RedisClient, 'eval'>, key: string, partitions: number, ttlMs = PARTITIONS_CLAIM_TTL_MS): Promise<void> {
  const held = Number(await client.eval(CLAIM, 1, key, String(partitions), String(ttlMs)));
  if (held !== partitions) throw new PartitionsMismatch(partitions, held);
}
