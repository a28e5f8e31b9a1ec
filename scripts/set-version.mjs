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
import { readFileSync, writeFileSync } from 'node:fs';
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
// Semver without leading zeros; a prerelease only as alpha.N, beta.N or rc.N, which PEP 440 (the Python SDK's version) can say.
const semver = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-(alpha|beta|rc)\.(0|[1-9]\d*))?$/.exec(version ?? '');
if (!semver) fail(`give the version, semver (0.2.0, or a prerelease such as 0.2.0-rc.1): ${version ?? 'none given'}`);
const pep440 = `${semver[1]}.${semver[2]}.${semver[3]}${semver[4] ? `${{ alpha: 'a', beta: 'b', rc: 'rc' }[semver[4]]}${semver[5]}` : ''}`;
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

// Every file read and checked first: a refusal leaves all of them as they were.
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const manifests = ['package.json', ...(rootManifest.workspaces ?? []).map((w) => join(w, 'package.json'))];
const edits = manifests.map((file) => {
  const manifest = JSON.parse(readFileSync(join(root, file), 'utf8'));
  manifest.version = version;
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'])
    for (const name of Object.keys(manifest[field] ?? {})) if (name.startsWith('@kassa-payments/')) manifest[field][name] = version;
  return [file, `${JSON.stringify(manifest, null, 2)}\n`];
});
const replaced = (file, pattern, replacement) => {
  const text = readFileSync(join(root, file), 'utf8');
  if (!pattern.test(text)) fail(`${file}: ${pattern} not found`);
  return [file, text.replace(pattern, replacement)];
};
edits.push(replaced('clients/python/pyproject.toml', /^version = "[^"]+"$/m, `version = "${pep440}"`));
edits.push(replaced('deploy/compose.yaml', /\$\{KASSA_IMAGE:-kassa:[^}]+\}/, `\${KASSA_IMAGE:-kassa:${version}}`));
for (const [file, text] of edits) writeFileSync(join(root, file), text);
writeFileSync(changelogFile, `${changelog.slice(0, at)}${unreleased}\n## [${version}] - ${values.date}\n${changelog.slice(at + unreleased.length)}`);
if (!values['no-lock']) execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
console.log(`version ${version}: ${manifests.length} package.json files, pyproject.toml, compose.yaml, CHANGELOG.md${values['no-lock'] ? '' : ', package-lock.json'}`);
