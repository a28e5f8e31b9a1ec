import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import autocannon from 'autocannon';
import { cpuSecondsOf, median, p1Requests, startBenchServer, stopBenchServer } from './bench-common.js';

/**
 * The test command's guard on the hot path (packages/app/test/p1-guard.test.ts runs it): P1's requests
 * against Kassa as `npm start` runs it and against the bare Express + HMAC baseline, compared by the
 * CPU time each server spends on a request (its own, from /proc), not by throughput: a neighbour's
 * burst slows both servers' answers but not the work each does for one. It waits for a quiet machine,
 * warms both servers up, then measures them in alternating order, round after round. It prints one
 * JSON line: the median of the rounds' baseline/Kassa CPU ratios, and the rounds.
 *
 * GUARD_BUSY_US: busy work added to each of Kassa's requests (the guard's own test: it must fail).
 */
const CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;
const ROUNDS = 5;
const SECONDS = 1.5;
/** A second of the CPUs at least this idle is a quiet machine; the guard waits at most QUIET_WAIT_MS for one. */
const QUIET_IDLE = 0.85;
const QUIET_WAIT_MS = 30_000;

/** Idle and total jiffies of all CPUs so far (/proc/stat's first line). */
function cpuTimes(): { idle: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((s, f) => s + f, 0) };
}

/** Waits until the CPUs were idle for QUIET_IDLE of a second (another test's servers gone, a detached rm done); the last second's idle share. */
async function quietMachine(): Promise<number> {
  const until = Date.now() + QUIET_WAIT_MS;
  for (;;) {
    const before = cpuTimes();
    await pause(1_000);
    const after = cpuTimes();
    const idle = (after.idle - before.idle) / Math.max(1, after.total - before.total);
    if (idle >= QUIET_IDLE || Date.now() > until) return idle;
  }
}

interface Server {
  readonly url: string;
  readonly child: ChildProcess;
}

let sequence = 0;
/** CPU microseconds the server spent per request over `seconds` of P1's load. */
async function cpuPerRequest(server: Server, seconds: number): Promise<number> {
  const before = cpuSecondsOf(server.child.pid) ?? 0;
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: seconds, requests: p1Requests(() => (sequence += 1), 'guard') });
  const after = cpuSecondsOf(server.child.pid) ?? 0;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`the guard's requests failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return ((after - before) / Math.max(1, result.requests.total)) * 1e6;
}

const idle = await quietMachine();
const dir = mkdtempSync(join(tmpdir(), 'kassa-guard-'));
const busy = process.env['GUARD_BUSY_US'] ?? '';
const baseline = await startBenchServer('./baseline-server.js');
const kassa = await startBenchServer('./kassa-server.js', { BENCH_DATA_DIR: dir, ...(busy ? { BENCH_BUSY_US: busy } : {}) });
try {
  await cpuPerRequest(baseline, WARM_UP_SECONDS);
  await cpuPerRequest(kassa, WARM_UP_SECONDS);
  const rounds: { kassaUs: number; baselineUs: number; ratio: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const kassaFirst = round % 2 === 0;
    const first = await cpuPerRequest(kassaFirst ? kassa : baseline, SECONDS);
    const second = await cpuPerRequest(kassaFirst ? baseline : kassa, SECONDS);
    const [kassaUs, baselineUs] = kassaFirst ? [first, second] : [second, first];
    rounds.push({ kassaUs: Math.round(kassaUs), baselineUs: Math.round(baselineUs), ratio: Number((baselineUs / kassaUs).toFixed(3)) });
  }
  const reading = { cpuRatio: Number(median(rounds.map((r) => r.ratio)).toFixed(3)), idleBefore: Number(idle.toFixed(2)), busyUs: busy === '' ? 0 : Number(busy), rounds };
  console.log(JSON.stringify(reading));
} finally {
  await Promise.all([stopBenchServer(baseline.child), stopBenchServer(kassa.child)]);
  rmSync(dir, { recursive: true, force: true });
}
