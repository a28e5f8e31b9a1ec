import { execFile, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FREE_PORTS, freePort, type HttpReceiver, startReceiver, startRedisServer, waitForOutput } from '@kassa-payments/devkit';
import { compactUtc } from '@kassa-payments/domain';
import { signSubscriptionRequest } from '@kassa-payments/protocol';
import { XMLParser } from 'fast-xml-parser';
import { MongoClient } from 'mongodb';
import { KassaClient } from '@kassa-payments/merchant-client';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { bannerVariables } from '../src/cli/start-banner.js';
import { type KassaContainer, podman, runKassaContainer } from './container.fixture.js';
import { dataOf, fresh, MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// A release as users get it: scripts/release.mjs run into a temporary folder (from the dist the test
// command's `tsc -b` built), its checksums checked by sha256sum, its SBOMs read; the merchant's CLI
// tarball installed alone in an empty project whose @kassa and @kassa-payments registries are closed
// ports, and the CLI's single executable run without Node on its PATH; each runs `kassa listen`
// against a running Kassa. The container image is loaded from the release's archive and run with
// podman as an operator runs it: on its embedded defaults with a volume, and as an api and a worker
// container on MongoDB and Redis (the test's servers, on the host network).
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
/** As Docker and compose name it (docker.io/library/kassa in full): `docker load` gives it this name. */
const IMAGE = `kassa:${VERSION}`;
const seconds = async (work: () => Promise<unknown>) => {
  const started = Date.now();
  await work();
  return Math.round((Date.now() - started) / 100) / 10;
};

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
  // Loaded from the archive alone: the names the release script built and tagged are taken off first.
  for (const name of [`localhost/kassa:${VERSION}`, `docker.io/library/kassa:${VERSION}`]) await podman('untag', name).catch(() => undefined);
  figures['imageLoadSeconds'] = await seconds(() => podman('load', '--quiet', '--input', join(release, `kassa-${VERSION}-image.tar`)));
  figures['imageMB'] = Math.round(Number(await podman('image', 'inspect', '--format', '{{.Size}}', IMAGE)) / 1e6);
  figures['imageArchiveMB'] = Math.round(statSync(join(release, `kassa-${VERSION}-image.tar`)).size / 1e6);
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--save-dev', `--@kassa:registry=${CLOSED}`, `--@kassa-payments:registry=${CLOSED}`, tarball], shop);
  receiver = await startReceiver();
  t = await startTestKassa();
}, 420_000);
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
  it("are the CLI tarball, its executable, the image's archive, the deploy bundle and two SBOMs, each with its SHA-256 in SHA256SUMS, which sha256sum checks", async () => {
    expect(readdirSync(release).sort()).toEqual(
      [
        `kassa-${VERSION}-linux-x64`,
        `kassa-${VERSION}-image.tar`,
        `kassa-${VERSION}-deploy.tar.gz`,
        `kassa-payments-cli-${VERSION}.tgz`,
        'SHA256SUMS',
        'sbom-app.cdx.json',
        'sbom-cli.cdx.json',
      ].sort(),
    );
    expect(await run('sha256sum', ['--check', '--strict', 'SHA256SUMS'], release)).toMatch(/(: OK\n[\s\S]*){6}/);
    expect(readFileSync(join(release, 'SHA256SUMS'), 'utf8').trim().split('\n')).toHaveLength(6);
    // Hashing 430 MB (the image's archive, the executable) took over vitest's default 5 s in a loaded run.
  }, 60_000);

  it("the deploy bundle is deploy/ as an operator starts from it: the compose file and its companions, the modules' examples, none of an operator's own settings", async () => {
    const files = (await run('tar', ['--list', '--gzip', '--file', join(release, `kassa-${VERSION}-deploy.tar.gz`)], release)).trim().split('\n');
    expect(files).toEqual(
      expect.arrayContaining([
        './compose.yaml',
        './kassa.env.example',
        './prometheus/prometheus.yml',
        './prometheus/kassa-alerts.yml',
        './grafana/kassa-dashboard.json',
        './grafana/provisioning/datasources/prometheus.yml',
        './examples/billing-gateway.mjs',
        './examples/sms-sender.mjs',
        './examples/carrier-lookup.mjs',
      ]),
    );
    expect(files.filter((f) => /kassa\.env$|kassa-admin-token|^\.\/kassa\//.test(f))).toEqual([]);
    const compose = await run('tar', ['--extract', '--gzip', '--to-stdout', '--file', join(release, `kassa-${VERSION}-deploy.tar.gz`), './compose.yaml'], release);
    expect(compose).toBe(readFileSync(join(root, 'deploy', 'compose.yaml'), 'utf8'));
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

describe(`the container image (kassa:${VERSION}, loaded from the release's archive)`, () => {
  const inImage = (script: string) => podman('run', '--rm', '--entrypoint', 'sh', IMAGE, '-c', script);
  /** A Node script run in the image (from its standard input): its output. */
  const inImageNode = (script: string) => {
    const r = spawnSync('podman', ['run', '--rm', '--interactive', '--entrypoint', 'node', IMAGE, '-'], {
      input: script,
      encoding: 'utf8',
      env: { ...process.env, CONTAINERS_CONF: join(root, '.kassa', 'containers', 'containers.conf') },
    });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout;
  };
  /** Every third-party package under /kassa/node_modules, nested ones too, as name@version (Kassa's own are links into /kassa/packages). */
  const WALK = `
    const fs = require('node:fs'), path = require('node:path');
    const out = [];
    const walk = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.name.startsWith('.') || entry.isSymbolicLink()) continue;
        const at = path.join(dir, entry.name);
        if (entry.name.startsWith('@')) { walk(at); continue; }
        const manifest = JSON.parse(fs.readFileSync(path.join(at, 'package.json'), 'utf8'));
        out.push(manifest.name + '@' + manifest.version);
        if (fs.existsSync(path.join(at, 'node_modules'))) walk(path.join(at, 'node_modules'));
      }
    };
    walk('/kassa/node_modules');
    console.log(out.join('\\n'));
  `;

  it('runs as the non-root user node and holds built files and production dependencies only: no dev dependency, no compiler, no test file', async () => {
    expect((await podman('image', 'inspect', '--format', '{{.Config.User}}', IMAGE)).trim()).toBe('node');
    // The archive names it as Docker names kassa:<version>.
    const manifest = JSON.parse(await run('tar', ['--extract', '--to-stdout', '--file', join(release, `kassa-${VERSION}-image.tar`), 'manifest.json'], release)) as { RepoTags: string[] }[];
    expect(manifest.map((m) => m.RepoTags)).toEqual([[`docker.io/library/kassa:${VERSION}`]]);
    expect((await inImage('id -u')).trim()).toBe('1000');
    // Every third-party package installed in the image, at its version, is in the app's SBOM (its
    // production dependencies, from the lock file): installed as the lock says, nothing resolved anew.
    const installed = inImageNode(WALK).trim().split('\n');
    const sbom = new Set(
      (JSON.parse(readFileSync(join(release, 'sbom-app.cdx.json'), 'utf8')) as { components: { name: string; group?: string; version: string }[] }).components.map(
        (c) => `${c.group ? `${c.group}/${c.name}` : c.name}@${c.version}`,
      ),
    );
    expect(installed.length).toBeGreaterThan(100);
    expect(installed.filter((p) => !sbom.has(p))).toEqual([]);
    const names = installed.map((p) => p.slice(0, p.lastIndexOf('@')));
    for (const dev of ['typescript', 'vitest', '@biomejs/biome', 'esbuild', 'postject', 'fast-check', 'playwright-core', 'dependency-cruiser']) expect(names).not.toContain(dev);
    // Kassa's own packages as npm packs them: built files (no TypeScript source), no dev tools' package.
    expect((await inImage('ls /kassa/packages')).trim().split('\n')).not.toContain('devkit');
    expect(await inImage("find /kassa/packages -name '*.ts' -not -name '*.d.ts'")).toBe('');
    // No test file anywhere in /kassa.
    expect(await inImage("find /kassa \\( -type d \\( -name test -o -name tests -o -name __tests__ -o -name specs \\) \\) -o \\( -type f \\( -name '*.test.*' -o -name '*.spec.*' \\) \\)")).toBe('');
  }, 60_000);

  /** Until `api`'s /health answers 200 (30 s at most). */
  const answersHealth = (api: string) =>
    vi.waitUntil(
      () =>
        fetch(`${api}/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 30_000, interval: 50 },
    );

  it('starts on its embedded defaults, answers /health (its HEALTHCHECK passes), takes an invoice and keeps it across a restart on the same volume', async () => {
    const volume = `kassa-test-${randomUUID().slice(0, 8)}`;
    const args = ['--volume', `${volume}:/data`, '--publish', '127.0.0.1::8080'];
    const banner = /export KASSA_ADMIN_URL/;
    const started = Date.now();
    let container = await runKassaContainer(IMAGE, args, banner);
    try {
      const apiOf = async () => `http://127.0.0.1:${(await podman('port', container.name, '8080/tcp')).trim().split(':').pop()}`;
      let api = await apiOf();
      await answersHealth(api);
      figures['imageHealthMs'] = Date.now() - started;
      await podman('healthcheck', 'run', container.name);
      // The banner's export lines, read as the docs test reads them (the API's address is the published port's).
      const { KASSA_LOGIN: login = '', KASSA_PASSWORD: password = '', KASSA_PROJECT: project = '' } = bannerVariables(container.output());
      expect(container.output()).toContain('Data folder /data');
      const f = fresh();
      const order = { merchant_order_id: f.orderId, price: { amount: '12.34', currency: 'RUB' } };
      const created = dataOf(
        await new KassaClient({ baseUrl: api, login, password }).createInvoice(Number(project), { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: f.msisdn }, order }),
      );

      await container.stop();
      container = await runKassaContainer(IMAGE, args, banner);
      api = await apiOf();
      await answersHealth(api);
      // The same demo partner (its password kept in the volume), and the invoice with it.
      expect(bannerVariables(container.output())['KASSA_PASSWORD']).toBe(password);
      const kept = dataOf(await new KassaClient({ baseUrl: api, login, password }).getInvoice(Number(project), created.invoice_id));
      expect(kept).toMatchObject({ invoice_id: created.invoice_id, merchant_order_id: f.orderId, price: { amount: '12.34', currency: 'RUB' }, payment_status: 'NOT_PAID' });
    } finally {
      await container.stop();
      await podman('volume', 'rm', '--force', volume);
    }
  }, 120_000);

  it('as an api and a worker container (KASSA_ROLE) on MongoDB and Redis, on the host network: a subscription charged on schedule, each charge notified', async () => {
    const secret = `whsec_${Buffer.from('image-subscription-secret-01234').toString('base64')}`;
    const database = `kassa_image_${randomUUID().slice(0, 8)}`;
    const redis = await startRedisServer();
    // The seed, mounted read-only: readable by the image's user (uid 1000).
    const seeds = join(dir, 'seed');
    mkdirSync(seeds, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(
      join(seeds, 'seed.json'),
      JSON.stringify({ partners: [{ login: 'subs', password: 'subs-password-1', projects: [{ id: 1, subscriptionSecret: secret, subscriptionNotificationUrl: `${receiver.url}/image-subs` }] }] }),
      { mode: 0o644 },
    );
    const run = async (role: 'api' | 'worker') =>
      await runKassaContainer(
        IMAGE,
        [
          '--network',
          'host',
          '--volume',
          `${seeds}:/seed:ro`,
          // The admin listener on a port of its own: the HEALTHCHECK asks it.
          ...Object.entries({
            ...FREE_PORTS,
            KASSA_ADMIN_PORT: String(await freePort()),
            KASSA_ROLE: role,
            KASSA_HOST: '127.0.0.1',
            KASSA_SEED_FILE: '/seed/seed.json',
            MONGO_URL: inject('mongoUrl'),
            MONGO_DB: database,
            REDIS_URL: redis.url,
            KASSA_REDIS_PREFIX: database,
          }).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
        ],
        '"msg":"kassa started"',
      );
    const containers: KassaContainer[] = [];
    try {
      // Each kept as it starts: one that started is stopped below even when the next one fails.
      containers.push(await run('api'));
      containers.push(await run('worker'));
      const [api, worker] = containers as [KassaContainer, KassaContainer];
      const startedLine = (c: KassaContainer) =>
        JSON.parse(
          c
            .output()
            .split('\n')
            .find((l) => l.includes('"msg":"kassa started"')) ?? '{}',
        ) as { role: string; urls: { subs: string } };
      expect(startedLine(api).role).toBe('api');
      expect(startedLine(worker).role).toBe('worker');
      // The HEALTHCHECK passes for both: a worker has no public listener, the admin one answers.
      await podman('healthcheck', 'run', api.name);
      await podman('healthcheck', 'run', worker.name);
      const subs = startedLine(api).urls.subs;
      const call = async (method: string, elements: string) => {
        const now = compactUtc(new Date().toISOString());
        const res = await fetch(`${subs}/Http/Services/${method}.aspx`, {
          method: 'POST',
          headers: { 'content-type': 'text/xml; charset=utf-8' },
          body: signSubscriptionRequest(`<Request><SubscriptionProjectID>1</SubscriptionProjectID><Now>${now}</Now><Signature></Signature>${elements}</Request>`, secret, 1, now, 'v1'),
        });
        const doc = (new XMLParser({ parseTagValue: false }).parse(await res.text()) as { Response: Record<string, string> }).Response;
        expect(doc['StatusName'], `${method}: ${JSON.stringify(doc)}`).toBe('REQUEST_ACCEPTED');
        return doc;
      };
      const id = (
        await call('CreateSubscription', `<Subscriber_MSISDN>${fresh().msisdn}</Subscriber_MSISDN><TestInfo><BillingPeriodSeconds>1</BillingPeriodSeconds><MaxIterations>2</MaxIterations></TestInfo>`)
      )['SubscriptionID'] as string;
      await call('ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`);
      const notifications = () =>
        new Map(
          receiver.received
            .filter((r) => r.path === '/image-subs')
            .map((r) => [
              String(r.headers['webhook-id']),
              (new XMLParser({ parseTagValue: false }).parse(r.body) as { SubscriptionStatusNotification: Record<string, string> }).SubscriptionStatusNotification,
            ]),
        );
      const ofType = (type: string) => [...notifications().values()].filter((n) => n['EventType'] === type && n['SubscriptionID'] === id);
      await vi.waitUntil(() => ofType('CLOSED').length === 1 && ofType('CHARGE').length === 2, { timeout: 60_000, interval: 200 });
      expect(ofType('CHARGE').map((n) => n['BillingResult'])).toEqual(['Success', 'Success']);
      expect(new Set(ofType('CHARGE').map((n) => n['BillingOperationID'])).size).toBe(2);
      expect(ofType('ACTIVATED')).toHaveLength(1);
      // What each holds in memory after its work (docs/operators/production.md sizes from these).
      for (const [figure, c] of [
        ['apiMemoryMB', api],
        ['workerMemoryMB', worker],
      ] as const) {
        const usage = (await podman('stats', '--no-stream', '--format', '{{.MemUsage}}', c.name)).trim();
        figures[figure] = Math.round(Number.parseFloat(usage));
        expect(usage, usage).toMatch(/^[\d.]+MB/);
      }
    } finally {
      await Promise.all(containers.map((c) => c.stop()));
      await redis.destroy();
      const mongo = new MongoClient(inject('mongoUrl'));
      await mongo.db(database).dropDatabase();
      await mongo.close();
    }
  }, 120_000);
});
