import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BENCH_PARTNER, BENCH_PROJECT_ID, median, p1Requests, verdict } from './bench-common.js';
import { FREE_PORTS } from '../servers/free-ports.js';

/**
 * `npm run bench`: P1 (signed v4 POST /invoices then GET, 50 connections) against Kassa as `npm
 * start` runs it, with traces exported (OTLP http/protobuf, every request sampled: the SDK's default
 * sampler) to a local receiver, and without, side by side: rounds of both back to back, order
 * alternating; the ratio is the median of the rounds' traced/untraced throughput (issue 35: >= 0.85).
 * BENCH_ROUNDS, BENCH_SECONDS as the JSON benchmark's; BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof`) are given to both servers' Node, to profile them under this load.
 */
const CONNECTIONS = 50;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 6);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const TARGET = 0.85;
const NODE_ARGS = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter((a) => a !== '');
const MAIN = fileURLToPath(new URL('../../../app/dist/main.js', import.meta.url));

// The local receiver: takes every export, counts its bytes, answers an empty (valid) response.
let exported = 0;
let exports = 0;
const receiver = createServer((req, res) => {
  req.on('data', (d: Buffer) => (exported += d.byteLength));
  req.on('end', () => {
    exports += 1;
    res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const dir = mkdtempSync(join(tmpdir(), 'kassa-bench-tracing-'));
const seed = join(dir, 'seed.json');
writeFileSync(seed, JSON.stringify({ partners: [{ ...BENCH_PARTNER, projects: [{ id: BENCH_PROJECT_ID, defaultPrice: { amount: '10.00', currency: 'RUB' } }] }] }));

interface Server {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
}

/** Kassa from its entry (the log read until "kassa started", then let go), on free ports and in memory. */
async function start(name: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [...NODE_ARGS, MAIN], { env: { ...process.env, ...FREE_PORTS, KASSA_DATA_DIR: '', KASSA_SEED_FILE: seed, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    if (!line.includes('"msg":"kassa started"')) continue;
    lines.close();
    child.stdout?.resume();
    return { name, child, url: (JSON.parse(line) as { urls: { api: string } }).urls.api };
  }
  throw new Error(`${name} did not start`);
}

let sequence = 0;
async function measure(server: Server, seconds: number): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: seconds, requests: p1Requests(() => (sequence += 1), 'tracing') });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

const plain = await start('untraced', {});
const traced = await start('traced', { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf', OTEL_SERVICE_NAME: 'kassa-bench' });
try {
  for (const s of [plain, traced]) await measure(s, SECONDS);
  const rows: Record<string, string | number>[] = [];
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? [traced, plain] : [plain, traced];
    const results = new Map<Server, Awaited<ReturnType<typeof measure>>>();
    for (const s of order) results.set(s, await measure(s, SECONDS));
    const t = results.get(traced) as Awaited<ReturnType<typeof measure>>;
    const p = results.get(plain) as Awaited<ReturnType<typeof measure>>;
    ratios.push(t.rps / p.rps);
    rows.push({ round, 'traced req/s': Math.round(t.rps), 'untraced req/s': Math.round(p.rps), 'traced p99 ms': t.p99, 'untraced p99 ms': p.p99, errors: t.errors + p.errors });
  }
  console.log(`\nP1 with traces exported (OTLP http/protobuf to a local receiver, every request sampled) and without, ${CONNECTIONS} connections, ${SECONDS}s x ${ROUNDS} rounds`);
  console.table(rows);
  console.log(`exported: ${exports} requests, ${(exported / 1e6).toFixed(1)} MB of spans`);
  const ratio = median(ratios);
  console.log(
    `throughput ratio traced/untraced (median of the rounds ${ratios.map((r) => r.toFixed(2)).join(' ')}): ${ratio.toFixed(2)} (target >= ${TARGET}) ${verdict(ratio >= TARGET && exports > 0)}`,
  );
} finally {
  for (const s of [plain, traced]) {
    s.child.kill('SIGTERM');
    await new Promise((r) => s.child.once('exit', r));
  }
  receiver.close();
  rmSync(dir, { recursive: true, force: true });
}
