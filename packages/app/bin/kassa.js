#!/usr/bin/env node
// The `kassa` command's entry: the built app (packages/app/dist, made by `npm run build` or
// `npx tsc -b`, as `npm start` does). It is committed, unlike dist/, so that npm links the command
// at `npm ci`, before anything is built.
import { existsSync } from 'node:fs';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('kassa: the app is not built yet: run `npm run build` (or `npx tsc -b`) in the checkout first\n');
  process.exit(1);
}
await import(main.href);
