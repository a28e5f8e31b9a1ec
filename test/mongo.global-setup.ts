import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUrl: string;
  }
}

const FERRETDB = join(process.cwd(), '.kassa/bin/ferretdb');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function waitForPort(port: number, child: ChildProcess, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the MongoDB-compatible server exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the MongoDB-compatible server did not listen on ${port} within ${ms} ms`);
}

const onPath = (name: string) => (process.env['PATH'] ?? '').split(':').some((dir) => existsSync(join(dir, name)));

/**
 * Provides `mongoUrl` to the tests: MONGO_URL when given; else a mongod on PATH; else FerretDB
 * (built by scripts/ensure-mongo.sh) with its SQLite backend in a temporary folder. Stops what it started.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env['MONGO_URL'];
  if (given) {
    project.provide('mongoUrl', given);
    return async () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'kassa-mongo-'));
  const port = await freePort();
  let child: ChildProcess;
  if (onPath('mongod')) {
    child = spawn('mongod', ['--dbpath', dir, '--port', String(port), '--bind_ip', '127.0.0.1', '--quiet'], { stdio: 'ignore' });
  } else if (existsSync(FERRETDB)) {
    child = spawn(FERRETDB, ['--handler=sqlite', `--sqlite-url=file:${dir}/`, `--state-dir=${dir}`, `--listen-addr=127.0.0.1:${port}`, '--telemetry=disable', '--log-level=error', '--debug-addr=-'], { stdio: 'ignore' });
  } else {
    throw new Error('No MongoDB-compatible server: set MONGO_URL, put mongod on PATH, or run scripts/ensure-mongo.sh (needs Go) to build FerretDB.');
  }
  await waitForPort(port, child);
  project.provide('mongoUrl', `mongodb://127.0.0.1:${port}/`);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
    rmSync(dir, { recursive: true, force: true });
  };
}
