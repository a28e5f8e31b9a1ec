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

const OVERRAN = Symbol('overran');

/** What a periodic run may do at most, and who hears when it overran. */
export interface ExclusiveOptions {
  /**
   * How long the lease is renewed at most. A run still going after it (its Redis or MongoDB call
   * hung on a server that died) stops holding the others back: the renewal stops, the lease runs
   * out, and the next tick (here or in another worker) runs beside it, which only repeats work.
   */
  readonly maxHoldMs?: number;
  /** Called once when a run passes `maxHoldMs` (a log line). */
  readonly onOverrun?: () => void;
}

/**
 * Runs `work` unless another run holds `key` (in any process on this Redis): the periodic sweep and
 * relay never overlap, which would only repeat each other's reads and writes. The lease is renewed
 * every third of `leaseMs` while the work runs (up to `maxHoldMs`), and ends `leaseMs` after its
 * holder died. Resolves true when it ran (false when another holds the lock), at the latest
 * `maxHoldMs` after it started: an overrun run goes on unwaited. A failure to release (Redis away)
 * leaves the lease to run out.
 */
export async function runExclusive(client: LockClient, key: string, leaseMs: number, work: () => Promise<unknown>, options: ExclusiveOptions = {}): Promise<boolean> {
  const token = randomUUID();
  if ((await client.set(key, token, 'PX', leaseMs, 'NX')) !== 'OK') return false;
  const renew = setInterval(() => void client.eval(EXTEND, 1, key, token, String(leaseMs)).catch(() => undefined), leaseMs / 3);
  let overrun: NodeJS.Timeout | undefined;
  const overran = new Promise<typeof OVERRAN>((resolve) => {
    if (options.maxHoldMs !== undefined) overrun = setTimeout(() => resolve(OVERRAN), options.maxHoldMs);
  });
  // A `work` that throws at once is a rejected run like any other (its lock released below), never an unrenewed-for-ever lease.
  const running = Promise.resolve().then(work);
  try {
    if ((await Promise.race([running, overran])) === OVERRAN) {
      clearInterval(renew);
      // Its end (or failure) is nobody's to wait for now; the lease it holds runs out by itself.
      running.catch(() => undefined);
      options.onOverrun?.();
      return true;
    }
    await client.eval(RELEASE, 1, key, token).catch(() => undefined);
    return true;
  } catch (e) {
    await client.eval(RELEASE, 1, key, token).catch(() => undefined);
    throw e;
  } finally {
    clearInterval(renew);
    clearTimeout(overrun);
  }
}
