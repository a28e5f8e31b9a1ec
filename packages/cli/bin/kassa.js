#!/usr/bin/env node
// The merchant's `kassa` command: the built CLI (dist, made by `npx tsc -b` in a checkout; a
// tarball carries it built).
import { existsSync } from 'node:fs';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('kassa: the CLI is not built yet: run `npx tsc -b` in the checkout first\n');
  process.exit(1);
}
await import(main.href);
