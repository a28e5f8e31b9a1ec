import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KassaClient } from '@kassa-payments/merchant-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, fresh, MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The `kassa` command as operators run it: the built bin as a process, against a running Kassa's
// admin listener (KASSA_ADMIN_URL, KASSA_ADMIN_TOKEN), its output and its exit codes.
const BIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const TOKEN = 'e2e-cli-admin-token-0123456789-abcdefgh';

let t: TestKassa;
let dir: string;
beforeAll(async () => {
  t = await startTestKassa({ KASSA_ADMIN_TOKEN: TOKEN });
  dir = mkdtempSync(join(tmpdir(), 'kassa-cli-'));
});
afterAll(async () => {
  await t?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function kassa(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env['PATH'] ?? '', KASSA_ADMIN_URL: t.kassa.urls.admin, KASSA_ADMIN_TOKEN: TOKEN, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

// Each test runs the kassa command as a process (seconds on a busy machine).
describe('the kassa command', { timeout: 30_000 }, () => {
  it('onboards a merchant: a partner with a generated password, a project from standard input, both listed; the partner signs at once', async () => {
    const login = `cli-shop-${Date.now() % 100_000}`;
    const created = await kassa(['partners', 'create', login, '--generate', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const partner = JSON.parse(created.stdout) as { login: string; password: string; generated_secret: string };
    expect(partner).toMatchObject({ login, password: '[set]' });
    expect(partner.generated_secret.length).toBeGreaterThanOrEqual(32);
    const project = await kassa(['projects', 'create', '--file', '-', '--json'], { stdin: JSON.stringify({ partnerLogin: login, id: 7001, defaultPrice: { amount: '10.00', currency: 'RUB' } }) });
    expect(project.code, project.stderr).toBe(0);
    expect(JSON.parse(project.stdout)).toMatchObject({ id: 7001, partner_login: login, active: true });
    const listed = await kassa(['partners', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(login);
    expect((await kassa(['projects', 'list', '--partner', login])).stdout).toMatch(/^7001 {2}cli-shop-\d+ {2}active {2}-$/m);
    const f = fresh();
    const client = new KassaClient({ baseUrl: t.kassa.urls.api, login, password: partner.generated_secret });
    expect(
      dataOf(await client.createInvoice(7001, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } })).invoice_id,
    ).toBeTruthy();
  });

  it('rotates a password from a file with an overlap written as a duration; both verify; the audit shows it, masked', async () => {
    const newPassword = `${MERCHANT.password}-rotated-by-cli`;
    const rotated = await kassa(['secrets', 'rotate', 'password', MERCHANT.login, '--new-file', file('new-password', newPassword), '--previous-valid-until', '1h']);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/^rotated the password of merchant; the old one is valid until \d{4}-\d{2}-\d{2}T/);
    for (const password of [MERCHANT.password, newPassword]) expect((await t.client({ password }).findInvoiceByOrderId(P.main, 'none')).status).toBe(404);
    const audit = await kassa(['audit', '--json', '--limit', '5']);
    expect(audit.code).toBe(0);
    const entries = (JSON.parse(audit.stdout) as { entries: { action: string; target: string; changes: Record<string, unknown> }[] }).entries;
    expect(entries[0]).toMatchObject({ action: 'secret.rotated', target: `partner:${MERCHANT.login}`, changes: { password: '[set]' } });
    expect(audit.stdout).not.toContain(newPassword);
  });

  it('rotates a webhook secret to a generated one, lists dead deliveries and recovers a range, re-seals', async () => {
    const webhook = await kassa(['secrets', 'rotate', 'webhook', String(P.main), '--generate', '--previous-valid-until', '2026-12-31T00:00:00Z', '--json']);
    expect(webhook.code, webhook.stderr).toBe(0);
    expect(JSON.parse(webhook.stdout)).toMatchObject({ generated_secret: expect.stringMatching(/^whsec_/), webhook_secret: '[set]' });
    const dead = await kassa(['deliveries', 'list', '--project', String(P.main), '--from', '24h', '--json']);
    expect(dead.code, dead.stderr).toBe(0);
    expect(JSON.parse(dead.stdout)).toMatchObject({ items: [], next_cursor: null });
    const recovered = await kassa(['deliveries', 'recover', '--project', String(P.main), '--from', '24h', '--until', '2030-01-01T00:00:00Z']);
    expect([recovered.code, recovered.stdout.trim()]).toEqual([0, 'recovered 0 dead deliveries']);
    const resealed = await kassa(['secrets', 'reseal', '--json']);
    expect(resealed.code).toBe(0);
    expect(JSON.parse(resealed.stdout)).toMatchObject({ partners: expect.any(Number), projects: expect.any(Number), webhook_endpoints: expect.any(Number) });
  });

  it('checks a seed file: valid (exit 0), or refused naming the field (exit 2)', async () => {
    const good = file('seed-good.json', JSON.stringify({ partners: [{ login: 'a', password: 'seed-password-1', projects: [{ id: 1 }] }] }));
    expect(await kassa(['seed', 'check', good])).toMatchObject({ code: 0, stdout: `${good}: 1 partners, 1 projects: valid\n` });
    const bad = file('seed-bad.json', JSON.stringify({ partners: [{ login: 'a', password: 'seed-password-1', projects: [{ id: 1, webhookUrl: 'ftp://x' }] }] }));
    const refused = await kassa(['seed', 'check', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('partners.0.projects.0.webhookUrl');
  });

  it('refuses a weak password and a login with a newline, space or markup, wherever they are set: partners create, update, rotate, the seed file (exit 2, naming the field)', async () => {
    const weak = file('weak-password', 'a');
    const strong = file('strong-password', 'a-strong-cli-password');
    const refusals = [
      await kassa(['partners', 'create', `weak-cli-${Date.now() % 100_000}`, '--password-file', weak]),
      await kassa(['partners', 'update', MERCHANT.login, '--password-file', weak]),
      await kassa(['secrets', 'rotate', 'password', MERCHANT.login, '--new-file', weak, '--previous-valid-until', '1h']),
    ];
    for (const r of refusals) expect([r.code, r.stderr]).toEqual([2, 'kassa: 400 BAD_REQUEST: password: must be at least 12 characters\n']);
    for (const login of ['two\nlines', 'with space', '<b>', 'a"b', "a'b", 'a&b']) {
      const r = await kassa(['partners', 'create', login, '--password-file', strong]);
      expect([r.code, r.stderr], JSON.stringify(login)).toEqual([2, expect.stringMatching(/^kassa: 400 BAD_REQUEST: login: must be 1 to 128 of the letters/)]);
    }
    expect((await kassa(['partners', 'list'])).stdout.split('\n').filter((l) => l === 'lines' || l.startsWith('two'))).toEqual([]);
    for (const [partner, field] of [
      [{ login: 'shop', password: 'a' }, 'partners.0.password'],
      [{ login: 'two\nlines', password: 'seed-password-1' }, 'partners.0.login'],
      [{ login: 'shop&co', password: 'seed-password-1' }, 'partners.0.login'],
    ] as const) {
      const r = await kassa(['seed', 'check', file('seed-weak.json', JSON.stringify({ partners: [{ ...partner, projects: [] }] }))]);
      expect([r.code, r.stderr], field).toEqual([2, expect.stringContaining(`${field}: must be`)]);
    }
  }, 30_000);

  it('never sends the admin token over plain http to another machine: https, or http to 127.x, ::1 or localhost only (exit 1 before any request)', async () => {
    for (const url of ['http://kassa-admin.invalid:8090', 'http://127.0.0.1.kassa-admin.invalid', 'HTTP://Kassa-Admin.invalid/', 'ftp://127.0.0.1:8090']) {
      const r = await kassa(['partners', 'list'], { env: { KASSA_ADMIN_URL: url } });
      expect([r.code, r.stderr], url).toEqual([1, expect.stringContaining('KASSA_ADMIN_URL')]);
      expect(r.stderr, url).toMatch(/https|loopback/);
    }
    // This machine's own network address is another machine's to the rule: nothing arrives there.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i?.family === 'IPv4' && !i.internal)?.address;
    if (external) {
      const seen: string[] = [];
      const server = createServer((req, res) => {
        seen.push(String(req.headers.authorization));
        res.end('{}');
      });
      await new Promise<void>((resolve) => server.listen(0, external, resolve));
      try {
        const r = await kassa(['partners', 'list'], { env: { KASSA_ADMIN_URL: `http://${external}:${(server.address() as AddressInfo).port}` } });
        expect([r.code, seen]).toEqual([1, []]);
      } finally {
        server.close();
      }
    }
    // https to another machine is tried (and here cannot be reached); loopback over http is fine.
    expect((await kassa(['partners', 'list'], { env: { KASSA_ADMIN_URL: 'https://kassa-admin.invalid:8443' } })).code).toBe(3);
    const port = new URL(t.kassa.urls.admin).port;
    for (const url of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) expect((await kassa(['partners', 'list'], { env: { KASSA_ADMIN_URL: url } })).code, url).toBe(0);
    expect((await kassa(['partners', 'list'], { env: { KASSA_ADMIN_URL: 'http://[::1]:9' } })).code).toBe(3);
  }, 30_000);

  it('exit codes scripts can trust: 1 for a usage mistake, 2 for a refusal, 3 when Kassa cannot be reached; --help on every command', async () => {
    expect((await kassa(['partners', 'frobnicate'])).code).toBe(1);
    expect((await kassa(['secrets', 'rotate', 'password', MERCHANT.login, '--previous-valid-until', 'soon'])).code).toBe(1);
    expect((await kassa(['secrets', 'rotate', 'password', MERCHANT.login, '--previous-valid-until', '1h'])).stderr).toContain('--new-file');
    const wrongToken = await kassa(['partners', 'list'], { env: { KASSA_ADMIN_TOKEN: `${TOKEN}-wrong` } });
    expect([wrongToken.code, wrongToken.stderr.trim()]).toEqual([2, 'kassa: 401 ADMIN_UNAUTHORIZED: Authorization: Bearer <KASSA_ADMIN_TOKEN> is required']);
    expect((await kassa(['partners', 'get', 'nobody-at-all'])).code).toBe(2);
    const away = await kassa(['partners', 'list'], { env: { KASSA_ADMIN_URL: 'http://127.0.0.1:9' } });
    expect(away.code).toBe(3);
    expect(away.stderr).toContain('cannot reach');
    for (const command of [[], ['partners'], ['projects', 'create'], ['secrets', 'rotate', 'webhook'], ['deliveries', 'recover'], ['audit'], ['seed', 'check']]) {
      const help = await kassa([...command, '--help']);
      expect(help.code, command.join(' ')).toBe(0);
      expect(help.stdout).toContain('Usage: kassa');
    }
    // Thirteen processes, each a Node start: more than the default 5 s with the suite around it.
  }, 60_000);
});
