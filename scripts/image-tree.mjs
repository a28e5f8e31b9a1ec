#!/usr/bin/env node
// The Dockerfile's build stage: `node scripts/image-tree.mjs <dest> <tarballs>` lays out what the image
// installs in <dest>: the app's workspace packages as npm packed them (built files, no sources or
// tests: <tarballs> holds their `npm pack` tarballs), and a root manifest naming only them, beside the
// repository's package-lock.json. `npm install --omit=dev` there then installs the versions the lock
// file says (no resolution at build time: the image holds what the app's SBOM lists) and nothing of
// the dev tools' workspaces.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeWorkspaces } from './runtime-workspaces.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const [dest, tarballs] = process.argv.slice(2).map((p) => resolve(p));
if (!dest || !tarballs) throw new Error('usage: node scripts/image-tree.mjs <dest> <tarballs>');
const json = (path) => JSON.parse(readFileSync(path, 'utf8'));
const root = json(join(ROOT, 'package.json'));
const workspaces = runtimeWorkspaces();
mkdirSync(dest, { recursive: true });
writeFileSync(join(dest, 'package.json'), `${JSON.stringify({ name: root.name, version: root.version, private: true, type: root.type, workspaces, dependencies: root.dependencies }, null, 2)}\n`);
copyFileSync(join(ROOT, 'package-lock.json'), join(dest, 'package-lock.json'));
const packed = readdirSync(tarballs);
for (const workspace of workspaces) {
  const manifest = json(join(ROOT, workspace, 'package.json'));
  const file = `${manifest.name.replace('@', '').replace('/', '-')}-${manifest.version}.tgz`;
  if (!packed.includes(file)) throw new Error(`${file} is not in ${tarballs}`);
  const dir = join(dest, workspace);
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['--extract', '--gzip', '--file', join(tarballs, file), '--strip-components=1', '--directory', dir]);
  // Its dev dependencies are the repository's business: the lock file keeps them, --omit=dev skips them.
  const installed = json(join(dir, 'package.json'));
  delete installed.devDependencies;
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(installed, null, 2)}\n`);
}
console.log(`${dest}: ${workspaces.length} workspace packages, the lock file`);
