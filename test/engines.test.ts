import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/** The oldest Node Kassa promises (`engines` of every package.json). */
const OLDEST_NODE = '20.19.0';

interface Locked {
  readonly version?: string;
  readonly dev?: boolean;
  readonly engines?: { readonly node?: string } | readonly string[];
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Locked> };
const nodeRange = (p: Locked): string | undefined => (Array.isArray(p.engines) ? undefined : (p.engines as { node?: string } | undefined)?.node);

/** The packages whose `engines` exclude `node`, each as `name@version (range)`. */
function excluding(packages: Record<string, Locked>, node: string, which: (p: Locked) => boolean): string[] {
  return Object.entries(packages)
    .filter(([path, p]) => path.includes('node_modules/') && which(p))
    .flatMap(([path, p]) => {
      const range = nodeRange(p);
      return range !== undefined && !semver.satisfies(node, range, { includePrerelease: true }) ? [`${path.slice(path.lastIndexOf('node_modules/') + 13)}@${p.version} (${range})`] : [];
    });
}

describe('Node 20 for real', () => {
  it(`every package Kassa runs with accepts Node ${OLDEST_NODE}, and every package.json promises it`, () => {
    expect(excluding(lock.packages, OLDEST_NODE, (p) => p.dev !== true)).toEqual([]);
    const promised = Object.entries(lock.packages)
      .filter(([path]) => path === '' || /^packages\/[^/]+$/.test(path))
      .map(([path, p]) => [path || 'root', nodeRange(p)]);
    expect(promised.filter(([, range]) => range !== `>=${OLDEST_NODE.replace(/\.0$/, '')}`)).toEqual([]);
  });

  it('the dev tools run on it too, and the check bites: eventsource-parser 4.1.3 would be named', () => {
    expect(excluding(lock.packages, OLDEST_NODE, (p) => p.dev === true)).toEqual([]);
    const bad = { 'node_modules/eventsource-parser': { version: '4.1.3', engines: { node: '>=22.12' } } };
    expect(excluding(bad, OLDEST_NODE, () => true)).toEqual(['eventsource-parser@4.1.3 (>=22.12)']);
  });

  it('npm refuses an engine mismatch when it installs (.npmrc: engine-strict)', () => {
    expect(readFileSync('.npmrc', 'utf8')).toMatch(/^engine-strict=true$/m);
  });
});
