import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The merchant client as a merchant gets it: `npm pack` tarballs (of it and @kassa/protocol, its
// only Kassa dependency; built by the test command's `tsc -b`), installed into an empty project
// outside the repository, used from plain Node against a running Kassa.
const root = fileURLToPath(new URL('../../../', import.meta.url));
let t: TestKassa;
let dir: string;
beforeAll(async () => {
  t = await startTestKassa();
  dir = mkdtempSync(join(tmpdir(), 'kassa-pack-'));
});
afterAll(async () => {
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

const run = (command: string, args: string[], cwd: string) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('@kassa/merchant-client as a package', () => {
  it('packs, installs outside the repository and signs a real request', async () => {
    const tarballs = ['protocol', 'merchant-client'].map((p) =>
      join(
        dir,
        run('npm', ['pack', '--silent', '--pack-destination', dir], join(root, 'packages', p))
          .trim()
          .split('\n')
          .pop() ?? '',
      ),
    );
    const app = join(dir, 'shop');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'shop', private: true, type: 'module' }));
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs], app);
    writeFileSync(
      join(app, 'pay.js'),
      `import { KassaClient } from '@kassa/merchant-client';
const kassa = new KassaClient({ baseUrl: process.argv[2], login: process.argv[3], password: process.argv[4], timeoutMs: 5000 });
const invoice = await kassa.createInvoice(${P.main}, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: '79005550101' }, order: { merchant_order_id: 'packed-1' } });
console.log(JSON.stringify({ status: invoice.status, ok: invoice.ok, state: invoice.ok ? invoice.data.status : invoice.error.code }));`,
    );
    // Asynchronously: Kassa runs in this process and must keep answering meanwhile.
    const { stdout: out } = await promisify(execFile)('node', ['pay.js', t.kassa.urls.api, MERCHANT.login, MERCHANT.password], { cwd: app, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ status: 201, ok: true, state: 'Created' });
    // Nothing of the monorepo came along: the installed client resolves its protocol from the tarball.
    expect(run('node', ['-e', "console.log(Object.keys(JSON.parse(require('fs').readFileSync('node_modules/@kassa/merchant-client/package.json','utf8')).dependencies))"], app).trim()).toBe(
      "[ '@kassa/protocol' ]",
    );
  }, 120_000);
});
