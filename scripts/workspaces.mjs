// The workspace packages as the root package.json lists them: each one's short name (the part of
// @kassa-payments/<name> after the scope) and its folder, relative to the repository. Scripts find a
// package's folder here, never by joining packages/<name>: the HTTP side lives one level deeper
// (packages/adapters-http/<name>/, the design card's folder), and a folder need not be its name
// (packages/adapters-http/webhook-sender holds @kassa-payments/adapters-webhooks).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const json = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** Short name -> folder (e.g. 'json-api' -> 'packages/adapters-http/json-api'), in the root manifest's order. */
export function workspaceFolders() {
  const folders = new Map();
  for (const folder of json(join(ROOT, 'package.json')).workspaces) folders.set(json(join(ROOT, folder, 'package.json')).name.replace('@kassa-payments/', ''), folder);
  return folders;
}

/** The folder of the workspace package `name` (short, or with its @kassa-payments/ scope). */
export function folderOf(name) {
  const folder = workspaceFolders().get(name.replace('@kassa-payments/', ''));
  if (!folder) throw new Error(`${name} is no workspace package of the root package.json`);
  return folder;
}
