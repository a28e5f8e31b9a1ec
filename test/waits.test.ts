import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The suite injects time instead of waiting for it: the rules of time run on a ManualClock and
 * `drainDueWork()`, and a test that waits for something waits for that thing (vi.waitFor, an event),
 * not for a number of milliseconds. An awaited real sleep is left only where real processes or real
 * servers are the point, and at most MAX_SLEEPS of them.
 */
const MAX_SLEEPS = 10;
/** The suites whose real processes or servers are the point: failovers, workers, a rolling upgrade, several API processes, Chromium, the packed installs, `kassa listen`. */
const REAL_TIME_SUITES = [
  /\/multi-api\.test\.ts$/,
  /\.failover\.test\.ts$/,
  /failover\.fixture\.ts$/,
  /\/workers\.test\.ts$/,
  /\/upgrade\.test\.ts$/,
  /\/subscription-workers\.test\.ts$/,
  /\.browser\.test\.ts$/,
  /\/packing\.test\.ts$/,
  /\/listen\.e2e\.test\.ts$/,
];

/**
 * A fixed wait: `await sleep(…)`, `await delay(…)`, `await pause(…)`, `await setTimeout(…)` (timers/promises,
 * under any of those names), or a Promise resolved by setTimeout (typed or not, its body braced or not),
 * awaited or handed on.
 */
const SLEEP = /await\s+(?:sleep|delay|pause|setTimeout)\(|new Promise(?:<[^>]*>)?\(\s*\(?\s*\w*\s*\)?\s*=>\s*\{?\s*setTimeout\(/g;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testFiles(path);
    return /\.(test|fixture)\.ts$/.test(entry.name) || (/(^|\/)(test|testing)\//.test(path) && entry.name.endsWith('.ts')) ? [path] : [];
  });
}

const files = [...readdirSync('packages').flatMap((p) => testFiles(join('packages', p))), ...testFiles('test')].filter((f) => f !== join('test', 'waits.test.ts'));
/** A timer that shapes a load and that nothing waits on says so on its line: `// not a wait: why`. */
const NOT_A_WAIT = '// not a wait:';
const found = files.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => (line.match(SLEEP) ?? []).map(() => ({ at: `${file}:${i + 1}`, exempt: line.includes(NOT_A_WAIT) }))),
);
const sleeps = found.filter((f) => !f.exempt).map((f) => f.at);

describe('time is injected, not waited for', () => {
  it(`at most ${MAX_SLEEPS} awaited real sleeps in the tests, all in the suites of real processes and servers`, () => {
    expect(sleeps.filter((at) => !REAL_TIME_SUITES.some((suite) => suite.test(at.replace(/:\d+$/, ''))))).toEqual([]);
    expect(sleeps.length).toBeLessThanOrEqual(MAX_SLEEPS);
  });

  it("at most 2 timers say they are not a wait (a load's shape)", () => {
    expect(found.filter((f) => f.exempt).length).toBeLessThanOrEqual(2);
  });

  it('finds a sleep where there is one (the rule can fail)', () => {
    expect('  await new Promise((r) => setTimeout(r, 50));'.match(SLEEP)).toHaveLength(1);
    expect('  await sleep(20); await delay(1); await setTimeout(5);'.match(SLEEP)).toHaveLength(3);
    expect('  await new Promise<void>((r) => { setTimeout(r, 5); });'.match(SLEEP)).toHaveLength(1);
    expect('  .then(() => new Promise((resolve) => setTimeout(resolve, 5)))'.match(SLEEP)).toHaveLength(1);
    expect('  await pause(10);'.match(SLEEP)).toHaveLength(1);
    expect('  await vi.waitFor(() => expect(x).toBe(1));'.match(SLEEP)).toBeNull();
  });
});
