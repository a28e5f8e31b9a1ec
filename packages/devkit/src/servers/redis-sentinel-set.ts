import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './mongo-server.js';
import { RedisGroup, type RedisProcess, type RedisTlsFiles, redisCliOf, serverArgs, tlsArgs, waitUntil } from './redis-processes.js';

/** A master, a replica and three sentinels (Debian's redis-server and redis-sentinel) on loopback ports. */
export interface RedisSentinelSet {
  /** The name the sentinels monitor the master under (KASSA_REDIS_SENTINEL_MASTER). */
  readonly masterName: string;
  /** KASSA_REDIS_SENTINELS: `127.0.0.1:port,…`. */
  readonly sentinels: string;
  /** The port of the master the sentinels name now. */
  masterPort(): Promise<number>;
  /**
   * Cuts the replica off the current master once it holds everything the master wrote so far: from
   * then on it reads nothing from the master (it is told to sign in to the master as a user the
   * master does not know, and its link is closed, so that each attempt to reconnect fails) but still
   * answers the sentinels, which may promote it. Promote it within 10 s of the master's death: a
   * sentinel passes over a replica whose link has been down longer than 10 × down-after-milliseconds
   * beyond the master's own downtime. Resolves with the replica's port.
   */
  cutReplica(): Promise<number>;
  /** SIGKILLs the current master; resolves with its port. */
  killMaster(): Promise<number>;
  /** Waits until the sentinels name another master than `port` and it answers as a master; its port. */
  failedOver(port: number, ms: number): Promise<number>;
  destroy(): Promise<void>;
}

const NAME = 'kassa';

/** How a test's set is made: by default plain. */
export interface RedisSentinelOptions {
  /** TLS only, servers and sentinels (`tls-port`, replication and the sentinels' links too); clients trust `tls.ca`. */
  readonly tls?: RedisTlsFiles;
}

/**
 * Starts the set and waits until it is whole: the replica in sync, and each sentinel knowing the
 * replica and the two other sentinels (else a failover could not happen). A master is judged down
 * after 1 s without an answer (down-after-milliseconds), so that a test's failover takes seconds.
 */
export async function startRedisSentinelSet(options: RedisSentinelOptions = {}): Promise<RedisSentinelSet> {
  const group = new RedisGroup();
  const { tls } = options;
  const redisCli = redisCliOf(tls);
  try {
    const servers = new Map<number, RedisProcess>();
    const masterPort = await freePort();
    const replicaPort = await freePort();
    const tlsOn = (port: number) => (tls ? tlsArgs(port, tls) : []);
    servers.set(masterPort, await group.start('redis-server', serverArgs(masterPort, ...tlsOn(masterPort)), masterPort));
    servers.set(replicaPort, await group.start('redis-server', serverArgs(replicaPort, '--replicaof', '127.0.0.1', String(masterPort), ...tlsOn(replicaPort)), replicaPort));
    await waitUntil(async () => (await redisCli(replicaPort, 'INFO', 'replication')).includes('master_link_status:up'), 20_000, 'the replica in sync');
    const sentinelPorts: number[] = [];
    for (let n = 0; n < 3; n++) {
      const port = await freePort();
      const conf = join(group.dir, `sentinel-${n}.conf`);
      // The sentinel rewrites its file (what it learned): one of its own, writable.
      writeFileSync(
        conf,
        [
          ...(tls
            ? // TLS only; tls-replication: the sentinel speaks TLS to the servers and to the other sentinels.
              ['port 0', `tls-port ${port}`, `tls-cert-file ${tls.cert}`, `tls-key-file ${tls.key}`, `tls-ca-cert-file ${tls.ca}`, 'tls-auth-clients no', 'tls-replication yes']
            : [`port ${port}`]),
          'bind 127.0.0.1',
          `dir ${group.dir}`,
          `sentinel monitor ${NAME} 127.0.0.1 ${masterPort} 2`,
          `sentinel down-after-milliseconds ${NAME} 1000`,
          `sentinel failover-timeout ${NAME} 10000`,
          `sentinel parallel-syncs ${NAME} 1`,
          '',
        ].join('\n'),
      );
      await group.start('redis-sentinel', [conf], port);
      sentinelPorts.push(port);
    }
    for (const port of sentinelPorts) {
      await waitUntil(
        async () => {
          const master = await redisCli(port, 'SENTINEL', 'master', NAME);
          const lines = master.split('\n').map((l) => l.trim());
          const value = (key: string) => lines[lines.indexOf(key) + 1];
          return value('num-slaves') === '1' && value('num-other-sentinels') === '2';
        },
        30_000,
        `sentinel ${port} knowing the replica and the other sentinels`,
      );
    }
    const masterNow = async () => {
      for (const port of sentinelPorts) {
        const answer = await redisCli(port, 'SENTINEL', 'get-master-addr-by-name', NAME).catch(() => '');
        const p = Number(answer.trim().split('\n')[1]);
        if (p > 0) return p;
      }
      throw new Error('no sentinel names a master');
    };
    return {
      masterName: NAME,
      sentinels: sentinelPorts.map((p) => `127.0.0.1:${p}`).join(','),
      masterPort: masterNow,
      async cutReplica() {
        const master = await masterNow();
        const replica = [...servers].find(([port, server]) => port !== master && server.alive())?.[0];
        if (replica === undefined) throw new Error('no replica to cut off');
        const field = async (port: number, name: string) => {
          const found = new RegExp(`^${name}:(\\S+)`, 'm').exec(await redisCli(port, 'INFO', 'replication'));
          return found?.[1] ?? '';
        };
        const written = Number(await field(master, 'master_repl_offset'));
        await waitUntil(async () => Number(await field(replica, 'slave_repl_offset')) >= written, 10_000, 'the replica caught up');
        await redisCli(replica, 'CONFIG', 'SET', 'masteruser', 'kassa-cut-off', 'masterauth', 'not-the-password');
        await redisCli(replica, 'CLIENT', 'KILL', 'TYPE', 'master');
        await waitUntil(async () => (await field(replica, 'master_link_status')) === 'down' && (await field(master, 'connected_slaves')) === '0', 10_000, 'the replica cut off');
        return replica;
      },
      async killMaster() {
        const port = await masterNow();
        await servers.get(port)?.kill();
        return port;
      },
      async failedOver(old, ms) {
        let promoted = 0;
        await waitUntil(
          async () => {
            promoted = await masterNow();
            return promoted !== old && (await redisCli(promoted, 'ROLE')).startsWith('master');
          },
          ms,
          'a replica promoted',
        );
        return promoted;
      },
      destroy: () => group.destroy(),
    };
  } catch (err) {
    await group.destroy();
    throw err;
  }
}
