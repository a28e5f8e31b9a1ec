import { Cluster, Redis } from 'ioredis';
import { redisConnection } from './redis-connection.js';

/** A Redis server's address. */
export interface HostPort {
  readonly host: string;
  readonly port: number;
}

/**
 * Which Redis Kassa's queue lives on: one server (REDIS_URL), a master found through Sentinel
 * (KASSA_REDIS_SENTINELS + KASSA_REDIS_SENTINEL_MASTER), or a Redis Cluster (KASSA_REDIS_CLUSTER_NODES).
 */
export type RedisTarget =
  | { readonly kind: 'single'; readonly url: string }
  | {
      readonly kind: 'sentinel';
      readonly sentinels: readonly HostPort[];
      readonly master: string;
      /** The master's and replicas' password (KASSA_REDIS_PASSWORD). */
      readonly password?: string;
      /** The sentinels' own password (KASSA_REDIS_SENTINEL_PASSWORD), when they have one. */
      readonly sentinelPassword?: string;
      /** TLS to the master and replicas (KASSA_REDIS_TLS). */
      readonly tls?: boolean;
      /** TLS to the sentinels themselves (KASSA_REDIS_SENTINEL_TLS, by default KASSA_REDIS_TLS's value). */
      readonly sentinelTls?: boolean;
    }
  | {
      readonly kind: 'cluster';
      readonly nodes: readonly HostPort[];
      readonly password?: string;
      /** TLS to every node of the Cluster (KASSA_REDIS_TLS). */
      readonly tls?: boolean;
    };

/** An ioredis client on one server, on the master behind Sentinel, or on a Cluster. */
export type RedisClient = Redis | Cluster;

/**
 * `worker`: commands wait through an outage or a failover (BullMQ requires `maxRetriesPerRequest:
 * null` for workers). `producer` (an api process adding jobs): a command fails at once while Redis
 * is away, so that a request is answered and the due-work sweep does the job later.
 */
export type RedisUse = 'worker' | 'producer';

/** Parses `host:port,host:port` (KASSA_REDIS_SENTINELS, KASSA_REDIS_CLUSTER_NODES); undefined when a part is not one. */
export function hostPorts(text: string): HostPort[] | undefined {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const list: HostPort[] = [];
  for (const part of parts) {
    const m = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):([0-9]{1,5})$/.exec(part);
    const port = Number(m?.[2]);
    if (!m || port < 1 || port > 65535) return undefined;
    list.push({ host: (m[1] as string).replace(/^\[|\]$/g, ''), port });
  }
  return list.length === 0 ? undefined : list;
}

/** Whether every key must carry a hash tag: a Cluster refuses a multi-key script across slots. */
export const needsHashTags = (target: RedisTarget): boolean => target.kind === 'cluster';

/**
 * A connection that gets no byte back for this long while a command waits is taken as dead, and
 * made anew (ioredis's `socketTimeout`). A Redis host gone without a reset (a crash, a partition:
 * the socket stays open and silent) otherwise held a worker's connection, and the worker, for ever.
 * Longer than BullMQ's longest blocking wait (10 s) and any Kassa command.
 */
export const REDIS_SOCKET_TIMEOUT_MS = 15_000;

/**
 * A producer's (an api process adding a job) command that gets no answer in this long fails: the
 * request that asked for the job is answered, and the due-work sweep does the job. Never on a
 * worker's clients (BullMQ's blocking waits last up to 10 s).
 */
export const PRODUCER_COMMAND_TIMEOUT_MS = 2_000;

/**
 * Node's TLS options for a Redis connection: Node's defaults, so the certificate is verified against
 * the system's CAs and those of NODE_EXTRA_CA_CERTS (a private CA), and must name the host connected
 * to. A new object each time: a client may add its own fields to it.
 */
const verifiedTls = (): Record<string, never> => ({});

/** The client's timeouts: today's defaults, shorter in the tests that wait for them. */
export interface RedisTimeouts {
  /** How long a connection waits for a byte while a command waits before it is taken as dead (default REDIS_SOCKET_TIMEOUT_MS). */
  readonly socketTimeoutMs?: number;
  /** How long a producer's command waits for its answer (default PRODUCER_COMMAND_TIMEOUT_MS; never on a worker's clients). */
  readonly producerCommandTimeoutMs?: number;
}

/** A new client on the target; its caller closes it (`disconnect()`). */
export function redisClient(target: RedisTarget, use: RedisUse, timeouts: RedisTimeouts = {}): RedisClient {
  const waits = use === 'worker';
  const retries = {
    ...(waits ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 1, commandTimeout: timeouts.producerCommandTimeoutMs ?? PRODUCER_COMMAND_TIMEOUT_MS }),
    socketTimeout: timeouts.socketTimeoutMs ?? REDIS_SOCKET_TIMEOUT_MS,
  };
  switch (target.kind) {
    case 'single':
      return new Redis({ ...redisConnection(target.url), ...retries, ...(waits ? {} : { enableOfflineQueue: false }) });
    case 'sentinel':
      return new Redis({
        sentinels: target.sentinels.map((s) => ({ host: s.host, port: s.port })),
        name: target.master,
        ...(target.password === undefined ? {} : { password: target.password }),
        ...(target.sentinelPassword === undefined ? {} : { sentinelPassword: target.sentinelPassword }),
        // ioredis applies `tls` to the master and replicas only with enableTLSForSentinelMode; the sentinels take sentinelTLS.
        ...(target.tls ? { tls: verifiedTls(), enableTLSForSentinelMode: true } : {}),
        ...(target.sentinelTls ? { sentinelTLS: verifiedTls() } : {}),
        // Subscribes to the sentinels' +switch-master: the client moves to a promoted replica as soon
        // as the sentinels agree, not only when its connection to the dead master times out.
        failoverDetector: true,
        ...retries,
        ...(waits ? {} : { enableOfflineQueue: false }),
      });
    case 'cluster':
      return new Cluster(
        target.nodes.map((n) => ({ host: n.host, port: n.port })),
        {
          redisOptions: { ...(target.password === undefined ? {} : { password: target.password }), ...(target.tls ? { tls: verifiedTls() } : {}), ...retries },
          // A node's certificate names the host the operator gave (a managed Cluster's endpoint): ioredis
          // would connect to the name's address and check the certificate against that (its README's advice for TLS).
          ...(target.tls ? { dnsLookup: (address: string, done: (err: null, address: string) => void) => done(null, address) } : {}),
          // While a failed master's slots move to its replica, commands are retried (workers) or fail (producers).
          enableOfflineQueue: waits,
          retryDelayOnClusterDown: 300,
          retryDelayOnFailover: 200,
          slotsRefreshInterval: 2_000,
        },
      );
  }
}

/**
 * The key prefix of one partition of Kassa's queue. One partition on one server or behind Sentinel:
 * the configured prefix itself (today's keys). Several partitions: `<prefix>-<n>`. On a Cluster each
 * is a hash tag (`{<prefix>-<n>}`): every key of a partition, BullMQ's and the locks', in one slot,
 * and the partitions spread over the masters.
 */
export function partitionPrefix(prefix: string, partition: number, partitions: number, hashTagged: boolean): string {
  const name = partitions === 1 ? prefix : `${prefix}-${partition}`;
  return hashTagged ? `{${name}}` : name;
}

/** The partition of a project's jobs: every job of one project on one queue, the projects spread over the partitions. */
export const partitionOf = (projectId: number, partitions: number): number => ((Math.trunc(projectId) % partitions) + partitions) % partitions;
