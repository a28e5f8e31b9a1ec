import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { requestPayload, signRequest } from '@kassa-payments/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The merchant client as merchants get it: the tarball of scripts/pack-merchant-client.mjs (of the
// dist the test command's `tsc -b` built), installed alone into an empty project where every @kassa
// package is unreachable: the registry of that scope is a closed port, so anything still asking for
// @kassa-payments/protocol fails the install.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const SCOPE = '@kassa-payments';
const CLOSED = 'http://127.0.0.1:9/';

let dir: string;
let shop: string;
let t: TestKassa;
const runAsync = (command: string, args: string[], cwd: string) => promisify(execFile)(command, args, { cwd, encoding: 'utf8' }).then((r) => r.stdout);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kassa-client-tarball-'));
  const tarball = execFileSync('node', [join(root, 'scripts', 'pack-merchant-client.mjs'), '--scope', SCOPE, '--destination', dir], { encoding: 'utf8' }).trim();
  shop = join(dir, 'shop');
  mkdirSync(shop);
  writeFileSync(join(shop, 'package.json'), JSON.stringify({ name: 'shop', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', `--@kassa:registry=${CLOSED}`, `--${SCOPE}:registry=${CLOSED}`, tarball], { cwd: shop, stdio: 'ignore' });
  t = await startTestKassa();
}, 180_000);
afterAll(async () => {
  await t?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`${SCOPE}/merchant-client from its tarball, installed alone`, () => {
  it('is named under the owned scope and depends on no @kassa package', () => {
    const installed = join(shop, 'node_modules', SCOPE, 'merchant-client');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string> };
    expect(manifest.name).toBe(`${SCOPE}/merchant-client`);
    expect(Object.keys(manifest.dependencies)).toEqual(['zod']);
    expect(
      readdirSync(join(shop, 'node_modules'))
        .filter((d) => !d.startsWith('.'))
        .sort(),
    ).toEqual([SCOPE, 'zod']);
  });

  it('signs as @kassa-payments/protocol does, and creates an invoice on a running Kassa', async () => {
    writeFileSync(
      join(shop, 'pay.js'),
      `import { KassaClient, signRequest } from '${SCOPE}/merchant-client';
const [baseUrl, login, password] = process.argv.slice(2);
const kassa = new KassaClient({ baseUrl, login, password, timeoutMs: 5000 });
const invoice = await kassa.createInvoice(${P.main}, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: '79005550191' }, order: { merchant_order_id: 'tarball-1' } });
const signature = signRequest('secret-password', 'shop', '2026-11-24T10:00:00Z', 4, 'order-17900123456710.00RUB203.0.113.7');
console.log(JSON.stringify({ status: invoice.status, state: invoice.ok ? invoice.data.status : invoice.error.code, signature }));`,
    );
    // Asynchronously: Kassa runs in this process and must keep answering meanwhile.
    const out = JSON.parse(await runAsync('node', ['pay.js', t.kassa.urls.api, MERCHANT.login, MERCHANT.password], shop)) as unknown;
    const expected = signRequest(
      'secret-password',
      'shop',
      '2026-11-24T10:00:00Z',
      4,
      requestPayload('createInvoice', {
        body: { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: '79001234567' }, order: { merchant_order_id: 'order-1', price: { amount: '10.00', currency: 'RUB' } } },
      }),
    );
    expect(out).toEqual({ status: 201, state: 'Created', signature: expected });
  }, 60_000);

  it('types resolve for a TypeScript merchant (strict, no skipLibCheck)', async () => {
    // A Node project's own @types/node (the bundled protocol's types name Buffer), the repository's version.
    const types = JSON.parse(readFileSync(join(root, 'node_modules', '@types', 'node', 'package.json'), 'utf8')) as { version: string };
    await runAsync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-save', `@types/node@${types.version}`], shop);
    writeFileSync(
      join(shop, 'typed.ts'),
      `import { KassaClient, type InvoiceData, type KassaResponse } from '${SCOPE}/merchant-client';
const kassa = new KassaClient({ baseUrl: 'http://localhost', login: 'l', password: 'p' });
export const pending: Promise<KassaResponse<InvoiceData>> = kassa.getInvoice(1, 'id');
`,
    );
    writeFileSync(
      join(shop, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: ['node'], skipLibCheck: false },
        files: ['typed.ts'],
      }),
    );
    await runAsync('node', [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], shop);
  }, 120_000);
});
