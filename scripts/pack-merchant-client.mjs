#!/usr/bin/env node
// Packs the merchant client as merchants install it: one tarball that needs no @kassa-payments/* package
// from any registry. @kassa-payments/protocol (a workspace package, published nowhere) is copied into the
// client's dist and its imports rewritten to that copy; the package is named under a scope the
// publisher owns (the @kassa scope on npm is not ours: a dependency there could be anyone's).
// npm's bundleDependencies is not used: it skips workspace dependencies hoisted to the root
// (npm/cli#3466). See docs/merchants/sdks.md.
//
// Usage: node scripts/pack-merchant-client.mjs [--scope @kassa-payments] [--destination dir]
// (after `npx tsc -b`); prints the tarball's path. KASSA_NPM_SCOPE sets the scope too.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENT = join(ROOT, 'packages', 'merchant-client');
const PROTOCOL = join(ROOT, 'packages', 'protocol');
/** Where the protocol's copy lives inside the client's dist. */
const BUNDLED = 'protocol';

const { values } = parseArgs({
  options: {
    scope: { type: 'string', default: process.env['KASSA_NPM_SCOPE'] ?? '@kassa-payments' },
    destination: { type: 'string', default: process.cwd() },
  },
});
const scope = values.scope ?? '';
if (!/^@[a-z0-9~-][a-z0-9._~-]*$/.test(scope) || scope === '@kassa') {
  throw new Error(`--scope ${scope}: give an npm scope you own (e.g. @kassa-payments), not @kassa`);
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const client = readJson(join(CLIENT, 'package.json'));
const protocol = readJson(join(PROTOCOL, 'package.json'));
for (const dir of [CLIENT, PROTOCOL]) {
  if (!existsSync(join(dir, 'dist', 'index.js'))) throw new Error(`${relative(ROOT, dir)}/dist is missing: run npx tsc -b first`);
}
const others = Object.keys(client.dependencies ?? {}).filter((d) => d !== protocol.name);
if (others.length > 0) throw new Error(`the client depends on ${others.join(', ')} too: bundle or publish it first`);

/** Every file under a folder, relative to it, without source maps (the packages ship none). */
const walk = (folder) =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.map'))
    .map((e) => relative(folder, join(e.parentPath, e.name)));

const stage = mkdtempSync(join(tmpdir(), 'kassa-client-pack-'));
try {
  const dist = join(stage, 'dist');
  for (const file of walk(join(PROTOCOL, 'dist'))) cpSync(join(PROTOCOL, 'dist', file), join(dist, BUNDLED, file));
  const specifier = new RegExp(`(['"])${protocol.name.replace('/', '\\/')}\\1`, 'g');
  for (const file of walk(join(CLIENT, 'dist'))) {
    const target = join(dist, file);
    mkdirSync(dirname(target), { recursive: true });
    const copy = relative(dirname(target), join(dist, BUNDLED, 'index.js'));
    const text = readFileSync(join(CLIENT, 'dist', file), 'utf8').replace(specifier, (_m, quote) => `${quote}./${copy}${quote}`);
    writeFileSync(target, text);
  }
  // Nothing may still name a workspace package: it would be fetched from a registry that is not ours.
  const leftover = walk(dist).filter((f) => /(['"])@kassa-payments\//.test(readFileSync(join(dist, f), 'utf8')));
  if (leftover.length > 0) throw new Error(`still importing @kassa-payments/*: ${leftover.join(', ')}`);

  const manifest = {
    name: `${scope}/merchant-client`,
    version: client.version,
    description: client.description,
    type: client.type,
    main: client.main,
    types: client.types,
    exports: client.exports,
    files: ['dist'],
    engines: client.engines,
    // What the bundled protocol needs at run time (zod), from the registry as usual.
    dependencies: { ...protocol.dependencies },
  };
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const destination = resolve(values.destination ?? '.');
  mkdirSync(destination, { recursive: true });
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', destination], { cwd: stage, encoding: 'utf8' }).trim().split('\n').pop() ?? '';
  console.log(join(destination, name));
} finally {
  rmSync(stage, { recursive: true, force: true });
}
