import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The test command's guard on the hot path (`npm test`'s second vitest run, after the suite has
// stopped every server it started): the devkit's hot-path-guard compares the CPU time Kassa and the
// bare Express + HMAC baseline each spend on a P1 request, warmed up and measured in alternating
// rounds on a quiet machine. `npm run bench` holds the real target (throughput, 0.8); this one only
// catches a regression landing unseen. Its floor sits below the healthy figure (0.76 on a fresh clone,
// rounds 0.70-0.86) and above what a build with 300 µs of busy work per request reads (0.47, rounds
// 0.44-0.51), which the second test shows (docs/decisions.md has the figures).
const GUARD = fileURLToPath(new URL('../../devkit/dist/bench/hot-path-guard.js', import.meta.url));
const FLOOR = 0.6;
/** The guard waited up to a minute for a quiet machine; on a busy one it measured the neighbours, not Kassa. */
const QUIET = 0.85;

interface Reading {
  readonly cpuRatio: number;
  /** The same for a Kassa with 300 µs of busy work per request, measured in the same rounds. */
  readonly busyCpuRatio: number;
  readonly idleBefore: number;
  readonly rounds: readonly { baselineUs: number; kassaUs: number; ratio: number; busyUs: number; busyRatio: number }[];
}

function measure(): { reading: Reading; line: string } {
  const run = spawnSync(process.execPath, [GUARD], { env: { ...process.env, GUARD_BUSY_US: '300' }, encoding: 'utf8', timeout: 150_000 });
  const line = run.stdout.split('\n').find((l) => l.startsWith('{"cpuRatio"'));
  if (!line) throw new Error(`the guard printed no reading: ${run.stdout}${run.stderr}`);
  return { reading: JSON.parse(line) as Reading, line };
}

// A reading below the floor is taken again once, and the better of the two is the verdict, for Kassa
// and for the busy build alike: interference only slows a server down, never speeds it up, and a
// fresh-clone run read 0.33 once with the machine quiet before it (Kassa at 1,400-1,900 µs a request
// for the whole 45 s, against 800-900 in every other run); a real regression reads low twice.
let readings: Reading[] = [];
let reading: Reading;
beforeAll(() => {
  const first = measure();
  // The reading, on every run: the figures the floor is set by.
  console.log(`hot-path guard: ${first.line}`);
  readings = [first.reading];
  if (first.reading.idleBefore >= QUIET && first.reading.cpuRatio < FLOOR) {
    const second = measure();
    console.log(`hot-path guard, taken again: ${second.line}`);
    readings.push(second.reading);
  }
  const quiet = readings.filter((r) => r.idleBefore >= QUIET);
  reading =
    quiet.length === 0 ? (readings[0] as Reading) : { ...(quiet[0] as Reading), cpuRatio: Math.max(...quiet.map((r) => r.cpuRatio)), busyCpuRatio: Math.max(...quiet.map((r) => r.busyCpuRatio)) };
}, 330_000);

describe('the hot path', () => {
  it(`Kassa's CPU per P1 request stays within 1/${FLOOR} of bare Express's (npm run bench: the real target)`, (ctx) => {
    if (reading.idleBefore < QUIET) ctx.skip(`the machine was not quiet (${reading.idleBefore} idle): no reading of Kassa`);
    expect(reading.cpuRatio, JSON.stringify(readings)).toBeGreaterThanOrEqual(FLOOR);
  });

  it('bites: a build with 300 µs of busy work per request, measured in the same rounds, reads below the floor', (ctx) => {
    if (reading.idleBefore < QUIET) ctx.skip(`the machine was not quiet (${reading.idleBefore} idle): no reading of Kassa`);
    expect(reading.busyCpuRatio, JSON.stringify(readings)).toBeLessThan(FLOOR);
  });
});
