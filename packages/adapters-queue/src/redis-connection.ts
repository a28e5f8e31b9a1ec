import type { ConnectionOptions } from 'bullmq';

/** What a redis:// URL says: options that both BullMQ and an ioredis client of our own take. */
export interface RedisConnection {
  readonly host: string;
  readonly port: number;
  readonly password?: string;
  readonly username?: string;
  readonly db?: number;
  readonly tls?: Record<string, never>;
  readonly maxRetriesPerRequest: null;
}

/**
 * BullMQ's connection options from a redis:// URL. `maxRetriesPerRequest: null`: a worker's blocking
 * commands wait through a Redis outage instead of failing (BullMQ requires it for workers).
 * `rediss://` turns TLS on, so that a password never crosses the network in clear.
 */
export function redisConnection(url: string): RedisConnection {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

/**
 * For a queue that only adds jobs (an api process's scheduler): during a Redis outage a command
 * fails at once instead of waiting, so a request is answered and the due-work sweep does the job later.
 */
export const producerConnection = (connection: ConnectionOptions): ConnectionOptions => ({ ...connection, maxRetriesPerRequest: 1, enableOfflineQueue: false });
