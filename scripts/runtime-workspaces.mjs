#!/usr/bin/env node
// The app and every workspace package it depends on, at any depth: what `npm pack` packs for an
// operator's install (the Dockerfile's build stage). Run, it prints `--workspace packages/<name>` for
// each; imported, runtimeWorkspaces() gives the names.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const manifest = (name) => JSON.parse(readFileSync(`${ROOT}packages/${name}/package.json`, 'utf8'));

export function runtimeWorkspaces() {
  const found = new Set();
  const visit = (name) => {
    if (found.has(name)) return;
    found.add(name);
    for (const dependency of Object.keys(manifest(name).dependencies ?? {})) if (dependency.startsWith('@kassa-payments/')) visit(dependency.slice('@kassa-payments/'.length));
  };
  visit('app');
  return [...found];
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(
    runtimeWorkspaces()
      .map((name) => `--workspace packages/${name}`)
      .join(' '),
  );
