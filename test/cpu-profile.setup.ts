import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';

// KASSA_CPU_PROFILE=<file> (vitest.config.ts): each test file's CPU seconds, its worker's own and
// those of the processes it started and waited for (servers, Chromium, npm, Python), appended to
// <file> as JSON lines. The suite keeps a 2-core machine saturated, so its wall time is its CPU
// time over 2: this says where that goes (imports and the shared servers are not in it).
const children = () => {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // The fields after ") ": state(0) ... utime(11) stime(12) cutime(13) cstime(14), in clock ticks (100/s)
  return (Number(f[13]) + Number(f[14])) / 100;
};
let self0 = 0;
let child0 = 0;
let t0 = 0;
beforeAll(() => {
  const u = process.cpuUsage();
  self0 = (u.user + u.system) / 1e6;
  child0 = children();
  t0 = Date.now();
});
afterAll(() => {
  const u = process.cpuUsage();
  const file = expect.getState().testPath ?? '?';
  appendFileSync(
    process.env['KASSA_CPU_PROFILE'] as string,
    `${JSON.stringify({ file: file.replace(`${process.cwd()}/`, ''), self: (u.user + u.system) / 1e6 - self0, children: children() - child0, wall: (Date.now() - t0) / 1000 })}\n`,
  );
});
