import { randomUUID } from 'node:crypto';

/** The two commands the lock needs from an ioredis client (BullMQ's own connection will do). */
export interface LockClient {
  set(key: string, value: string, px: 'PX', ms: number, nx: 'NX'): Promise<'OK' | null>;
  eval(script: string, keys: number, ...args: string[]): Promise<unknown>;
}

// Deletes the key only while it still holds this holder's token: a run that outlived its lease
// must not release the lock a later run now holds.
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Runs `work` unless another run holds `key` (in any process on this Redis): the periodic sweep and
 * relay never overlap, which would only repeat each other's reads and writes. The lease ends after
 * `leaseMs` should its holder die. Resolves true when it ran.
 */
export async function runExclusive(client: LockClient, key: string, leaseMs: number, work: () => Promise<unknown>): Promise<boolean> {
  const token = randomUUID();
  if ((await client.set(key, token, 'PX', leaseMs, 'NX')) !== 'OK') return false;
  try {
    await work();
    return true;
  } finally {
    await client.eval(RELEASE, 1, key, token);
  }
}
