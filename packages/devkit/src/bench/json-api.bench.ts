import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { median, p1Requests, startBenchServer as startServer, stopBenchServer } from './bench-common.js';

/**
 * `npm run bench`: signed (v4) POST /invoices then GET of it, 50 connections, against Kassa
 * embedded and against a bare Express 5 route doing the same parsing and HMAC checks, in one run.
 * Prints throughput, p99, CPU per request and the ratio Kassa / baseline: the median of the rounds'
 * ratios, each round measuring both servers back to back (the machine's speed drifts by 10-20%).
 */
const CONNECTIONS = 50;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 6);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);

let sequence = 0;

interface Measured {
  readonly name: string;
  readonly rps: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  /** Server CPU time (user + system) per request, in microseconds; steadier than req/s on a noisy machine. */
  readonly cpuUs?: number;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    // Fields after the command name: state is field 3, utime 14 and stime 15, in clock ticks (100 Hz).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function measure(name: string, url: string): Promise<Measured & { total: number }> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: p1Requests(() => (sequence += 1), 'bench'),
  });

  return { name, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, total: result.requests.total };
}

interface Server {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
}

/** One measurement window of a running server, with its CPU time per request over that window. */
async function window(server: Server, round: number): Promise<Measured> {
  const before = cpuSeconds(server.child.pid);
  const measured = await measure(`${server.name}#${round}`, server.url);
  const after = cpuSeconds(server.child.pid);
  return before === undefined || after === undefined ? measured : { ...measured, cpuUs: ((after - before) / measured.total) * 1e6 };
}

const stop = (server: Server) => stopBenchServer(server.child);

// Profiling aid: BENCH_URL=<base url> measures one running server and stops.
if (process.env['BENCH_URL']) {
  console.log(await measure('target', process.env['BENCH_URL']));
  process.exit(0);
}

// Both servers stay up for the whole run, each warmed up once; then every round measures one right
// after the other, in alternating order, so a slow spell of this shared machine hits both alike.
const servers = { kassa: { name: 'kassa', ...(await startServer('./kassa-server.js')) }, baseline: { name: 'baseline', ...(await startServer('./baseline-server.js')) } };
const rows: Measured[] = [];
const roundRatios: number[] = [];
try {
  for (const server of [servers.kassa, servers.baseline]) await measure(`${server.name} (warm-up)`, server.url);
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? [servers.kassa, servers.baseline] : [servers.baseline, servers.kassa];
    const [first, second] = [await window(order[0] as Server, round), await window(order[1] as Server, round)];
    const [k, b] = round % 2 === 1 ? [first, second] : [second, first];
    rows.push(k, b);
    roundRatios.push(k.rps / b.rps);
  }
} finally {
  await Promise.all([stop(servers.kassa), stop(servers.baseline)]);
}

console.log(`\nsigned v4 POST /invoices + GET, ${CONNECTIONS} connections, ${SECONDS}s per measurement, ${ROUNDS} rounds (each: both servers back to back, order alternating)`);
console.table(rows.map((r) => ({ server: r.name, 'req/s': Math.round(r.rps), 'p99 ms': r.p99, 'cpu us/req': r.cpuUs === undefined ? '-' : Math.round(r.cpuUs), errors: r.errors, non2xx: r.non2xx })));
const mean = (prefix: string) => {
  const of = rows.filter((r) => r.name.startsWith(prefix));
  const avg = (f: (r: Measured) => number) => of.reduce((s, r) => s + f(r), 0) / of.length;
  return { rps: avg((r) => r.rps), p99: avg((r) => r.p99), cpuUs: of.every((r) => r.cpuUs !== undefined) ? avg((r) => r.cpuUs ?? 0) : undefined };
};
const kassa = mean('kassa');
const baseline = mean('baseline');
console.log(`kassa ${Math.round(kassa.rps)} req/s (p99 ${kassa.p99.toFixed(1)} ms), baseline ${Math.round(baseline.rps)} req/s (p99 ${baseline.p99.toFixed(1)} ms)`);
if (kassa.cpuUs !== undefined && baseline.cpuUs !== undefined) {
  console.log(`server CPU per request: kassa ${Math.round(kassa.cpuUs)} us, baseline ${Math.round(baseline.cpuUs)} us (baseline/kassa ${(baseline.cpuUs / kassa.cpuUs).toFixed(2)})`);
}
console.log(`throughput ratio per round: ${roundRatios.map((r) => r.toFixed(2)).join(' ')}; of the means ${(kassa.rps / baseline.rps).toFixed(2)}`);
const ratio = median(roundRatios);
console.log(`throughput ratio kassa/baseline (median of the rounds): ${ratio.toFixed(2)} (target >= 0.80) ${ratio >= 0.8 ? 'MET' : 'NOT MET'}`);
if (rows.some((r) => r.errors > 0 || r.non2xx > 0)) console.log('note: some requests failed; see the table');
