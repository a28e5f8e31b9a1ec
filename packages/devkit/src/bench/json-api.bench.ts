import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cpuSecondsOf, median, p1Requests, startBenchServer as startServer, stopBenchServer, verdict } from './bench-common.js';

/**
 * `npm run bench`: P1, a signed (v4) POST /invoices then GET of it, 50 connections, against Kassa
 * embedded as `npm start` runs it (a data folder, the request log, metrics, the requests page's
 * recording, Idempotency-Key) and against a bare Express 5 route doing the same parsing and HMAC
 * checks, in one run. Prints throughput, p99, CPU per request and the ratio Kassa / baseline: the
 * median of the rounds' ratios, each round measuring both servers back to back (the machine's speed
 * drifts by 10-20%). Then the same with an Idempotency-Key on every POST, and a cost table: the ratio
 * with one part switched off at a time, so that a regression shows which part moved.
 *
 * BENCH_ROUNDS, BENCH_SECONDS: the main measurement's rounds and seconds; BENCH_TARGET its target
 * (0.8); BENCH_COST_TABLE=0 leaves the variants out (the test command's short, loose form).
 */
const CONNECTIONS = 50;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 6);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const TARGET = Number(process.env['BENCH_TARGET'] ?? 0.8);
/** P1 with an Idempotency-Key on every POST: each key is stored, and its answer sealed, on the answer's path. */
const KEYED_TARGET = 0.75;
const COST_TABLE = process.env['BENCH_COST_TABLE'] !== '0';
/** The variants' rounds and seconds: fewer, enough to tell a part's cost. */
const VARIANT_ROUNDS = 2;
const VARIANT_SECONDS = 4;

// A profiling run (BENCH_URL) may follow another on the same server: its customers (MSISDNs from the
// sequence) start elsewhere, or each POST would meet the last run's open invoice (409).
let sequence = process.env['BENCH_URL'] ? (process.pid % 9000) * 1_000_000 : 0;

interface Measured {
  readonly name: string;
  readonly rps: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  /** Server CPU time (user + system) per request, in microseconds; steadier than req/s on a noisy machine. */
  readonly cpuUs?: number;
}

interface Server {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
  /** Whether its POSTs carry an Idempotency-Key. */
  readonly keyed: boolean;
}

async function measure(server: Server, seconds: number, label = server.name): Promise<Measured & { total: number }> {
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: p1Requests(() => (sequence += 1), 'bench', { idempotencyKey: server.keyed }),
  });
  return { name: label, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, total: result.requests.total };
}

/** One measurement window of a running server, with its CPU time per request over that window. */
async function window(server: Server, round: number, seconds: number): Promise<Measured> {
  const before = cpuSecondsOf(server.child.pid);
  const measured = await measure(server, seconds, `${server.name}#${round}`);
  const after = cpuSecondsOf(server.child.pid);
  return before === undefined || after === undefined ? measured : { ...measured, cpuUs: ((after - before) / measured.total) * 1e6 };
}

/** Rounds of `kassa` and `baseline` back to back, order alternating: the rows and each round's ratio. */
async function rounds(kassa: Server, baseline: Server, count: number, seconds: number): Promise<{ rows: Measured[]; ratios: number[] }> {
  const rows: Measured[] = [];
  const ratios: number[] = [];
  for (let round = 1; round <= count; round++) {
    const order = round % 2 === 1 ? [kassa, baseline] : [baseline, kassa];
    const [first, second] = [await window(order[0] as Server, round, seconds), await window(order[1] as Server, round, seconds)];
    const [k, b] = round % 2 === 1 ? [first, second] : [second, first];
    rows.push(k, b);
    ratios.push(k.rps / b.rps);
  }
  return { rows, ratios };
}

const dirs: string[] = [];
/** Kassa as `npm start` runs it (a data folder of its own), with `off` switched off; `keyed`: POSTs carry an Idempotency-Key. */
async function kassaServer(name: string, keyed: boolean, env: Record<string, string> = {}): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-bench-p1-'));
  dirs.push(dir);
  return { name, keyed, ...(await startServer('./kassa-server.js', { BENCH_DATA_DIR: dir, ...env })) };
}

// Profiling aid: BENCH_URL=<base url> measures one running server and stops.
if (process.env['BENCH_URL']) {
  console.log(await measure({ name: 'target', url: process.env['BENCH_URL'], keyed: process.env['BENCH_KEYED'] === '1', child: undefined as unknown as ChildProcess }, SECONDS));
  process.exit(0);
}

