import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const manifest = (folder: string) => JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as { name: string; workspaces?: string[] };

/**
 * The workspace packages as the root package.json lists them: short name (after @kassa-payments/) ->
 * folder relative to the root. A folder is not always packages/<name>: the HTTP side lives in
 * packages/adapters-http/ (the design card's folder), the webhook sender as webhook-sender.
 */
export const WORKSPACES: ReadonlyMap<string, string> = new Map((manifest('.').workspaces ?? []).map((folder) => [manifest(folder).name.replace('@kassa-payments/', ''), folder]));

/** The folder of the workspace package `name`. */
export function folderOf(name: string): string {
  const folder = WORKSPACES.get(name);
  if (folder === undefined) throw new Error(`${name} is no workspace package`);
  return folder;
}
