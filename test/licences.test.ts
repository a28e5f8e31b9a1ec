import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The test command's licence check (`npm run licences`), shown to bite: on fixture projects whose
// node_modules are written by hand, run as the test command runs it.
const script = fileURLToPath(new URL('../scripts/check-licences.mjs', import.meta.url));
type Licences = Record<string, string | string[] | undefined>;
let refusedAmong: (packages: string[], licences: Licences, allowed?: string[]) => string[];

let dir: string;
beforeAll(async () => {
  ({ refusedAmong } = (await import(script)) as { refusedAmong: typeof refusedAmong });
  dir = mkdtempSync(join(tmpdir(), 'kassa-licences-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A package.json (and a LICENSE file if given) at a folder. */
function write(folder: string, manifest: Record<string, unknown>, licenceFile?: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify(manifest));
  if (licenceFile) writeFileSync(join(folder, 'LICENSE'), licenceFile);
}
const lib = (at: string, name: string, license?: string, dependencies?: Record<string, string>) =>
  write(join(at, 'node_modules', name), { name, version: '1.0.0', ...(license ? { license } : {}), ...(dependencies ? { dependencies } : {}) });
const check = (project: string) => spawnSync(process.execPath, [script, project], { encoding: 'utf8' });

const MIT_TEXT = `MIT License

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
associated documentation files (the "Software"), to deal in the Software without restriction.
`;

describe('the licence check (scripts/check-licences.mjs)', () => {
  it('allows a permissive licence or a choice with one; refuses copyleft, source-available, AND-ed, unknown and missing licences', () => {
    const licences: Licences = {
      'a@1.0.0': 'MIT',
      'b@1.0.0': '(MIT OR GPL-3.0-only)',
      'c@1.0.0': 'ISC*',
      'd@1.0.0': ['MIT', 'Apache-2.0'],
      'e@1.0.0': 'GPL-3.0-or-later',
      'f@1.0.0': 'MIT AND LGPL-2.1-only',
      'g@1.0.0': 'SSPL-1.0',
      'h@1.0.0': 'UNKNOWN',
      'i@1.0.0': ['MIT', 'AGPL-3.0-only'],
    };
    expect(refusedAmong([...Object.keys(licences), 'j@1.0.0'], licences)).toEqual([
      'e@1.0.0: GPL-3.0-or-later',
      'f@1.0.0: MIT AND LGPL-2.1-only',
      'g@1.0.0: SSPL-1.0',
      'h@1.0.0: UNKNOWN',
      'i@1.0.0: MIT, AGPL-3.0-only',
      'j@1.0.0: no licence found (the licence checker did not read it)',
    ]);
  });

  it('fails on a project whose production dependencies carry a refused licence, however deep, naming each; dev dependencies are not counted', () => {
    const shop = join(dir, 'shop');
    write(shop, {
      name: 'shop',
      private: true,
      dependencies: { permissive: '1.0.0', copyleft: '1.0.0', mixed: '1.0.0', dual: '1.0.0', mystery: '1.0.0', guessed: '1.0.0' },
      devDependencies: { 'dev-tool': '1.0.0' },
    });
    lib(shop, 'permissive', 'MIT', { 'deep-agpl': '1.0.0' });
    lib(shop, 'deep-agpl', 'AGPL-3.0-only');
    lib(shop, 'copyleft', 'GPL-3.0-only');
    lib(shop, 'mixed', 'MIT AND LGPL-2.1-only');
    lib(shop, 'dual', '(MIT OR GPL-2.0-only)');
    lib(shop, 'mystery');
    write(join(shop, 'node_modules', 'guessed'), { name: 'guessed', version: '1.0.0' }, MIT_TEXT);
    lib(shop, 'dev-tool', 'SSPL-1.0');

    const run = check(shop);
    expect(run.status, run.stderr).toBe(1);
    const named = run.stderr
      .split('\n')
      .filter((l) => l.startsWith('  '))
      .map((l) => l.trim());
    expect(named).toEqual(['copyleft@1.0.0: GPL-3.0-only', 'deep-agpl@1.0.0: AGPL-3.0-only', 'mixed@1.0.0: MIT AND LGPL-2.1-only', 'mystery@1.0.0: UNKNOWN']);
  }, 60_000);

  it("in a workspace: the runtime workspaces' production dependencies (nested ones too) are checked, not the private workspace's nor dev dependencies", () => {
    const mono = join(dir, 'mono');
    write(mono, { name: 'mono', private: true, workspaces: ['packages/rt', 'packages/tools'], devDependencies: { 'root-dev': '1.0.0' } });
    write(join(mono, 'packages', 'rt'), {
      name: '@mono/rt',
      version: '1.0.0',
      license: 'Apache-2.0',
      dependencies: { 'mit-lib': '1.0.0', 'nested-lib': '1.0.0' },
      devDependencies: { 'rt-dev': '1.0.0' },
    });
    write(join(mono, 'packages', 'tools'), { name: '@mono/tools', version: '1.0.0', private: true, dependencies: { 'gpl-tool': '1.0.0' } });
    for (const w of ['rt', 'tools']) {
      mkdirSync(join(mono, 'node_modules', '@mono'), { recursive: true });
      symlinkSync(join('..', '..', 'packages', w), join(mono, 'node_modules', '@mono', w));
    }
    lib(mono, 'mit-lib', 'MIT');
    lib(join(mono, 'packages', 'rt'), 'nested-lib', 'ISC');
    lib(mono, 'gpl-tool', 'GPL-3.0-only');
    lib(mono, 'root-dev', 'AGPL-3.0-only');
    lib(mono, 'rt-dev', 'GPL-2.0-only');

    const clean = check(mono);
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/\b3 packages\b/);

    // The nested copy is read through the workspace's link: it bites there too.
    lib(join(mono, 'packages', 'rt'), 'nested-lib', 'GPL-2.0-or-later');
    const bad = check(mono);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('  nested-lib@1.0.0: GPL-2.0-or-later');
    expect(bad.stderr).not.toMatch(/gpl-tool|root-dev|rt-dev/);
  }, 60_000);
});
