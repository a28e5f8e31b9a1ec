import { isIP } from 'node:net';
import { connect } from 'node:tls';
import type { HostPort, RedisTarget } from './redis-target.js';

/** The hosts a client reaches first over TLS: a Cluster's given nodes, or the sentinels when they speak TLS. */
const firstTlsHops = (target: RedisTarget): readonly HostPort[] => (target.kind === 'cluster' && target.tls ? target.nodes : target.kind === 'sentinel' && target.sentinelTls ? target.sentinels : []);

/** One verified TLS handshake (Node's defaults: the system's CAs and NODE_EXTRA_CA_CERTS), as the clients make it: undefined, or why it failed. */
function handshake({ host, port }: HostPort, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, ...(isIP(host) ? {} : { servername: host }), timeout: timeoutMs }, () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.on('timeout', () => {
      socket.destroy();
      resolve(`no answer within ${timeoutMs} ms`);
    });
    socket.on('error', (err) => resolve(err.message));
  });
}

/**
 * Why none of the first hops (a Cluster's nodes, TLS sentinels) accepts a verified TLS connection,
 * host by host; undefined when one does, or without TLS. ioredis reports a refused certificate as
 * "Connection is closed.": this names the certificate's fault ("self-signed certificate in
 * certificate chain", a host it does not name), so that the start's log says it.
 */
export async function redisTlsProblem(target: RedisTarget, timeoutMs = 5_000): Promise<string | undefined> {
  const problems: string[] = [];
  for (const hop of firstTlsHops(target)) {
    const problem = await handshake(hop, timeoutMs);
    if (problem === undefined) return undefined;
    problems.push(`${hop.host}:${hop.port}: ${problem}`);
  }
  return problems.length === 0 ? undefined : problems.join('; ');
}
