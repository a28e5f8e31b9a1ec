import { freePort } from './mongo-server.js';
import { type RedisCli, RedisGroup, type RedisProcess, type RedisTlsFiles, redisCliOf, serverArgs, tlsArgs, waitUntil } from './redis-processes.js';

/** How a test's Cluster is made: by default plain, three masters each with a replica. */
export interface RedisClusterOptions {
  /** TLS only (`--tls-port`, the bus and replication too); clients trust `tls.ca` (NODE_EXTRA_CA_CERTS). */
  readonly tls?: RedisTlsFiles;
  /** Whether each master has a replica (default true); without, three nodes start, which is quicker. */
  readonly replicas?: boolean;
}

/** A Redis Cluster of three masters, each with a replica (redis-server --cluster-enabled yes), on loopback ports. */
export interface RedisClusterSet {
  /** KASSA_REDIS_CLUSTER_NODES: every node, `127.0.0.1:port,…`. */
  readonly nodes: string;
  /** The port of the master serving a key's slot now (`{tag}` keys: the tag's). */
  masterOf(key: string): Promise<number>;
  /** The keys each live master holds, by port. */
  keysByMaster(): Promise<Record<number, string[]>>;
  /** SIGKILLs the node on `port`. */
  kill(port: number): Promise<void>;
  /** Waits until the slots of the dead master `port` are served by its promoted replica (the cluster's state ok on every live node). */
  failedOver(port: number, ms: number): Promise<void>;
  destroy(): Promise<void>;
}

/** `CLUSTER NODES` of a live node: each node's port, role and slot ranges. */
async function clusterNodes(redisCli: RedisCli, port: number) {
  const text = await redisCli(port, 'CLUSTER', 'NODES');
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [, address, flags, , , , , , ...slots] = line.split(' ');
      return {
        port: Number((address ?? '').split(':')[1]?.split('@')[0]),
        master: (flags ?? '').includes('master') && !(flags ?? '').includes('fail'),
        ranges: slots.filter((s) => /^\d/.test(s)).map((s) => s.split('-').map(Number) as [number, number?]),
      };
    });
}

/**
 * Starts six nodes, makes them one cluster (`redis-cli --cluster create … --cluster-replicas 1`) and
 * waits for its state ok. A master is failed after 2 s without an answer (cluster-node-timeout), and
 * its replica takes over however long ago it last heard from it (cluster-replica-validity-factor 0:
 * by default a quiet test cluster's replica judged its data too old and no failover came); each
 * node's bus port is a free port of its own (cluster-port), not port+10000, which may not exist.
 */
export async function startRedisCluster(options: RedisClusterOptions = {}): Promise<RedisClusterSet> {
  const group = new RedisGroup();
  const redisCli = redisCliOf(options.tls);
  const replicas = options.replicas ?? true;
  try {
    const nodes = new Map<number, RedisProcess>();
    for (let n = 0; n < (replicas ? 6 : 3); n++) {
      // A free port may be taken by another suite between the look and redis-server's bind (it then
      // exits at once): the node is started again on other ports, at most three times.
      for (let attempt = 1; ; attempt++) {
        const port = await freePort();
        const bus = await freePort();
        const args = serverArgs(
          port,
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          `nodes-${port}.conf`,
          '--cluster-node-timeout',
          '2000',
          '--cluster-replica-validity-factor',
          '0',
          '--cluster-port',
          String(bus),
          '--dir',
          group.dir,
          ...(options.tls ? tlsArgs(port, options.tls) : []),
        );
        try {
          nodes.set(port, await group.start('redis-server', args, port));
          break;
        } catch (e) {
          if (attempt >= 3) throw e;
        }
      }
    }
    const ports = [...nodes.keys()];
    await redisCli(ports[0] as number, '--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', replicas ? '1' : '0', '--cluster-yes');
    const live = () => ports.find((p) => nodes.get(p)?.alive()) as number;
    const healed = (dead: number | undefined, ms: number) =>
      waitUntil(
        async () => {
          for (const port of ports.filter((p) => nodes.get(p)?.alive())) {
            if (!(await redisCli(port, 'CLUSTER', 'INFO')).includes('cluster_state:ok')) return false;
            // Every slot held by a live master in this node's view, none by the dead one.
            const view = await clusterNodes(redisCli, port);
            if (view.some((n) => n.port === dead && n.master)) return false;
            const served = view.filter((n) => n.master).reduce((sum, n) => sum + n.ranges.reduce((k, [from, to]) => k + (to ?? from) - from + 1, 0), 0);
            if (served !== 16_384) return false;
          }
          return true;
        },
        ms,
        'every slot served by a live master',
      );
    await healed(undefined, 30_000);
    return {
      nodes: ports.map((p) => `127.0.0.1:${p}`).join(','),
      async masterOf(key) {
        const slot = Number((await redisCli(live(), 'CLUSTER', 'KEYSLOT', key)).trim());
        const owner = (await clusterNodes(redisCli, live())).find((n) => n.master && n.ranges.some(([from, to]) => slot >= from && slot <= (to ?? from)));
        if (!owner) throw new Error(`no master serves slot ${slot}`);
        return owner.port;
      },
      async keysByMaster() {
        const masters = (await clusterNodes(redisCli, live())).filter((n) => n.master && nodes.get(n.port)?.alive());
        const keys: Record<number, string[]> = {};
        for (const m of masters) keys[m.port] = (await redisCli(m.port, '--scan')).split('\n').filter(Boolean);
        return keys;
      },
      kill: async (port) => nodes.get(port)?.kill(),
      failedOver: (port, ms) => healed(port, ms),
      destroy: () => group.destroy(),
    };
  } catch (err) {
    await group.destroy();
    throw err;
  }
}
