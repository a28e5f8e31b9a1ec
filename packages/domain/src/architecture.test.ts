import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('.', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

/** Every module specifier a file imports or re-exports, static or dynamic. */
const specifiers = (source: string): string[] =>
  [...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );

describe('the domain stays pure', () => {
  const sources = files(root).filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.fixture.ts'));
  const testSources = files(root).filter((f) => f.endsWith('.test.ts') || f.endsWith('.fixture.ts'));

  it('finds the sources it checks', () => {
    expect(sources.length).toBeGreaterThan(30);
  });

  it('imports nothing but xstate and its own files', () => {
    const foreign = sources.flatMap((f) =>
      specifiers(readFileSync(f, 'utf8'))
        .filter((s) => !s.startsWith('./') && !s.startsWith('../') && s !== 'xstate')
        .map((s) => `${relative(root, f)} -> ${s}`),
    );
    expect(foreign).toEqual([]);
  });

  it('uses no Node globals for I/O either (process, require, Buffer, setTimeout)', () => {
    const offenders = sources.filter((f) => /\b(process\.|require\(|Buffer\.|setTimeout\(|setInterval\()/.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });

  it('tests may add only vitest, fast-check and node: built-ins', () => {
    const foreign = testSources.flatMap((f) =>
      specifiers(readFileSync(f, 'utf8'))
        .filter((s) => !s.startsWith('.') && !['xstate', 'vitest', 'fast-check', '@fast-check/vitest'].includes(s) && !s.startsWith('node:'))
        .map((s) => `${relative(root, f)} -> ${s}`),
    );
    expect(foreign).toEqual([]);
  });

  it('the package declares xstate as its only runtime dependency', () => {
    const pkg = JSON.parse(readFileSync(join(root, '..', 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    expect(Object.keys(pkg.dependencies ?? {})).toEqual(['xstate']);
  });
});
