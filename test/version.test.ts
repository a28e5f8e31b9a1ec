import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildInfo } from '../packages/app/src/version.js';
import { workspaceFolders } from '../scripts/workspaces.mjs';
import { runCli } from '../packages/app/src/cli/program.js';

const root = new URL('../', import.meta.url);
const versionOf = (path: string): string => (JSON.parse(readFileSync(new URL(path, root), 'utf8')) as { version: string }).version;

describe('one version for the whole product', () => {
  it("every package carries the app's version, semver, and the changelog names it", () => {
    const version = buildInfo().version;
    expect(version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    const packages = [...workspaceFolders().values()];
    expect(packages.length).toBeGreaterThan(10);
    expect(Object.fromEntries(packages.map((p) => [p, versionOf(`${p}/package.json`)]))).toEqual(Object.fromEntries(packages.map((p) => [p, version])));
    // The Python SDK too: the SDKs are released with the server they speak to.
    expect(/^version = "([^"]+)"$/m.exec(readFileSync(new URL('clients/python/pyproject.toml', root), 'utf8'))?.[1]).toBe(version);
  });

  it("the commit is the checkout's HEAD, or KASSA_COMMIT when an image build sets it (a malformed one is not believed)", () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    expect(buildInfo({}).commit).toBe(head.slice(0, 12));
    expect(buildInfo({ KASSA_COMMIT: 'abc1234def' }).commit).toBe('abc1234def');
    expect(buildInfo({ KASSA_COMMIT: 'not a commit; rm -rf' }).commit).toBe(head.slice(0, 12));
  });

  it('kassa --version prints it with the commit', async () => {
    const out: string[] = [];
    expect(await runCli(['--version'], { out: (l) => out.push(l), err: (l) => out.push(l), env: {} })).toBe(0);
    expect(out.join('\n')).toBe(`kassa ${buildInfo().version} (commit ${buildInfo().commit})`);
  });
});
