import { randomUUID } from 'node:crypto';

/** The two commands the lock needs from an ioredis client. */
export interface LockClient {
  set(key: string, value: string, px: 'PX', ms: number, nx: 'NX'): Promise<'OK' | null>;
  eval(script: string, keys: number, ...args: string[]): Promise<unknown>;
}

// Both act only while the key still holds this holder's token: a run that outlived its lease must
// neither release nor extend the lock a later run now holds.
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
const EXTEND = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

/**
 * Runs `work` unless another run holds `key` (in any process on this Redis): the periodic sweep and
 * relay never overlap, which would only repeat each other's reads and writes. The lease is renewed
 * every third of `leaseMs` while the work runs, and ends `leaseMs` after its holder died. Resolves
 * true when it ran; a failure to release (Redis away) leaves the lease to run out.
 */
export async function runExclusive(client: LockClient, key: string, leaseMs: number, work: () => Promise<unknown>): Promise<boolean> {
  const token = randomUUID();
  if ((await client.set(key, token, 'PX', leaseMs, 'NX')) !== 'OK') return false;
  const renew = setInterval(() => void client.eval(EXTEND, 1, key, token, String(leaseMs)).catch(() => undefined), leaseMs / 3);
  try {
    await work();
    return true;
  } finally {
    clearInterval(renew);
    await client.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}
