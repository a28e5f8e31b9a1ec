import { readFileSync } from 'node:fs';

// The single executable has no package.json beside it: its build defines the version (scripts/release.mjs).
declare const KASSA_CLI_VERSION: string | undefined;

/** This CLI's version: the product's one version (every package carries the same). */
export function cliVersion(): string {
  if (typeof KASSA_CLI_VERSION === 'string') return KASSA_CLI_VERSION;
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
