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
 * GUARD_BUSY_US: a second Kassa, measured in the same rounds, with that much busy work added to each
 * request, as a slower build would do (the guard's own test: its ratio must fall below the floor).
 */
const CONNECTIONS = 50;
const WARM_UP_SECONDS = 8;
const ROUNDS = 5;
const SECONDS = 1.5;
/** A second of the CPUs at least this idle is a quiet machine; the guard waits at most QUIET_WAIT_MS for one. */
const QUIET_IDLE = 0.85;
const QUIET_WAIT_MS = 60_000;

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
  // Every answer a success (a refusal is a broken build); a rare socket error under 50 connections is load.
  if (result.non2xx > 0 || result.errors > result.requests.total / 100) throw new Error(`the guard's requests failed: ${result.non2xx} non-2xx, ${result.errors} errors of ${result.requests.total}`);
  return ((after - before) / Math.max(1, result.requests.total)) * 1e6;
}

const idle = await quietMachine();
const dirs = [mkdtempSync(join(tmpdir(), 'kassa-guard-')), mkdtempSync(join(tmpdir(), 'kassa-guard-'))];
const busy = Number(process.env['GUARD_BUSY_US'] ?? 0);
const baseline = await startBenchServer('./baseline-server.js');
const kassa = await startBenchServer('./kassa-server.js', { BENCH_DATA_DIR: dirs[0] as string });
const slower = busy > 0 ? await startBenchServer('./kassa-server.js', { BENCH_DATA_DIR: dirs[1] as string, BENCH_BUSY_US: String(busy) }) : undefined;
const kassas = slower ? [kassa, slower] : [kassa];
try {
  // All at once: Kassa's CPU per request still fell for some 10 s of load after a 3 s warm-up of its own.
  await Promise.all([baseline, ...kassas].map((server) => cpuPerRequest(server, WARM_UP_SECONDS)));
  const rounds: { baselineUs: number; kassaUs: number; ratio: number; busyUs?: number; busyRatio?: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // The baseline first in even rounds, last in odd ones: a slow spell hits each server alike.
    const order = round % 2 === 0 ? [baseline, ...kassas] : [...kassas, baseline];
    const us = new Map<Server, number>();
    for (const server of order) us.set(server, await cpuPerRequest(server, SECONDS));
    const [b, k] = [us.get(baseline) as number, us.get(kassa) as number];
    const s = slower ? (us.get(slower) as number) : undefined;
    rounds.push({ baselineUs: Math.round(b), kassaUs: Math.round(k), ratio: Number((b / k).toFixed(3)), ...(s === undefined ? {} : { busyUs: Math.round(s), busyRatio: Number((b / s).toFixed(3)) }) });
  }
  const ratioOf = (pick: (r: (typeof rounds)[number]) => number | undefined) => Number(median(rounds.map((r) => pick(r) ?? 0)).toFixed(3));
  const reading = { cpuRatio: ratioOf((r) => r.ratio), ...(slower ? { busyUs: busy, busyCpuRatio: ratioOf((r) => r.busyRatio) } : {}), idleBefore: Number(idle.toFixed(2)), rounds };
  console.log(JSON.stringify(reading));
} finally {
  await Promise.all([baseline, ...kassas].map((s) => stopBenchServer(s.child)));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
