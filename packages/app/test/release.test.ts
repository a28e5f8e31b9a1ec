import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type HttpReceiver, startReceiver, waitForOutput } from '@kassa-payments/devkit';
import { KassaClient } from '@kassa-payments/merchant-client';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataOf, fresh, MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// A release as users get it: scripts/release.mjs run into a temporary folder (from the dist the test
// command's `tsc -b` built), its checksums checked by sha256sum, its SBOMs read; the merchant's CLI
// tarball installed alone in an empty project whose @kassa and @kassa-payments registries are closed
// ports, and the CLI's single executable run without Node on its PATH; each runs `kassa listen`
// against a running Kassa.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const CLOSED = 'http://127.0.0.1:9/';
const VERSION = (JSON.parse(readFileSync(join(root, 'packages', 'app', 'package.json'), 'utf8')) as { version: string }).version;
const run = (command: string, args: string[], cwd: string) => promisify(execFile)(command, args, { cwd, encoding: 'utf8' }).then((r) => r.stdout);

let dir: string;
let release: string;
let shop: string;
let tarball: string;
let executable: string;
let t: TestKassa;
let receiver: HttpReceiver;
const figures: Record<string, number> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kassa-release-'));
  const started = Date.now();
  release = (await run('node', [join(root, 'scripts', 'release.mjs'), '--destination', join(dir, 'out')], root)).trim().split('\n').pop() as string;
  figures['releaseSeconds'] = Math.round((Date.now() - started) / 1000);
  tarball = join(release, `kassa-payments-cli-${VERSION}.tgz`);
  executable = join(release, `kassa-${VERSION}-linux-x64`);
  figures['tarballKiB'] = Math.round(statSync(tarball).size / 1024);
  figures['executableMiB'] = Math.round(statSync(executable).size / 1024 / 1024);
  shop = join(dir, 'shop');
  mkdirSync(shop);
  writeFileSync(join(shop, 'package.json'), JSON.stringify({ name: 'shop', private: true, type: 'module' }));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--save-dev', `--@kassa:registry=${CLOSED}`, `--@kassa-payments:registry=${CLOSED}`, tarball], shop);
  receiver = await startReceiver();
  t = await startTestKassa();
}, 180_000);
afterAll(async () => {
  await t?.stop();
  await receiver?.close();
  console.log(`release figures: ${JSON.stringify(figures)}`);
  rmSync(dir, { recursive: true, force: true });
});

/** `kassa listen` from `command`: ready (its time to the Ready! line kept as `figure`), then a contract's events forwarded, signed with the printed secret. */
async function listens(command: string, args: string[], figure: string, PATH = process.env['PATH'] ?? ''): Promise<void> {
  const path = `/${figure}`;
  const started = Date.now();
  const child = spawn(command, [...args, 'listen', '--forward-to', `${receiver.url}${path}`, '--events', 'contract.authorized'], {
    cwd: shop,
    env: { PATH, KASSA_API_URL: t.kassa.urls.api, KASSA_LOGIN: MERCHANT.login, KASSA_PASSWORD: MERCHANT.password, KASSA_PROJECT: String(P.main) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const ready = await waitForOutput(child, /Ready!.*whsec_/, 20_000);
    figures[figure] = Date.now() - started;
    const secret = /whsec_[A-Za-z0-9+/=]+/.exec(ready)?.[0] ?? '';
    const client = new KassaClient({ baseUrl: t.kassa.urls.api, login: MERCHANT.login, password: MERCHANT.password });
    const f = fresh();
    const contract = dataOf(await client.createContract(P.main, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
    dataOf(await client.authorizeContract(P.main, contract.contract_id, { client_ip: '203.0.113.7', pin_code: '1234', merchant_contract_id: f.mcid }));
    const forwarded = await vi.waitUntil(() => receiver.received.find((r) => r.path === path && r.body.includes(contract.contract_id)), { timeout: 15_000 });
    const headers = Object.fromEntries(Object.entries(forwarded.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
    expect(new Webhook(secret).verify(forwarded.body, headers)).toMatchObject({ type: 'contract.authorized' });
  } finally {
    child.kill('SIGINT');
  }
}

describe(`the release's artifacts (out/release/${VERSION}/)`, () => {
  it('are the CLI tarball, its executable and two SBOMs, each with its SHA-256 in SHA256SUMS, which sha256sum checks', async () => {
    expect(readdirSync(release).sort()).toEqual([`kassa-${VERSION}-linux-x64`, `kassa-payments-cli-${VERSION}.tgz`, 'SHA256SUMS', 'sbom-app.cdx.json', 'sbom-cli.cdx.json'].sort());
    expect(await run('sha256sum', ['--check', '--strict', 'SHA256SUMS'], release)).toMatch(/(: OK\n[\s\S]*){4}/);
    expect(readFileSync(join(release, 'SHA256SUMS'), 'utf8').trim().split('\n')).toHaveLength(4);
  });

  it('SBOMs in CycloneDX: the app with its production dependencies (Express, the MongoDB driver, BullMQ), the CLI without them', () => {
    const names = (file: string) => {
      const sbom = JSON.parse(readFileSync(join(release, file), 'utf8')) as { bomFormat: string; components: { name: string }[] };
      expect(sbom.bomFormat).toBe('CycloneDX');
      return sbom.components.map((c) => c.name);
    };
    const app = names('sbom-app.cdx.json');
    expect(app).toEqual(expect.arrayContaining(['express', 'mongodb', 'bullmq', 'inversify']));
    expect(app).not.toContain('vitest');
    const cli = names('sbom-cli.cdx.json');
    expect(cli).toEqual(expect.arrayContaining(['commander', 'eventsource-parser', 'fast-xml-parser', 'zod']));
    for (const server of ['express', 'mongodb', 'bullmq', 'inversify', 'vitest', 'typescript']) expect(cli).not.toContain(server);
  });
});

describe('@kassa-payments/cli from its tarball, installed alone', () => {
  it('brings only what its commands need: no @kassa-payments package, no Express, MongoDB driver, BullMQ or Inversify', () => {
    const manifest = JSON.parse(readFileSync(join(shop, 'node_modules', '@kassa-payments', 'cli', 'package.json'), 'utf8')) as { dependencies: Record<string, string>; bin: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).toEqual(['commander', 'eventsource-parser', 'fast-xml-parser', 'zod']);
    expect(manifest.bin).toEqual({ kassa: './kassa.js' });
    expect(readdirSync(join(shop, 'node_modules', '@kassa-payments'))).toEqual(['cli']);
    for (const absent of ['express', 'mongodb', 'bullmq', 'ioredis', 'inversify', 'pino']) expect(existsSync(join(shop, 'node_modules', absent)), absent).toBe(false);
  });

  it("says its version, and `kassa listen` forwards a running Kassa's events, signed", async () => {
    expect(await run('npx', ['--no-install', 'kassa', '--version'], shop)).toContain(`kassa ${VERSION}`);
    await listens('npx', ['--no-install', 'kassa'], 'tarballReadyMs');
  }, 60_000);
});

describe('the single executable (linux-x64, no Node needed)', () => {
  it("says its version, and `listen` forwards a running Kassa's events, signed", async () => {
    expect(await run(executable, ['--version'], shop)).toContain(`kassa ${VERSION}`);
    expect(await run(executable, ['--help'], shop)).toMatch(/listen[\s\S]*trigger|trigger[\s\S]*listen/);
    // No Node on its PATH: the executable carries its own.
    await listens(executable, [], 'executableReadyMs', '/nonexistent');
  }, 60_000);
});
