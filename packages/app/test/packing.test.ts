import { execFile, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForOutput } from '@kassa-payments/devkit';
import { MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';
import { folderOf } from '../../../scripts/workspaces.mjs';

// The packages as others get them: `npm pack` tarballs (of the dist the test command's `tsc -b`
// built), installed into empty projects outside the repository, used from plain Node.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const RUNTIME = [
  'domain',
  'operations',
  'adapters-memory',
  'protocol',
  'merchant-client',
  'cli',
  'http-kit',
  'adapters-xml',
  'adapters-mongo',
  'adapters-queue',
  'adapters-webhooks',
  'adapters-geoip',
  'admin-api',
  'json-api',
  'merchant-dashboard',
  'payment-pages',
  'app',
] as const;
type Runtime = (typeof RUNTIME)[number];
/** What a package ships besides dist/: the pages' and the dashboard's stylesheets, the XML API's schema, the kassa command's entry. */
const ASSETS: Partial<Record<Runtime, string>> = { 'payment-pages': 'static/', 'merchant-dashboard': 'static/', 'adapters-xml': 'schema/', app: 'bin/', cli: 'bin/' };

let dir: string;
const tarball: Partial<Record<Runtime, string>> = {};
const run = (command: string, args: string[], cwd: string) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const runAsync = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => promisify(execFile)(command, args, { cwd, env, encoding: 'utf8' }).then((r) => r.stdout);

/** An empty project outside the repository with the given tarballs installed. */
function project(name: string, packages: readonly Runtime[]): string {
  const at = join(dir, name);
  mkdirSync(at, { recursive: true });
  writeFileSync(join(at, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...packages.map((p) => tarball[p] ?? '')], at);
  return at;
}

/** What `npm pack` put in each tarball. */
const packed: Partial<Record<Runtime, string[]>> = {};
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kassa-pack-'));
  // One npm for every package (an npm a package took 2-6 s on a loaded machine, most of it npm's own start).
  const workspaces = RUNTIME.flatMap((p) => ['--workspace', folderOf(p)]);
  const packs = JSON.parse(run('npm', ['pack', '--json', '--silent', '--pack-destination', dir, ...workspaces], root)) as { name: string; filename: string; files: { path: string }[] }[];
  for (const pack of packs) {
    const p = pack.name.replace('@kassa-payments/', '') as Runtime;
    tarball[p] = join(dir, pack.filename);
    packed[p] = pack.files.map((f) => f.path);
  }
}, 120_000);
// Thousands of installed files: removing them took over 60 s on a loaded CI machine, so a detached
// `rm` removes them after the test, and no hook waits for the disk.
afterAll(() => spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref());

/** Every file under a folder, relative to it. */
const walk = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(folder, join(e.parentPath, e.name)));

describe('every runtime package packs its built files and types only', () => {
  it.each(RUNTIME)('@kassa-payments/%s', (p) => {
    const files = packed[p] ?? [];
    // npm packs a package's README and LICENSE whatever `files` says: a merchant reads them on the registry.
    const stray = files.filter((f) => !(f === 'package.json' || f === 'README.md' || f === 'LICENSE' || f.startsWith('dist/') || (ASSETS[p] !== undefined && f.startsWith(ASSETS[p]))));
    expect(stray, 'only dist/, the README and the licence (and the package assets) are packed').toEqual([]);
    expect(files.filter((f) => /\.(test|fixture)\.|\.tsbuildinfo$|\.tsx?$|\.map$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/index.d.ts');
    // No stale output: every built module still has its source (tsc -b never deletes a renamed file's
    // old output; `npm run build` and the test command's `npm run typecheck` clean first).
    const pkg = join(root, folderOf(p));
    const stale = walk(join(pkg, 'dist'))
      .filter((f) => f.endsWith('.js'))
      .filter((f) => !['.ts', '.tsx'].some((ext) => existsSync(join(pkg, 'src', f.replace(/\.js$/, ext)))));
    expect(stale, `stale files in ${folderOf(p)}/dist: run npm run build`).toEqual([]);
  });
});

describe('the domain embedded in another Node service (the README example, examples/embedding.mjs)', () => {
  let shop: string;
  beforeAll(() => {
    // The domain and the in-memory adapters alone (with @kassa-payments/operations, whose ports they implement too):
    // a dependency any of them lacks would fail here.
    shop = project('embedding', ['domain', 'operations', 'adapters-memory']);
    copyFileSync(join(root, 'examples', 'embedding.mjs'), join(shop, 'embedding.mjs'));
  }, 180_000);

  it('in memory: a contract is created and authorised with the test PIN', async () => {
    expect(JSON.parse(await runAsync('node', ['embedding.mjs'], shop))).toEqual({ storage: 'in-memory', created: 'awaitingPin', authorized: 'active', stored: 'active' });
  }, 60_000);

  it('on MongoDB: the same use cases with the packed MongoDB adapter installed beside them and swapped in', async () => {
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball['adapters-mongo'] ?? ''], shop);
    const database = `kassa_embedding_${process.pid}`;
    expect(JSON.parse(await runAsync('node', ['embedding.mjs', inject('mongoUrl'), database], shop))).toEqual({
      storage: 'mongodb',
      created: 'awaitingPin',
      authorized: 'active',
      stored: 'active',
    });
    // It was MongoDB that kept it: the contract is in the database the example was given.
    const { MongoClient } = await import('mongodb');
    const mongo = new MongoClient(inject('mongoUrl'));
    try {
      expect(await mongo.db(database).collection('contracts').countDocuments({})).toBe(1);
      await mongo.db(database).dropDatabase();
    } finally {
      await mongo.close();
    }
  }, 120_000);
});

