#!/usr/bin/env node
// Builds a release's artifacts from this checkout into out/release/<version>/, and tags nothing:
// tagging is the documented step after (docs/operators/releasing.md).
// - kassa-payments-cli-<version>.tgz: the merchant's CLI, installable alone (scripts/pack-cli.mjs);
// - kassa-<version>-linux-x64: the CLI as a single executable;
// - kassa-<version>-image.tar: the container image (the root Dockerfile, scripts/build-image.sh),
//   named kassa:<version> (docker.io/library/kassa:<version> in full), as a docker-archive (`docker load -i` or `podman load -i` takes it; an
//   OCI archive would drop the HEALTHCHECK, which the OCI image format has no field for);
// - kassa-<version>-deploy.tar.gz: deploy/ as an operator starts from it (the compose file, the env
//   file example, Prometheus's and Grafana's files; none of an operator's own settings);
// - sbom-app.cdx.json, sbom-cli.cdx.json: CycloneDX SBOMs of what an operator (the image holds the
//   same production dependencies) and a merchant's developer install (CycloneDX's own generator for
//   npm, production dependencies only);
// - SHA256SUMS: every artifact's SHA-256, in sha256sum's format (`sha256sum -c SHA256SUMS` checks them).
//
// Usage: node scripts/release.mjs [--destination out/release] (builds first: npx tsc -b).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, createReadStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildCliExecutable, packCli } from './pack-cli.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { destination: { type: 'string', default: join(ROOT, 'out', 'release') } } });
const version = JSON.parse(readFileSync(join(ROOT, 'packages', 'app', 'package.json'), 'utf8')).version;
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`the app's version ${version} is not semver`);
// A release says what changed: its section of the CHANGELOG (scripts/set-version.mjs cuts it).
const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
const heading = new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm').exec(changelog);
if (!heading) throw new Error(`CHANGELOG.md has no section for ${version}: cut it first (node scripts/set-version.mjs ${version})`);
// Every release after the first says how to upgrade to it (docs/operators/upgrading.md): its section's Upgrading part.
const section = changelog.slice(heading.index + heading[0].length).split(/^## /m)[0];
if (version !== '0.1.0' && !/^### Upgrading$/m.test(section))
  throw new Error(`CHANGELOG.md's section for ${version} has no "### Upgrading" part (the schema, the migrations, the order: docs/operators/upgrading.md)`);
const out = join(resolve(values.destination), version);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

execFileSync('npx', ['tsc', '-b'], { cwd: ROOT, stdio: 'inherit' });
await packCli(out);
await buildCliExecutable(out);
const image = execFileSync(join(ROOT, 'scripts', 'build-image.sh'), [`kassa:${version}`], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
// Saved under the name Docker gives `kassa:<version>` (podman's own would be localhost/kassa, which
// `docker load` keeps, and which compose's `kassa:<version>` would not find).
// Podman with the repository's containers.conf (scripts/ensure-podman.sh writes it).
const PODMAN_ENV = { ...process.env, CONTAINERS_CONF: join(ROOT, '.kassa', 'containers', 'containers.conf') };
const podman = (...args) => execFileSync('podman', args, { cwd: ROOT, env: PODMAN_ENV, stdio: ['ignore', 'ignore', 'inherit'] });
podman('tag', image, `docker.io/library/kassa:${version}`);
// The base as pulled from Docker Hub has a docker.io digest; a stand-in (scripts/build-node-base.sh) has none.
const [digests, label] = execFileSync('podman', ['image', 'inspect', '--format', '{{json .RepoDigests}}\n{{index .Labels "org.kassa.stand-in"}}', process.env.NODE_IMAGE ?? 'node:20-bookworm-slim'], {
  encoding: 'utf8',
  env: PODMAN_ENV,
}).split('\n');
if (!(JSON.parse(digests || 'null') ?? []).some((d) => d.startsWith('docker.io/')))
  console.error(
    `release: the image is built on a stand-in for its base (${label && label !== '<no value>' ? label : 'not pulled from Docker Hub'}): test with it, publish one built on the official node image`,
  );
podman('save', '--quiet', '--format', 'docker-archive', '--output', join(out, `kassa-${version}-image.tar`), `docker.io/library/kassa:${version}`);
// deploy/ with the production modules' examples beside it (examples/), none of an operator's own
// settings; reproducible: the same files give the same bytes (names sorted, no time, no owner; gzip
// without a name or time).
const staging = mkdtempSync(join(tmpdir(), 'kassa-deploy-'));
cpSync(join(ROOT, 'deploy'), staging, { recursive: true, filter: (source) => !/\/deploy\/(kassa\.env|kassa|kassa-admin-token|\.env)$/.test(source) });
mkdirSync(join(staging, 'examples'));
for (const example of ['billing-gateway.mjs', 'sms-sender.mjs', 'carrier-lookup.mjs']) copyFileSync(join(ROOT, 'examples', example), join(staging, 'examples', example));
execFileSync(
  'sh',
  [
    '-c',
    'tar --create --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner --mode=u+rw,go+r,go-w --directory "$1" . | gzip -n -9 > "$2"',
    'tar',
    staging,
    join(out, `kassa-${version}-deploy.tar.gz`),
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
rmSync(staging, { recursive: true, force: true });
for (const [workspace, name] of [
  ['packages/app', 'sbom-app.cdx.json'],
  ['packages/cli', 'sbom-cli.cdx.json'],
]) {
  execFileSync(
    'npx',
    ['--no-install', 'cyclonedx-npm', '--omit', 'dev', '--workspace', workspace, '--flatten-components', '--output-reproducible', '--output-format', 'JSON', '--output-file', join(out, name)],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

const sha256 = (file) =>
  new Promise((done, fail) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => done(hash.digest('hex')))
      .on('error', fail);
  });
const sums = [];
for (const f of readdirSync(out)
  .filter((f) => f !== 'SHA256SUMS')
  .sort())
  sums.push(`${await sha256(join(out, f))}  ${basename(f)}`);
writeFileSync(join(out, 'SHA256SUMS'), `${sums.join('\n')}\n`);
console.log(out);
