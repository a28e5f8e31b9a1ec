import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { median, p1Requests, startBenchServer, stopBenchServer, verdict } from './bench-common.js';

/**
 * The embedded mode's data folder (KASSA_DATA_DIR) under the P1 workload: Kassa writing every change
 * to its journal against Kassa in memory only, both up for the whole run, alternating rounds; the
 * median of the rounds' ratios is held against the target (at least 0.8).
 */
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 6);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
let sequence = 0;
const rps = async (url: string) => (await autocannon({ url, connections: 50, duration: SECONDS, requests: p1Requests(() => (sequence += 1), 'journal') })).requests.average;

const dir = mkdtempSync(join(tmpdir(), 'kassa-bench-data-'));
const journaled = await startBenchServer('./kassa-server.js', { BENCH_DATA_DIR: dir });
const memory = await startBenchServer('./kassa-server.js', { BENCH_DATA_DIR: '' });
const ratios: number[] = [];
const rows: { round: number; journal: number; memory: number }[] = [];
try {
  await rps(journaled.url);
  await rps(memory.url);
  for (let round = 1; round <= ROUNDS; round++) {
    // Back to back, in alternating order: a slow spell of the machine hits both alike.
    const measured = new Map<string, number>();
    for (const server of round % 2 === 1 ? [journaled, memory] : [memory, journaled]) measured.set(server.url, await rps(server.url));
    const [j, m] = [measured.get(journaled.url) ?? 0, measured.get(memory.url) ?? 1];
    rows.push({ round, journal: Math.round(j), memory: Math.round(m) });
    ratios.push(j / m);
  }
} finally {
  await Promise.all([stopBenchServer(journaled.child), stopBenchServer(memory.child)]);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\nP1 (signed POST /invoices + GET, 50 connections, ${SECONDS}s a window), with KASSA_DATA_DIR against memory only, ${ROUNDS} alternating rounds`);
console.table(rows);
const ratio = median(ratios);
console.log(`throughput ratio data folder / memory only per round: ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
console.log(`median ${ratio.toFixed(2)} (target >= 0.80) ${verdict(ratio >= 0.8)}`);
