#!/usr/bin/env node
// Checks that every package Kassa runs with carries a licence compatible with Kassa's own
// (Apache-2.0): the test command runs it near its start (`npm run licences`).
//
// What Kassa runs with: the production dependencies, transitively, of the runtime packages (the
// workspaces that are not private: every one but packages/devkit), as `npm ls --omit=dev --all`
// resolves them; in a project without workspaces (an operator's, a test's fixture), the project's own
// production dependencies. Their licences are read by license-checker-rseidelsohn (package.json's
// `license`, or a guess from the licence file, marked `*`), and each must be satisfied by the
// allow-list (spdx-satisfies: `MIT OR GPL-3.0-only` passes, `MIT AND GPL-3.0-only` does not).
// The checker alone would not do: in a workspace it does not follow npm's links (it sees the root's
// direct dependencies only), and its --onlyAllow takes any licence whose text contains an allowed
// name.
//
// Usage: node scripts/check-licences.mjs [project folder, the repository by default]
//        (exit 1 naming each package refused, with its licence)
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import satisfies from 'spdx-satisfies';

/**
 * Licences whose terms let Kassa be distributed under Apache-2.0 with them inside: permissive ones
 * (the Apache Software Foundation's category A). Copyleft (GPL, AGPL, LGPL, MPL), source-available
 * (SSPL, BUSL) and unknown licences are refused: each needs a person's look.
 */
export const COMPATIBLE = ['Apache-2.0', 'MIT', 'MIT-0', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', '0BSD', 'BlueOak-1.0.0', 'CC0-1.0', 'Unlicense', 'Zlib', 'Python-2.0', 'CC-BY-4.0'];

const checker = join(dirname(createRequire(import.meta.url).resolve('license-checker-rseidelsohn/package.json')), 'bin', 'license-checker-rseidelsohn.js');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** A project's workspace folders (explicit, or `folder/*`), or undefined when it has none. */
function workspacesOf(project, manifest) {
  const patterns = Array.isArray(manifest.workspaces) ? manifest.workspaces : manifest.workspaces?.packages;
  if (!patterns) return undefined;
  return patterns.flatMap((p) =>
    p.endsWith('/*')
      ? readdirSync(join(project, p.slice(0, -2)), { withFileTypes: true })
          .filter((e) => e.isDirectory() && existsSync(join(project, p.slice(0, -2), e.name, 'package.json')))
          .map((e) => `${p.slice(0, -2)}/${e.name}`)
      : [p],
  );
}

/**
 * The packages a project runs with, as `name@version`: the production dependencies, transitively,
 * of its workspaces that are not private (with those workspaces), or of the project itself.
 */
export function runtimePackages(project) {
  const manifest = readJson(join(project, 'package.json'));
  const workspaces = workspacesOf(project, manifest)?.filter((w) => readJson(join(project, w, 'package.json')).private !== true);
  // Every one of these must be found installed: an empty answer must not pass for a clean one.
  const expected = workspaces ? workspaces.map((w) => readJson(join(project, w, 'package.json')).name) : Object.keys(manifest.dependencies ?? {});
  if (expected.length === 0) return [];
  let out;
  try {
    out = execFileSync('npm', ['ls', '--omit=dev', '--all', '--json', ...(workspaces ?? []).flatMap((w) => ['--workspace', w])], {
      cwd: project,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (e) {
    // npm ls exits 1 on any problem of the tree (an extraneous package, say) but still answers.
    out = e.stdout;
    if (!out) throw e;
  }
  const found = new Set();
  const names = new Set();
  const missing = [];
  const walk = (dependencies = {}) => {
    for (const [name, node] of Object.entries(dependencies)) {
      if (node.missing) missing.push(name);
      if (!node.version) continue;
      names.add(name);
      found.add(`${name}@${node.version}`);
      walk(node.dependencies);
    }
  };
  walk(JSON.parse(out).dependencies);
  missing.push(...expected.filter((n) => !names.has(n)));
  if (missing.length > 0) throw new Error(`licences: not installed, so not checked: ${[...new Set(missing)].join(', ')} (run npm ci)`);
  return [...found].sort();
}

/** The licences license-checker-rseidelsohn reads in a project's node_modules, by `name@version`. */
export function installedLicences(project) {
  const out = execFileSync(process.execPath, [checker, '--start', project, '--json'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
  return Object.fromEntries(Object.entries(JSON.parse(out)).map(([id, info]) => [id, info.licenses]));
}

/** Whether one licence (an SPDX expression, or the checker's guess `MIT*`) is satisfied by the allowed ones. */
function allowedLicence(licence, allowed) {
  try {
    return satisfies(licence.replace(/\*$/, ''), allowed);
  } catch {
    return false; // not an SPDX expression: UNKNOWN, UNLICENSED, `Custom: …`
  }
}

/**
 * The refused packages among `packages` (`name@version`), each as `name@version: licence`: those
 * without a licence, and those whose licence the allow-list does not satisfy. A list of licences
 * (package.json's old `licenses`) must be allowed in full.
 */
export function refusedAmong(packages, licences, allowed = COMPATIBLE) {
  return packages.flatMap((id) => {
    const licence = licences[id];
    if (licence === undefined) return [`${id}: no licence found (the licence checker did not read it)`];
    const all = Array.isArray(licence) ? licence : [licence];
    return all.every((l) => allowedLicence(l, allowed)) ? [] : [`${id}: ${all.join(', ')}`];
  });
}

/** Checks a project: the packages it runs with, their licences, and the refused ones among them. */
export function checkLicences(project, allowed = COMPATIBLE) {
  const packages = runtimePackages(project);
  const licences = packages.length === 0 ? {} : installedLicences(project);
  return { packages, licences: Object.fromEntries(packages.map((id) => [id, licences[id]])), refused: refusedAmong(packages, licences, allowed) };
}

/** The refusal's message for a project, or undefined when every licence it runs with is compatible. */
export function refusedLicences(project, allowed = COMPATIBLE) {
  const { refused } = checkLicences(project, allowed);
  return refused.length === 0 ? undefined : `licences not compatible with Apache-2.0 (allowed: ${allowed.join(', ')}):\n${refused.map((r) => `  ${r}`).join('\n')}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const project = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const { packages, licences, refused } = checkLicences(project);
  if (refused.length > 0) {
    console.error(`licences not compatible with Apache-2.0 in what ${project} runs with (allowed: ${COMPATIBLE.join(', ')}):`);
    for (const r of refused) console.error(`  ${r}`);
    process.exit(1);
  }
  const counts = new Map();
  for (const l of Object.values(licences).map(String)) counts.set(l, (counts.get(l) ?? 0) + 1);
  const summary = [...counts].sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`);
  console.log(`licences: ${packages.length} packages run in ${project} (its runtime packages and their production dependencies), all compatible with Apache-2.0: ${summary.join(', ')}`);
}
