#!/usr/bin/env node
// Cuts a version: `node scripts/set-version.mjs <version> [--date YYYY-MM-DD] [--root DIR] [--no-lock]`.
// - every package.json (the root and each workspace) gets the version, and every dependency on a
//   @kassa-payments package names it (one version for the whole product);
// - the Python SDK's pyproject.toml and deploy/compose.yaml's default image tag follow;
// - CHANGELOG.md's Unreleased section becomes the version's (`## [<version>] - <date>`, today by
//   default) under a new, empty Unreleased;
// - package-lock.json follows (`npm install --package-lock-only`), unless --no-lock.
// It commits and tags nothing: docs/operators/releasing.md says what comes after.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    date: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    root: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) },
    'no-lock': { type: 'boolean', default: false },
  },
});
const [version] = positionals;
const fail = (message) => {
  console.error(`set-version: ${message}`);
  process.exit(1);
};
if (!version || !/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) fail(`give the version, semver (0.2.0): ${version ?? 'none given'}`);
if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) fail(`--date is YYYY-MM-DD: ${values.date}`);
const root = resolve(values.root);

const changelogFile = join(root, 'CHANGELOG.md');
const changelog = readFileSync(changelogFile, 'utf8');
if (changelog.includes(`\n## [${version}]`)) fail(`CHANGELOG.md already has a section for ${version}`);
const unreleased = '\n## [Unreleased]\n';
const at = changelog.indexOf(unreleased);
if (at === -1) fail('CHANGELOG.md has no "## [Unreleased]" section');
const next = changelog.indexOf('\n## [', at + unreleased.length);
if (changelog.slice(at + unreleased.length, next === -1 ? undefined : next).trim() === '') fail('CHANGELOG.md says nothing under Unreleased: a version with no change is not cut');

const manifests = ['package.json', ...readdirSync(join(root, 'packages')).map((p) => join('packages', p, 'package.json'))];
for (const file of manifests) {
  const path = join(root, file);
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  manifest.version = version;
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'])
    for (const name of Object.keys(manifest[field] ?? {})) if (name.startsWith('@kassa-payments/')) manifest[field][name] = version;
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
}
const replaceIn = (file, pattern, replacement) => {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  if (!pattern.test(text)) fail(`${file}: ${pattern} not found`);
  writeFileSync(path, text.replace(pattern, replacement));
};
replaceIn('clients/python/pyproject.toml', /^version = "[^"]+"$/m, `version = "${version}"`);
replaceIn('deploy/compose.yaml', /\$\{KASSA_IMAGE:-kassa:[^}]+\}/, `\${KASSA_IMAGE:-kassa:${version}}`);
writeFileSync(changelogFile, `${changelog.slice(0, at)}${unreleased}\n## [${version}] - ${values.date}\n${changelog.slice(at + unreleased.length)}`);
if (!values['no-lock']) execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
console.log(`version ${version}: ${manifests.length} package.json files, pyproject.toml, compose.yaml, CHANGELOG.md${values['no-lock'] ? '' : ', package-lock.json'}`);