describe('the app installed from its tarball', () => {
  // Every runtime package: the app's `kassa trigger` talks to Kassa through the merchant client.
  let at: string;
  beforeAll(() => {
    at = project('operator', RUNTIME);
  }, 180_000);

  it("runs only licences compatible with Kassa's Apache-2.0 (a kept checker, on what an operator installs)", async () => {
    const { COMPATIBLE, refusedLicences } = (await import(join(root, 'scripts', 'check-licences.mjs'))) as {
      COMPATIBLE: string[];
      refusedLicences: (project: string, allowed?: string[]) => string | undefined;
    };
    expect(refusedLicences(at)).toBeUndefined();
    // That the check bites is test/licences.test.ts's (on fixture projects: a second walk of this one cost 10 s beside the suite).
    expect(COMPATIBLE).toContain('MIT');
    // Kassa's own packages say their licence.
    for (const p of RUNTIME) expect((JSON.parse(readFileSync(join(at, 'node_modules', '@kassa-payments', p, 'package.json'), 'utf8')) as { license?: string }).license).toBe('Apache-2.0');
  }, 60_000);

  it('starts with npx kassa on its embedded defaults, answers /health, and stops on SIGTERM', async () => {
    // In a process group of its own: SIGTERM goes to npx and to Kassa under it, as a terminal's
    // Ctrl-C or a container runtime's stop would.
    const child = spawn('npx', ['--no-install', 'kassa'], {
      cwd: at,
      detached: true,
      env: { ...process.env, KASSA_API_PORT: '0', KASSA_PCI_PORT: '0', KASSA_WIDGET_PORT: '0', KASSA_SUBS_PORT: '0', KASSA_ADMIN_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exit = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const stopped = () => waitForOutput(child, 'kassa stopped', 10_000, { seen: out });
    try {
      await waitForOutput(child, 'Demo partner', 20_000);
      expect(out).toContain('"msg":"kassa started"');
      const api = /API (http:\/\/\S+)/.exec(out)?.[1];
      expect((await fetch(`${api}/health`)).status).toBe(200);
      const widget = /"widget":"(http:\/\/[^"]+)"/.exec(out)?.[1];
      // The packed browser scripts and stylesheet of the pages are there ...
      for (const asset of ['embed.js', 'page.js', 'widget.css']) expect((await fetch(`${widget}/Card/Sbp/${asset}`)).status, asset).toBe(200);
      // ... and the dashboard's, from its own package.
      for (const asset of ['dashboard.js', 'dashboard.css']) expect((await fetch(`${api}/dashboard/${asset}`)).status, asset).toBe(200);
    } finally {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    }
    await stopped();
    await exit;
    expect(out).toContain('kassa stopped');
  }, 240_000);
});

describe('@kassa-payments/merchant-client as a package', () => {
  let t: TestKassa;
  beforeAll(async () => {
    t = await startTestKassa();
  });
  afterAll(() => t.stop());

  it('installs outside the repository and signs a real request', async () => {
    const shop = project('shop', ['protocol', 'merchant-client']);
    writeFileSync(
      join(shop, 'pay.js'),
      `import { KassaClient } from '@kassa-payments/merchant-client';
const kassa = new KassaClient({ baseUrl: process.argv[2], login: process.argv[3], password: process.argv[4], timeoutMs: 5000 });
const invoice = await kassa.createInvoice(${P.main}, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: '79005550101' }, order: { merchant_order_id: 'packed-1' } });
console.log(JSON.stringify({ status: invoice.status, ok: invoice.ok, state: invoice.ok ? invoice.data.status : invoice.error.code }));`,
    );
    // Asynchronously: Kassa runs in this process and must keep answering meanwhile.
    const out = await runAsync('node', ['pay.js', t.kassa.urls.api, MERCHANT.login, MERCHANT.password], shop);
    expect(JSON.parse(out)).toEqual({ status: 201, ok: true, state: 'Created' });
    // Nothing of the monorepo came along: the installed client resolves its protocol from the tarball.
    expect(run('node', ['-e', "console.log(Object.keys(JSON.parse(require('fs').readFileSync('node_modules/@kassa-payments/merchant-client/package.json','utf8')).dependencies))"], shop).trim()).toBe(
      "[ '@kassa-payments/protocol' ]",
    );
  }, 120_000);
});
