import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** mongo-java-server and Kassa's launcher, built by scripts/ensure-mongo.sh; found from the repository root. */
const JAVA_SERVER = join(process.cwd(), '.kassa/mongo-java-server');
const javaServerBuilt = () => existsSync(join(JAVA_SERVER, 'classes', 'KassaMongoTestServer.class'));

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

/** Whether this machine can start a server of its own (a mongod on PATH, or the built mongo-java-server). */
export const canStartMongoServer = () => onPath('mongod') || javaServerBuilt();

export interface MongoServer {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /**
   * Stops the process; the data folder stays, so `startMongoServer({ dir, port, durable: true })`
   * brings it back (a mongod keeps its data anyway; mongo-java-server only on its H2 backend).
   */
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

/**
 * Starts a mongod from PATH, else mongo-java-server, on 127.0.0.1, with data in `dir`.
 * mongo-java-server keeps its data in memory (the fastest, for the suites) unless `durable`: then in
 * an H2 file in `dir`, for the tests that restart the server and expect the data back.
 */
export async function startMongoServer(options: { dir?: string; port?: number; durable?: boolean } = {}): Promise<MongoServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'kassa-mongo-'));
  // A folder made here goes with a failed start, and with the test runner should it exit before destroy().
  const removeOwnDir = () => {
    if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
  };
  const port = options.port ?? (await freePort());
  let child: ChildProcess;
  if (onPath('mongod')) {
    child = spawn('mongod', ['--dbpath', dir, '--port', String(port), '--bind_ip', '127.0.0.1', '--quiet'], { stdio: 'ignore' });
  } else if (javaServerBuilt()) {
    const backend = options.durable ? ['h2', join(dir, 'kassa.mv.db')] : ['memory'];
    // A small heap start and the serial collector: several servers run beside the tests on 2 cores.
    const args = ['-XX:+UseSerialGC', '-Xss512k', '-cp', `${join(JAVA_SERVER, 'classes')}:${join(JAVA_SERVER, 'lib', '*')}`, 'KassaMongoTestServer', String(port), ...backend];
    child = spawn('java', args, { stdio: 'ignore' });
  } else {
    removeOwnDir();
    throw new Error('No MongoDB-compatible server: set MONGO_URL, put mongod on PATH, or run scripts/ensure-mongo.sh (needs Java 17 and Maven) to fetch mongo-java-server.');
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
