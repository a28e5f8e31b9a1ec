import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Built by scripts/ensure-mongo.sh; found from the repository root. */
const FERRETDB = join(process.cwd(), '.kassa/bin/ferretdb');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const onPath = (name: string) => (process.env['PATH'] ?? '').split(':').some((dir) => existsSync(join(dir, name)));

/** Whether this machine can start a server of its own (a mongod on PATH, or the built FerretDB). */
export const canStartMongoServer = () => onPath('mongod') || existsSync(FERRETDB);

export interface MongoServer {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** Stops the process; the data folder stays, so `startMongoServer({ dir, port })` brings it back. */
  stop(): Promise<void>;
  /** Stops it and removes its data. */
  destroy(): Promise<void>;
}

/** Waits until `child` listens on `port` (or fails when it exits first). */
export async function waitForPort(port: number, child: ChildProcess, ms = 20_000, what = 'the MongoDB-compatible server'): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not listen on ${port} within ${ms} ms`);
}

/** Starts a mongod from PATH, else FerretDB (SQLite backend), on 127.0.0.1, with data in `dir`. */
export async function startMongoServer(options: { dir?: string; port?: number } = {}): Promise<MongoServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'kassa-mongo-'));
  // A folder made here goes with a failed start, and with the test runner should it exit before destroy().
  const removeOwnDir = () => {
    if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
  };
  const port = options.port ?? (await freePort());
  let child: ChildProcess;
  if (onPath('mongod')) {
    child = spawn('mongod', ['--dbpath', dir, '--port', String(port), '--bind_ip', '127.0.0.1', '--quiet'], { stdio: 'ignore' });
  } else if (existsSync(FERRETDB)) {
    // synchronous(normal): in WAL mode a commit is not flushed to disk (a test's data lives in a
    // temporary folder); writes then take about two thirds of the time (docs/decisions.md).
    const args = [
      '--handler=sqlite',
      `--sqlite-url=file:${dir}/?_pragma=synchronous(normal)`,
      `--state-dir=${dir}`,
      `--listen-addr=127.0.0.1:${port}`,
      '--telemetry=disable',
      '--log-level=error',
      '--debug-addr=-',
    ];
    child = spawn(FERRETDB, args, { stdio: 'ignore' });
  } else {
    removeOwnDir();
    throw new Error('No MongoDB-compatible server: set MONGO_URL, put mongod on PATH, or run scripts/ensure-mongo.sh (needs Go) to build FerretDB.');
  }
  // Should the test runner die, the server (and a folder made here) goes with it.
  const killOnExit = () => {
    child.kill('SIGKILL');
    removeOwnDir();
  };
  process.once('exit', killOnExit);
  try {
    await waitForPort(port, child);
  } catch (err) {
    process.removeListener('exit', killOnExit);
    killOnExit();
    throw err;
  }
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
  return {
    url: `mongodb://127.0.0.1:${port}/`,
    port,
    dir,
    stop,
    destroy: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