const baseline: Server = { name: 'baseline', keyed: false, ...(await startServer('./baseline-server.js')) };
const kassa = await kassaServer('kassa', false);
const servers: Server[] = [baseline, kassa];
try {
  // Both servers stay up for the whole run, each warmed up once; then every round measures one right
  // after the other, in alternating order, so a slow spell of this shared machine hits both alike.
  for (const server of servers) await measure(server, SECONDS, `${server.name} (warm-up)`);
  const main = await rounds(kassa, baseline, ROUNDS, SECONDS);
  console.log(
    `\nsigned v4 POST /invoices + GET, ${CONNECTIONS} connections, ${SECONDS}s per measurement, ${ROUNDS} rounds (each: both servers back to back, order alternating); Kassa embedded with a data folder, everything on`,
  );
  console.table(
    main.rows.map((r) => ({ server: r.name, 'req/s': Math.round(r.rps), 'p99 ms': r.p99, 'cpu us/req': r.cpuUs === undefined ? '-' : Math.round(r.cpuUs), errors: r.errors, non2xx: r.non2xx })),
  );
  const mean = (prefix: string) => {
    const of = main.rows.filter((r) => r.name.startsWith(prefix));
    const avg = (f: (r: Measured) => number) => of.reduce((s, r) => s + f(r), 0) / of.length;
    return { rps: avg((r) => r.rps), p99: avg((r) => r.p99), cpuUs: of.every((r) => r.cpuUs !== undefined) ? avg((r) => r.cpuUs ?? 0) : undefined };
  };
  const k = mean('kassa');
  const b = mean('baseline');
  console.log(`kassa ${Math.round(k.rps)} req/s (p99 ${k.p99.toFixed(1)} ms), baseline ${Math.round(b.rps)} req/s (p99 ${b.p99.toFixed(1)} ms)`);
  if (k.cpuUs !== undefined && b.cpuUs !== undefined)
    console.log(`server CPU per request: kassa ${Math.round(k.cpuUs)} us, baseline ${Math.round(b.cpuUs)} us (baseline/kassa ${(b.cpuUs / k.cpuUs).toFixed(2)})`);
  console.log(`throughput ratio per round: ${main.ratios.map((r) => r.toFixed(2)).join(' ')}; of the means ${(k.rps / b.rps).toFixed(2)}`);
  const ratio = median(main.ratios);
  console.log(`throughput ratio kassa/baseline (median of the rounds): ${ratio.toFixed(2)} (target >= ${TARGET.toFixed(2)}) ${verdict(ratio >= TARGET)}`);
  const p99Ratio = k.p99 / b.p99;
  console.log(`p99 kassa/baseline ${p99Ratio.toFixed(2)} (target <= 1.5) ${verdict(p99Ratio <= 1.5)}`);
  if (main.rows.some((r) => r.errors > 0 || r.non2xx > 0)) console.log('note: some requests failed; see the table');

  if (COST_TABLE) {
    // The variants, one at a time: each started, warmed up, measured against the baseline, stopped.
    const variants: { name: string; keyed: boolean; env: Record<string, string> }[] = [
      { name: 'with Idempotency-Key', keyed: true, env: {} },
      { name: 'keyed, recording off', keyed: true, env: { BENCH_OFF: 'recording' } },
      { name: 'keyed, metrics off', keyed: true, env: { BENCH_OFF: 'metrics' } },
      { name: 'keyed, request log off', keyed: true, env: { KASSA_LOG_LEVEL: 'warn' } },
      { name: 'keyed, idempotency off', keyed: true, env: { BENCH_OFF: 'idempotency' } },
      // Version 4 (P1's) records each signature's first use (SignatureUses): what that costs.
      { name: 'keyed, signature first uses off', keyed: true, env: { BENCH_OFF: 'signature-uses' } },
      { name: 'keyed, data folder off', keyed: true, env: { BENCH_DATA_DIR: '' } },
    ];
    const table: Record<string, string | number>[] = [];
    for (const variant of variants) {
      const server = await kassaServer(variant.name, variant.keyed, variant.env);
      try {
        await measure(server, VARIANT_SECONDS, `${variant.name} (warm-up)`);
        const measured = await rounds(server, baseline, VARIANT_ROUNDS, VARIANT_SECONDS);
        const cpu = measured.rows.filter((r) => r.name.startsWith(variant.name)).map((r) => r.cpuUs ?? 0);
        table.push({ variant: variant.name, 'ratio to baseline': median(measured.ratios).toFixed(2), 'cpu us/req': Math.round(cpu.reduce((s, c) => s + c, 0) / cpu.length) });
      } finally {
        await stopBenchServer(server.child);
      }
    }
    console.log(`\nthe cost table: P1 with an Idempotency-Key on every POST, one part switched off at a time (${VARIANT_ROUNDS} rounds of ${VARIANT_SECONDS}s against the baseline)`);
    console.table(table);
    const keyed = Number(table[0]?.['ratio to baseline'] ?? 0);
    console.log(`with Idempotency-Key: ratio ${keyed.toFixed(2)} (target >= ${KEYED_TARGET.toFixed(2)}) ${verdict(keyed >= KEYED_TARGET)}`);
  }
} finally {
  await Promise.all(servers.map((s) => stopBenchServer(s.child)));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
