import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = new URL('.', import.meta.url).pathname;
const repoRoot = join(root, '..', '..', '..');
const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

interface Violation {
  type: string;
  from: string;
  to: string;
  cycle?: { name: string }[];
  rule: { name: string; severity: 'error' | 'warn' | 'info' | 'ignore' };
}
interface CruiseResult {
  modules: { source: string }[];
  summary: { violations: Violation[]; totalCruised: number; totalDependenciesCruised: number };
}

/** One violation per line, as `depcruise --output-type err` would name it. */
const describeViolation = (v: Violation): string => `${v.rule.severity} ${v.rule.name}: ${v.from} -> ${v.cycle ? v.cycle.map((c) => c.name).join(' -> ') : v.to}`;

/** The layer rule lives in .dependency-cruiser.cjs at the root; this runs it as `npm run depcruise` does. */
const cruise = (): CruiseResult => {
  const bin = join(repoRoot, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const run = spawnSync(process.execPath, [bin, 'packages', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  // The exit status is the number of error-severity violations; a crash leaves no JSON behind.
  if (!run.stdout.trim().startsWith('{')) throw new Error(`dependency-cruiser failed (status ${run.status}):\n${run.stderr}`);
  return JSON.parse(run.stdout) as CruiseResult;
};

describe('the layer rule (dependency-cruiser, .dependency-cruiser.cjs)', () => {
  let result: CruiseResult;
  beforeAll(() => {
    result = cruise();
  }, 120_000);

  it('cruises the TypeScript sources of every package', () => {
    // Guards against a vacuous pass: without a TypeScript parser (swc) dependency-cruiser skips .ts files.
    const workspaces = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    const packages = workspaces.filter((p) => readdirSync(join(repoRoot, p)).includes('src'));
    const cruised = new Set(result.modules.map((m) => m.source.match(/^(packages\/(?:adapters-http\/)?[^/]+)\/src\//)?.[1]).filter((p) => p !== undefined));
    expect([...cruised].sort()).toEqual([...packages].sort());
    expect(result.modules.map((m) => m.source)).toContain('packages/domain/src/index.ts');
    expect(result.summary.totalDependenciesCruised).toBeGreaterThan(100);
  });

  it('finds no error-severity violations', () => {
    const violations = result.summary.violations.map(describeViolation);
    // Warnings (temporary exceptions marked in the config) are shown but do not fail the run.
    const warnings = result.summary.violations.filter((v) => v.rule.severity === 'warn');
    if (warnings.length > 0) console.warn(`dependency-cruiser warnings:\n${warnings.map(describeViolation).join('\n')}`);
    expect(violations.filter((v) => v.startsWith('error '))).toEqual([]);
  });
});

describe('the domain stays pure', () => {
  const sources = files(root).filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.fixture.ts'));

  it('finds the sources it checks', () => {
    expect(sources.length).toBeGreaterThan(30);
  });

  it('uses no Node globals for I/O either (process, require, Buffer, setTimeout)', () => {
    const offenders = sources.filter((f) => /\b(process\.|require\(|Buffer\.|setTimeout\(|setInterval\()/.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });

  it('the package declares xstate as its only runtime dependency', () => {
    const pkg = JSON.parse(readFileSync(join(root, '..', 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    expect(Object.keys(pkg.dependencies ?? {})).toEqual(['xstate']);
  });
});

// Folder cycles are checked by this walk, not by a dependency-cruiser rule: its folder scope counts a
// module in every folder above it, so invoice/ would include invoice/use-cases/, and the layout the
// guide asks for (an aggregate's use cases in its folder, its repository port in ports/) would be a
// cycle by construction. Here each directory is a node of its own (a file belongs to the directory it
// is in); a type import counts, as in .dependency-cruiser.cjs.
describe("the domain's directories", () => {
  const sources = files(root).filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.fixture.ts'));
  const directoryOf = (file: string): string => relative(root, dirname(file)) || '.';
  /** directory -> the directories its files import (relative imports only: the domain imports no other package). */
  const arrows = new Map<string, Set<string>>();
  for (const file of sources) {
    const from = directoryOf(file);
    for (const [, target] of readFileSync(file, 'utf8').matchAll(/(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/g)) {
      const to = directoryOf(resolve(dirname(file), target ?? ''));
      if (to !== from) arrows.set(from, (arrows.get(from) ?? new Set()).add(to));
    }
  }
  const topLevel = (d: string) => d.split('/')[0] ?? d;

  it('finds the arrows it checks', () => {
    expect(arrows.get('invoice/use-cases')?.has('ports')).toBe(true);
  });

  it('no directory reaches itself through the directories it imports', () => {
    const cycles: string[] = [];
    const reaches = (from: string, to: string, seen = new Set<string>()): string[] | undefined => {
      for (const next of arrows.get(from) ?? []) {
        if (next === to) return [from, next];
        if (seen.has(next)) continue;
        seen.add(next);
        const path = reaches(next, to, seen);
        if (path) return [from, ...path];
      }
      return undefined;
    };
    for (const d of arrows.keys()) {
      const cycle = reaches(d, d);
      if (cycle) cycles.push(cycle.join(' -> '));
    }
    expect(cycles).toEqual([]);
  });

  it('top-level folders import each other one way only, but for ports/ and the aggregates', () => {
    // ports/ names each aggregate's repository, and each aggregate's use cases take ports (KassaPorts):
    // the known exception until the repository ports move into their aggregates. Nothing else.
    const aggregates = new Set(['contract', 'invoice', 'subscription', 'webhook', 'webhook-endpoint', 'sandbox']);
    const up = new Set<string>();
    for (const [from, tos] of arrows) for (const to of tos) if (topLevel(from) !== topLevel(to)) up.add(`${topLevel(from)} -> ${topLevel(to)}`);
    const both = [...up].filter((a) => {
      const [from = '', to = ''] = a.split(' -> ');
      return from < to && up.has(`${to} -> ${from}`) && !(from === 'ports' ? aggregates.has(to) : to === 'ports' && aggregates.has(from));
    });
    expect(both).toEqual([]);
  });
});
