import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspaceFolders } from '../scripts/workspaces.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * scripts/set-version.mjs cuts a version in a copy of the files it changes: every package.json and
 * dependency on a @kassa-payments package, the lock file, the Python SDK, the compose file's image, and
 * CHANGELOG.md's Unreleased section, which becomes the version's.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
/** The workspace packages' folders, as the root package.json lists them. */
const packages = [...workspaceFolders().values()];
const FILES = ['package.json', 'package-lock.json', '.npmrc', 'CHANGELOG.md', 'clients/python/pyproject.toml', 'deploy/compose.yaml', ...packages.map((p) => `${p}/package.json`)];
let dir: string;
const json = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
const setVersion = (...args: string[]) => spawnSync('node', [join(root, 'scripts', 'set-version.mjs'), ...args, '--root', dir], { encoding: 'utf8' });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kassa-set-version-'));
  for (const file of FILES) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  // A change under Unreleased, as a version's work leaves one.
  const changelog = join(dir, 'CHANGELOG.md');
  writeFileSync(changelog, readFileSync(changelog, 'utf8').replace('\n## [Unreleased]\n', '\n## [Unreleased]\n\n### Added\n\n- **A change of the next version.**\n'));
  const cut = setVersion('9.8.7', '--date', '2031-02-03');
  expect(cut.status, cut.stderr).toBe(0);
  expect(cut.stdout).toContain('version 9.8.7:');
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/set-version.mjs', () => {
  it('gives every package, every dependency on one of them and the lock file the version', () => {
    for (const file of ['package.json', ...packages.map((p) => `${p}/package.json`)]) {
      const manifest = json(file) as { version: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
      expect(manifest.version, file).toBe('9.8.7');
      const ours = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(([name]) => name.startsWith('@kassa-payments/'));
      expect(
        ours.filter(([, v]) => v !== '9.8.7'),
        file,
      ).toEqual([]);
    }
    const lock = json('package-lock.json') as { version: string; packages: Record<string, { version?: string }> };
    expect(lock.version).toBe('9.8.7');
    expect(packages.map((p) => lock.packages[p]?.version)).toEqual(packages.map(() => '9.8.7'));
  });

  it("and the Python SDK and the compose file its image; the Unreleased section becomes the version's, dated, under an empty one", () => {
    expect(readFileSync(join(dir, 'clients/python/pyproject.toml'), 'utf8')).toMatch(/^version = "9\.8\.7"$/m);
    expect(readFileSync(join(dir, 'deploy/compose.yaml'), 'utf8')).toContain('image: $' + '{KASSA_IMAGE:-kassa:9.8.7}');
    const changelog = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
    expect([...changelog.matchAll(/^## \[([^\]]+)\]/gm)].map((m) => m[1]).slice(0, 2)).toEqual(['Unreleased', '9.8.7']);
    expect(changelog).toContain('\n## [Unreleased]\n\n## [9.8.7] - 2031-02-03\n\n### Added\n\n- **A change of the next version.**\n');
  });

  it('refuses a version it already cut, one with nothing under Unreleased, and a version that is not semver', () => {
    expect(setVersion('9.8.7').stderr).toContain('already has a section for 9.8.7');
    expect(setVersion('9.8.8').stderr).toContain('says nothing under Unreleased');
    expect(setVersion('v9.9').stderr).toContain('semver');
    expect(setVersion('09.1.0').stderr).toContain('semver');
    expect(setVersion('1.0.0-next.1').stderr).toContain('semver');
    // The checkout's own files untouched: it changed the copy under --root only.
    expect((JSON.parse(readFileSync(join(root, 'packages', 'app', 'package.json'), 'utf8')) as { version: string }).version).not.toBe('9.8.7');
  });

  it("a prerelease's version is PEP 440's for the Python SDK (0.2.0-rc.1 is 0.2.0rc1)", () => {
    const changelog = join(dir, 'CHANGELOG.md');
    writeFileSync(changelog, readFileSync(changelog, 'utf8').replace('\n## [Unreleased]\n', '\n## [Unreleased]\n\n### Added\n\n- **Another change.**\n'));
    const cut = setVersion('9.9.0-rc.1', '--no-lock');
    expect(cut.status, cut.stderr).toBe(0);
    expect(readFileSync(join(dir, 'clients/python/pyproject.toml'), 'utf8')).toMatch(/^version = "9\.9\.0rc1"$/m);
    expect((json('packages/app/package.json') as { version: string }).version).toBe('9.9.0-rc.1');
  });
});
