#!/usr/bin/env node
// The app and every workspace package it depends on, at any depth: what `npm pack` packs for an
// operator's install (the Dockerfile's build stage). Run, it prints `--workspace <folder>` for
// each; imported, runtimeWorkspaces() gives their folders (packages/app, packages/adapters-http/json-api…).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, workspaceFolders } from './workspaces.mjs';

const folders = workspaceFolders();
const manifest = (name) => JSON.parse(readFileSync(join(ROOT, folders.get(name), 'package.json'), 'utf8'));

export function runtimeWorkspaces() {
  const found = new Set();
  const visit = (name) => {
    if (found.has(name)) return;
    found.add(name);
    for (const dependency of Object.keys(manifest(name).dependencies ?? {})) if (dependency.startsWith('@kassa-payments/')) visit(dependency.slice('@kassa-payments/'.length));
  };
  visit('app');
  return [...found].map((name) => folders.get(name));
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(
    runtimeWorkspaces()
      .map((folder) => `--workspace ${folder}`)
      .join(' '),
  );
