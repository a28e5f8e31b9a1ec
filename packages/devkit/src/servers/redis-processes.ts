import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { waitForPort } from './mongo-server.js';

const run = promisify(execFile);

/** One redis-server or redis-sentinel of a group the tests start, on 127.0.0.1. */
export interface RedisProcess {
  readonly port: number;
  alive(): boolean;
  /** SIGKILL, as in a crash: what it had not replicated is lost. */
  kill(): Promise<void>;
}

/**
 * A group of Redis processes in one temporary folder, all killed when the group is destroyed or the
 * test process exits (a failed test leaves none behind).
 */
export class RedisGroup {
  readonly dir = mkdtempSync(join(tmpdir(), 'kassa-redis-group-'));
  private readonly children: ChildProcess[] = [];
  private readonly killAll = () => {
    for (const child of this.children) child.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  };

  constructor() {
    process.once('exit', this.killAll);
  }

  /** Starts `command args` (redis-server or redis-sentinel) and waits for its port. */
  async start(command: 'redis-server' | 'redis-sentinel', args: readonly string[], port: number): Promise<RedisProcess> {
    const child = spawn(command, [...args], { stdio: 'ignore', cwd: this.dir });
    this.children.push(child);
    await waitForPort(port, child, 10_000, command);
    const exited = () => child.exitCode !== null || child.signalCode !== null;
    return {
      port,
      alive: () => !exited(),
      kill: async () => {
        if (exited()) return;
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await gone;
      },
    };
  }

  async destroy(): Promise<void> {
    process.removeListener('exit', this.killAll);
    this.killAll();
  }
}

/** Runs redis-cli against 127.0.0.1:`port`; its answer's text. */
export async function redisCli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { timeout: 60_000 });
  return stdout;
}

/** A redis-server's certificate, its key and the CA that signed it (PEM paths), for TLS. */
export interface RedisTlsFiles {
  readonly cert: string;
  readonly key: string;
  readonly ca: string;
}

/** redis-cli as `redisCli` takes it: on the plain port, or over TLS trusting `tls.ca`. */
export type RedisCli = (port: number, ...args: string[]) => Promise<string>;
export const redisCliOf = (tls?: RedisTlsFiles): RedisCli => (tls ? (port, ...args) => redisCli(port, '--tls', '--cacert', tls.ca, ...args) : redisCli);

/**
 * More redis-server arguments (after `serverArgs`) that leave only TLS on `port`: the plain port off
 * (`--port 0`, the last one wins), TLS between the servers too (cluster bus, replication), and
 * clients not asked for a certificate of their own (a password signs them in).
 */
export const tlsArgs = (port: number, tls: RedisTlsFiles): string[] => [
  '--port',
  '0',
  '--tls-port',
  String(port),
  '--tls-cert-file',
  tls.cert,
  '--tls-key-file',
  tls.key,
  '--tls-ca-cert-file',
  tls.ca,
  '--tls-auth-clients',
  'no',
  '--tls-cluster',
  'yes',
  '--tls-replication',
  'yes',
];

/** Waits until `check` holds (polling every 200 ms), for at most `ms`. */
export async function waitUntil(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A redis-server's arguments: loopback, no persistence (a killed master's data is gone, as the tests want). */
export const serverArgs = (port: number, ...more: string[]): string[] => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning', ...more];
