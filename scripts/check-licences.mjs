#!/usr/bin/env node
// Checks that every package a project installs for production carries a licence compatible with
// Kassa's own (Apache-2.0), with license-checker-rseidelsohn. The test command runs it on the
// runtime packages' tarballs installed in an empty project (packages/app/test/packing.test.ts): the
// exact set an operator runs, without the workspace's dev tools.
//
// Usage: node scripts/check-licences.mjs <project folder>   (exit 1 naming each package refused)
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Licences whose terms let Kassa be distributed under Apache-2.0 with them inside: permissive ones
 * (the Apache Software Foundation's category A). Copyleft (GPL, AGPL, LGPL, MPL's file-level terms
 * aside), source-available (SSPL, BUSL) and unknown licences are refused: each needs a person's look.
 */
export const COMPATIBLE = ['Apache-2.0', 'MIT', 'MIT-0', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', '0BSD', 'BlueOak-1.0.0', 'CC0-1.0', 'Unlicense', 'Zlib', 'Python-2.0', 'CC-BY-4.0'];

const checker = join(dirname(createRequire(import.meta.url).resolve('license-checker-rseidelsohn/package.json')), 'bin', 'license-checker-rseidelsohn.js');

/** Runs the checker on a project: its refusal's message, or undefined when every licence is compatible. */
export function refusedLicences(project, allowed = COMPATIBLE) {
  try {
    execFileSync(process.execPath, [checker, '--start', project, '--production', '--excludePrivatePackages', '--onlyAllow', allowed.join(';'), '--summary'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return undefined;
  } catch (e) {
    return `${e.stderr ?? ''}${e.stdout ?? ''}`.trim() || String(e);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const project = process.argv[2];
  if (!project) {
    console.error('usage: node scripts/check-licences.mjs <project folder>');
    process.exit(1);
  }
  const refused = refusedLicences(project);
  if (refused) {
    console.error(refused);
    process.exit(1);
  }
  console.log(`licences: every production package of ${project} is under one of ${COMPATIBLE.join(', ')}`);
}
