import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './mongo-server.js';

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Stops the process (SIGKILL when `hard`: data not yet saved is lost, as in a crash). */
  stop(hard?: boolean): Promise<void>;
  /** Starts it again on the same port and folder. */
  restart(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** A redis-server from PATH (scripts/ensure-redis.sh) on 127.0.0.1 and a free port, in a temporary folder, no persistence. */
export async function startRedisServer(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-redis-'));
  const port = await freePort();
  let child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--loglevel', 'warning'], { stdio: 'ignore' });
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--loglevel', 'warning'], { stdio: 'ignore' });
    await waitForPort(port, child, 10_000, 'redis-server');
  };
  const killOnExit = () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);
  try {
    await waitForPort(port, child, 10_000, 'redis-server');
  } catch (err) {
    killOnExit();
    throw err;
  }
  const stop = async (hard = false) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(hard ? 'SIGKILL' : 'SIGTERM');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    restart: start,
    destroy: async () => {
      process.removeListener('exit', killOnExit);
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
