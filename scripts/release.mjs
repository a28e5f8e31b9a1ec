#!/usr/bin/env node
// Builds a release's artifacts from this checkout into out/release/<version>/, and tags nothing:
// tagging is the documented step after (docs/operators/releasing.md).
// - kassa-payments-cli-<version>.tgz: the merchant's CLI, installable alone (scripts/pack-cli.mjs);
// - kassa-<version>-linux-x64: the CLI as a single executable;
// - sbom-app.cdx.json, sbom-cli.cdx.json: CycloneDX SBOMs of what an operator and a merchant's
//   developer install (CycloneDX's own generator for npm, production dependencies only);
// - SHA256SUMS: every artifact's SHA-256, in sha256sum's format (`sha256sum -c SHA256SUMS` checks them).
//
// Usage: node scripts/release.mjs [--destination out/release] (builds first: npx tsc -b).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildCliExecutable, packCli } from './pack-cli.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { destination: { type: 'string', default: join(ROOT, 'out', 'release') } } });
const version = JSON.parse(readFileSync(join(ROOT, 'packages', 'app', 'package.json'), 'utf8')).version;
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`the app's version ${version} is not semver`);
const out = join(resolve(values.destination), version);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

execFileSync('npx', ['tsc', '-b'], { cwd: ROOT, stdio: 'inherit' });
await packCli(out);
await buildCliExecutable(out);
for (const [workspace, name] of [
  ['packages/app', 'sbom-app.cdx.json'],
  ['packages/cli', 'sbom-cli.cdx.json'],
]) {
  execFileSync(
    'npx',
    ['--no-install', 'cyclonedx-npm', '--omit', 'dev', '--workspace', workspace, '--flatten-components', '--output-reproducible', '--output-format', 'JSON', '--output-file', join(out, name)],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

const sums = readdirSync(out)
  .filter((f) => f !== 'SHA256SUMS')
  .sort()
  .map(
    (f) =>
      `${createHash('sha256')
        .update(readFileSync(join(out, f)))
        .digest('hex')}  ${basename(f)}`,
  );
writeFileSync(join(out, 'SHA256SUMS'), `${sums.join('\n')}\n`);
console.log(out);
