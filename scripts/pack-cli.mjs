#!/usr/bin/env node
// The merchant's CLI (@kassa-payments/cli) as merchants get it, from the built packages (after `npx tsc -b`):
// - a tarball that installs alone: the CLI and the workspace packages it uses (merchant-client,
//   protocol: published nowhere) bundled by esbuild into one module; its npm dependencies are the
//   third-party packages those need, fetched from the registry as usual;
// - a single executable for linux-x64 (Node's single executable applications): the whole CLI in one
//   CommonJS script (what Node 20's SEA runs), injected with postject into a copy of this Node's binary.
//
// Usage: node scripts/pack-cli.mjs [--destination dir] [--executable]; prints the path of each artifact.
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { inject } from 'postject';
import { folderOf } from './workspaces.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'packages', 'cli');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The npm packages the bundle leaves to the registry: the CLI's own and those of the workspace packages it bundles. */
function thirdParty() {
  const workspace = (name) => readJson(join(ROOT, folderOf(name), 'package.json'));
  const found = {};
  const visit = (manifest) => {
    for (const [name, version] of Object.entries(manifest.dependencies ?? {})) {
      if (name.startsWith('@kassa-payments/')) visit(workspace(name));
      else found[name] = version;
    }
  };
  visit(readJson(join(CLI, 'package.json')));
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

/** The CLI in one file: ESM with the third-party packages left outside (the tarball), or CJS with everything in (the executable). */
async function bundle(outfile, format) {
  const main = join(CLI, 'dist', 'main.js');
  if (!existsSync(main)) throw new Error('packages/cli/dist is missing: run npx tsc -b first');
  const version = readJson(join(CLI, 'package.json')).version;
  await build({
    entryPoints: [main],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format,
    external: format === 'esm' ? Object.keys(thirdParty()) : [],
    define: { KASSA_CLI_VERSION: JSON.stringify(version) },
    legalComments: 'none',
    logLevel: 'error',
  });
  return version;
}

/** The tarball merchants install (`npm install <tarball>`): the path of the file written to `destination`. */
export async function packCli(destination) {
  const stage = mkdtempSync(join(tmpdir(), 'kassa-cli-pack-'));
  try {
    const version = await bundle(join(stage, 'kassa.js'), 'esm');
    writeFileSync(join(stage, 'kassa.js'), `#!/usr/bin/env node\n${readFileSync(join(stage, 'kassa.js'), 'utf8')}`);
    chmodSync(join(stage, 'kassa.js'), 0o755);
    const cli = readJson(join(CLI, 'package.json'));
    const manifest = {
      name: cli.name,
      version,
      description: cli.description,
      license: cli.license,
      type: 'module',
      bin: { kassa: './kassa.js' },
      files: ['kassa.js'],
      engines: cli.engines,
      dependencies: thirdParty(),
    };
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    copyFileSync(join(ROOT, 'LICENSE'), join(stage, 'LICENSE'));
    copyFileSync(join(CLI, 'README.md'), join(stage, 'README.md'));
    mkdirSync(destination, { recursive: true });
    const name =
      execFileSync('npm', ['pack', '--silent', '--pack-destination', resolve(destination)], { cwd: stage, encoding: 'utf8' })
        .trim()
        .split('\n')
        .pop() ?? '';
    return join(resolve(destination), name);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** Node 20's SEA fuse: the sentinel postject flips in the copied binary so that it runs the injected script. */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** The single executable (linux-x64): the path of `kassa-<version>-linux-x64` written to `destination`. */
export async function buildCliExecutable(destination) {
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`the executable is built for linux-x64, on linux-x64 (this is ${process.platform}-${process.arch})`);
  const stage = mkdtempSync(join(tmpdir(), 'kassa-cli-sea-'));
  try {
    const version = await bundle(join(stage, 'kassa.cjs'), 'cjs');
    writeFileSync(join(stage, 'sea-config.json'), JSON.stringify({ main: join(stage, 'kassa.cjs'), output: join(stage, 'kassa.blob'), disableExperimentalSEAWarning: true }));
    execFileSync(process.execPath, ['--experimental-sea-config', join(stage, 'sea-config.json')], { stdio: 'ignore' });
    mkdirSync(destination, { recursive: true });
    const executable = join(resolve(destination), `kassa-${version}-linux-x64`);
    copyFileSync(process.execPath, executable);
    chmodSync(executable, 0o755);
    await inject(executable, 'NODE_SEA_BLOB', readFileSync(join(stage, 'kassa.blob')), { sentinelFuse: SEA_FUSE });
    return executable;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

// Run as a script (release.mjs imports it).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { destination: { type: 'string', default: process.cwd() }, executable: { type: 'boolean', default: false } } });
  console.log(await packCli(values.destination));
  if (values.executable) console.log(await buildCliExecutable(values.destination));
}
