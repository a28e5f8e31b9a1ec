import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceFolders } from '../../../scripts/workspaces.mjs';
import { kassaProgram } from '../src/cli/program.js';

/** The repository's root, from packages/app/test. */
const ROOT = new URL('../../../', import.meta.url).pathname;

/** Every .ts file under `dir` (sources only: no dist, no node_modules). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist') return [];
    const at = join(dir, e.name);
    return e.isDirectory() ? sources(at) : e.name.endsWith('.ts') ? [at] : [];
  });
}

/** GitHub's anchor of a Markdown heading. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe("the sources' pointers to the docs and the commands' help are not stale", () => {
  it('every docs/….md a package source names exists, and its #heading too', () => {
    const missing: string[] = [];
    for (const folder of workspaceFolders().values()) {
      const src = join(ROOT, folder, 'src');
      if (!existsSync(src)) continue;
      for (const file of sources(src))
        for (const [, doc, heading] of readFileSync(file, 'utf8').matchAll(/\b(docs\/[A-Za-z0-9_./-]+\.md)(?:#([a-z0-9-]+))?/g)) {
          const path = join(ROOT, doc as string);
          if (!existsSync(path)) missing.push(`${file.slice(ROOT.length)}: ${doc}`);
          else if (heading !== undefined) {
            const headings = [...readFileSync(path, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1] as string));
            if (!headings.includes(heading)) missing.push(`${file.slice(ROOT.length)}: ${doc}#${heading}`);
          }
        }
    }
    expect(missing).toEqual([]);
  });

  it("`kassa worker`'s help names every Redis a worker can use: REDIS_URL, Sentinel or Cluster", () => {
    const worker = kassaProgram({ env: {} }).commands.find((c) => c.name() === 'worker');
    expect(worker?.description()).toMatch(/MONGO_URL/);
    for (const name of ['REDIS_URL', 'KASSA_REDIS_SENTINELS', 'KASSA_REDIS_CLUSTER_NODES']) expect(worker?.description()).toContain(name);
  });
});
