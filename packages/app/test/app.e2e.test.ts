import { FREE_PORTS, startKassaProcess, waitForOutput } from '@kassa-payments/devkit';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSeedFile } from '../src/seed.js';
import { readConfig, TEST_ENVIRONMENT_PIN_KEY } from '../src/config.js';
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { inject } from 'vitest';
import { dataOf, EXAMPLES, fresh, P, PRODUCTION, startTestKassa } from './e2e.fixture.js';

/** A Standard Webhooks secret as the seed wants it: whsec_ and 24 bytes or more. */
const SEED_SECRET = `whsec_${Buffer.from('seed-file-webhook-secret-0123').toString('base64')}`;

/** The seed file as the test environment reads it. */
const loadTestSeed = (path: string) => loadSeedFile(path, 'test');

const seedDirs: string[] = [];
const seedAt = (content: unknown) => {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-seed-'));
  seedDirs.push(dir);
  const file = join(dir, 'seed.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};
afterAll(() => {
  for (const dir of seedDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the seed file', () => {
  it('is refused at start with a message naming the field', async () => {
    await expect(loadTestSeed(seedAt({ partners: [{ login: 'a', password: 'seed-password-1', projects: [{ id: 'x' }] }] }))).rejects.toThrow('partners.0.projects.0.id');
    await expect(loadTestSeed(seedAt({ partners: [{ login: 'a', password: 'seed-password-1', projects: [{ id: 1, defaultPrice: { amount: '10.5', currency: 'RUB' } }] }] }))).rejects.toThrow(
      'partners.0.projects.0.defaultPrice.amount',
    );
    await expect(loadTestSeed(seedAt({ partners: [{ login: 'a', password: 'seed-password-1', projets: [] }] }))).rejects.toThrow('partners.0');
    await expect(loadTestSeed(seedAt('{not json'))).rejects.toThrow('cannot read it as JSON');
    await expect(loadTestSeed(seedAt({ partners: [{ login: 'a', password: 'seed-password-1', projects: [{ id: 1, webhookUrl: 'https://shop.example/h' }] }] }))).rejects.toThrow(
      'webhookSecret is required with webhookUrl',
    );
    await expect(loadTestSeed(seedAt({ partners: [{ login: 'a', password: 'seed-password-1', projects: [{ id: 1, webhookUrl: 'data:,ok', webhookSecret: SEED_SECRET }] }] }))).rejects.toThrow(
      'partners.0.projects.0.webhookUrl',
    );
    await expect(loadTestSeed(seedAt({ partners: [{ login: 'a', password: 'seed-password-1', projects: [{ id: 1 }, { id: 1 }] }] }))).rejects.toThrow('appears twice');
    // A partner's password has at least 12 characters; a login no control, space or markup character.
    await expect(loadTestSeed(seedAt({ partners: [{ login: 'a', password: 'a' }] }))).rejects.toThrow('partners.0.password: must be at least 12 characters');
    for (const login of ['two\nlines', 'a b', '<a>', 'a&b']) await expect(loadTestSeed(seedAt({ partners: [{ login, password: 'seed-password-1' }] }))).rejects.toThrow('partners.0.login: must be');
  });

  it('webhookFormat: v3 by default, legacy on request, nothing else', async () => {
    const d = await loadTestSeed(seedAt({ partners: [{ login: 'a', password: 'seed-password-1', projects: [{ id: 1 }, { id: 2, webhookFormat: 'legacy' }] }] }));
    expect(d.projects.map((p) => p.webhookFormat)).toEqual(['v3', 'legacy']);
    await expect(loadTestSeed(seedAt({ partners: [{ login: 'a', password: 'seed-password-1', projects: [{ id: 1, webhookFormat: 'xml' }] }] }))).rejects.toThrow('partners.0.projects.0.webhookFormat');
    // Secrets the Standard Webhooks libraries cannot read, or too short: refused, naming the field and how to make one.
    for (const [field, value] of [
      ['webhookSecret', 'plain-text-secret-of-some-length'],
      ['subscriptionSecret', 's'],
      ['webhookSecret', `whsec_${Buffer.from('only-twenty-three-bytes').toString('base64')}`],
      ['subscriptionSecret', 'whsec_not base64!'],
    ]) {
      await expect(
        loadTestSeed(seedAt({ partners: [{ login: 'a', password: 'seed-password-1', projects: [{ id: 1, webhookUrl: 'https://shop.example/h', [field as string]: value }] }] })),
      ).rejects.toThrow(new RegExp(`partners.0.projects.0.${field}: must be whsec_ followed by the base64 of at least 24 random bytes`));
    }
  });

  it('accepts the documented shape, with defaults for what it omits', async () => {
    const d = await loadTestSeed(
      seedAt({
        partners: [
          {
            login: 'a',
            password: 'seed-password-1',
            testCallbackAllowed: true,
            projects: [
              {
                id: 7,
                active: true,
                clientIpRequired: false,
                ipWhitelist: ['127.0.0.1'],
                defaultPrice: { amount: '12.30', currency: 'RUB' },
                returnUrl: 'https://shop.example/back',
                webhookUrl: 'https://shop.example/hook',
                webhookSecret: SEED_SECRET,
                paymentMethods: ['sbp', 'tpay'],
                subscriptionSecret: SEED_SECRET,
                subscriptionNotificationUrl: 'https://shop.example/subs',
              },
              { id: 8 },
            ],
          },
        ],
      }),
    );
    expect(d.projects[0]).toMatchObject({ id: 7, partnerLogin: 'a', defaultPrice: { minor: 1230, currency: 'RUB' }, ipWhitelist: ['127.0.0.1'] });
    expect(d.projects[1]).toMatchObject({ id: 8, active: true, clientIpRequired: true, ipWhitelist: [], defaultPrice: null, paymentMethods: ['sbp'] });
  });
});

describe('configuration', () => {
  it('defaults to the test environment on ports 8080 to 8083; a bad value names the variable', () => {
    expect(readConfig({})).toMatchObject({ KASSA_ENV: 'test', KASSA_API_PORT: 8080, KASSA_PCI_PORT: 8081, KASSA_WIDGET_PORT: 8082, KASSA_SUBS_PORT: 8083 });
    expect(() => readConfig({ KASSA_API_PORT: 'eighty' })).toThrow('KASSA_API_PORT');
    expect(() => readConfig({ KASSA_ENV: 'staging' })).toThrow('KASSA_ENV');
  });

  it('KASSA_ROLE: all by default; api and worker need REDIS_URL and MONGO_URL', () => {
    expect(readConfig({})).toMatchObject({ KASSA_ROLE: 'all', KASSA_REDIS_PREFIX: 'kassa' });
    expect(() => readConfig({ KASSA_ROLE: 'worker' })).toThrow(/KASSA_ROLE: worker needs REDIS_URL and MONGO_URL/);
    expect(() => readConfig({ KASSA_ROLE: 'api', REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow('KASSA_ROLE');
    expect(readConfig({ KASSA_ROLE: 'api', REDIS_URL: 'redis://127.0.0.1:6379', MONGO_URL: 'mongodb://127.0.0.1/' })).toMatchObject({ KASSA_ROLE: 'api' });
    expect(() => readConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow('REDIS_URL');
  });

  it('KASSA_TRUST_PROXY: off by default, a hop count or addresses and ranges; true is refused', () => {
    expect(readConfig({}).KASSA_TRUST_PROXY).toBe(false);
    expect(readConfig({ KASSA_TRUST_PROXY: 'false' }).KASSA_TRUST_PROXY).toBe(false);
    expect(readConfig({ KASSA_TRUST_PROXY: '2' }).KASSA_TRUST_PROXY).toBe(2);
    expect(readConfig({ KASSA_TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8,loopback' }).KASSA_TRUST_PROXY).toEqual(['10.0.0.0/8', '192.0.2.7', 'fd00::/8', 'loopback']);
    expect(() => readConfig({ KASSA_TRUST_PROXY: 'true' })).toThrow(/KASSA_TRUST_PROXY: .*any client/);
    expect(() => readConfig({ KASSA_TRUST_PROXY: '10.0.0.0/33' })).toThrow('KASSA_TRUST_PROXY');
    expect(() => readConfig({ KASSA_TRUST_PROXY: 'proxy.example' })).toThrow('KASSA_TRUST_PROXY');
  });
});

describe('production mode', () => {
  it('refuses to start without its own gateway, SMS sender, carrier lookup, seed file and keys, or with a module that does not make one', async () => {
    // Every requirement is named, a line each, by the one schema of the configuration.
    const missing = () => readConfig({ KASSA_ENV: 'production' });
    for (const variable of [
      'KASSA_BILLING_GATEWAY',
      'KASSA_SMS_SENDER',
      'KASSA_CARRIER_LOOKUP',
      'KASSA_GEOIP_DATABASE',
      'KASSA_SEED_FILE',
      'KASSA_TOKEN_SECRET',
      'KASSA_PIN_KEY',
      'KASSA_SECRETS_KEY',
      'MONGO_URL',
    ])
      expect(missing).toThrow(new RegExp(`^Configuration: ${variable}: required in production`, 'm'));
    expect(() => readConfig({ ...PRODUCTION, KASSA_SEED_FILE: 'seed.json', KASSA_BILLING_GATEWAY: undefined })).toThrow(
      /^Configuration: KASSA_BILLING_GATEWAY: required in production: the sandbox gateway moves no money/,
    );
    expect(() => readConfig({ ...PRODUCTION, KASSA_SEED_FILE: 'seed.json', KASSA_CARRIER_LOOKUP: undefined })).toThrow(/^Configuration: KASSA_CARRIER_LOOKUP: required in production/);
    expect(readConfig({ ...PRODUCTION, KASSA_SEED_FILE: 'seed.json' }).KASSA_ENV).toBe('production');
    // Never on memory by accident: every requirement met but MONGO_URL is refused, naming it; memory is said outright.
    expect(() => readConfig({ ...PRODUCTION, KASSA_SEED_FILE: 'seed.json', KASSA_STORAGE: undefined })).toThrow(/^Configuration: MONGO_URL: required in production: in-memory storage loses/m);
    expect(readConfig({ ...PRODUCTION, KASSA_SEED_FILE: 'seed.json', KASSA_STORAGE: undefined, MONGO_URL: 'mongodb://db/' }).MONGO_URL).toBe('mongodb://db/');
    expect(() => readConfig({ KASSA_STORAGE: 'mongodb' })).toThrow(/MONGO_URL: required with KASSA_STORAGE=mongodb/);
    expect(() => readConfig({ KASSA_STORAGE: 'memory', MONGO_URL: 'mongodb://db/' })).toThrow(/KASSA_STORAGE: memory beside MONGO_URL/);
    // Nor without the key that seals the secrets at rest, nor with one that is not 32 bytes.
    expect(() => readConfig({ ...PRODUCTION, KASSA_SECRETS_KEY: undefined })).toThrow(/Configuration: KASSA_SECRETS_KEY: required in production/);
    expect(() => readConfig({ ...PRODUCTION, KASSA_SECRETS_KEY: 'c2hvcnQ=' })).toThrow(/KASSA_SECRETS_KEY: must be the base64 of 32 random bytes/);
    // Nor an admin listener beyond loopback without its token.
    expect(() => readConfig({ KASSA_ADMIN_HOST: '0.0.0.0' })).toThrow(/KASSA_ADMIN_TOKEN: required when the admin listener is bound beyond loopback/);
    expect(readConfig({ KASSA_ADMIN_HOST: '0.0.0.0', KASSA_ADMIN_TOKEN: 'a'.repeat(32) }).KASSA_ADMIN_HOST).toBe('0.0.0.0');
    // Nor without the key of the PIN digests, or with the public test key.
    expect(() => readConfig({ ...PRODUCTION, KASSA_PIN_KEY: undefined })).toThrow(/Configuration: KASSA_PIN_KEY: required in production/);
    expect(() => readConfig({ ...PRODUCTION, KASSA_PIN_KEY: 'short' })).toThrow(/KASSA_PIN_KEY: must be at least 32 characters/);
    expect(() => readConfig({ ...PRODUCTION, KASSA_PIN_KEY: TEST_ENVIRONMENT_PIN_KEY })).toThrow(/Configuration: KASSA_PIN_KEY: required in production/);
    // A module that cannot be loaded, or makes no such port, stops the start naming its variable.
    await expect(startTestKassa({ ...PRODUCTION, KASSA_BILLING_GATEWAY: `${EXAMPLES}nowhere.mjs` })).rejects.toThrow(/KASSA_BILLING_GATEWAY: cannot load/);
    await expect(startTestKassa({ ...PRODUCTION, KASSA_BILLING_GATEWAY: `${EXAMPLES}sms-sender.mjs` })).rejects.toThrow(/KASSA_BILLING_GATEWAY: .* returned no charge, refund method/);
    await expect(startTestKassa({ ...PRODUCTION, KASSA_CARRIER_LOOKUP: `${EXAMPLES}billing-gateway.mjs` })).rejects.toThrow(/KASSA_CARRIER_LOOKUP: .* returned no lookup method/);
  });

  it("charges through the gateway the module makes (the README's example)", async () => {
    const t = await startTestKassa(PRODUCTION);
    try {
      const api = t.client();
      const f = fresh();
      const contract = dataOf(await api.createContract(P.main, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
      expect(contract.authorization_type).toBe('SMS_PIN');
      const pinLine = t.logs.find((l) => l.includes('example SMS sender: PIN sent'));
      expect(pinLine).toContain(`"msisdnLast3":"${f.msisdn.slice(-3)}"`);
      // The plugin's line names the request that asked for the PIN (handed to it, not read from ambient state).
      const requestId = /"requestId":"([^"]+)"/.exec(pinLine ?? '')?.[1];
      expect(t.logs.some((l) => l.includes(`"requestId":"${requestId}"`) && l.includes('"msg":"request"') && l.includes('/contracts'))).toBe(true);
      // Card binding charges under the new contract at once: through the example gateway.
      const g = fresh();
      const card = { pan: '4111111111111111', expiration_month: 12, expiration_year: 2031, security_code: '123' };
      const customer = { type: 'bank_card' as const, source: 'shop', country: 'RU', merchant_customer_id: g.mcid, bank_card: card };
      const invoice = dataOf(
        await t.client({ host: 'pci' }).createInvoice(P.main, { client_ip: '203.0.113.7', customer, order: { merchant_order_id: g.orderId }, contract: { merchant_contract_id: g.mcid } }),
      );
      const paid = dataOf(await api.waitForInvoice(P.main, invoice.invoice_id, (i) => i.payment_status === 'PAID', { intervalMs: 20, timeoutMs: 5_000 }));
      expect(paid.transactions.map((tx) => [tx.status, tx.service_number])).toEqual([['SUCCESS', 'EXAMPLE']]);
      // The charge runs as a job of the invoice's creation: the gateway's line names that request.
      const chargeLine = t.logs.find((l) => l.includes('example gateway: charge approved'));
      const chargedFor = /"requestId":"([^"]+)"/.exec(chargeLine ?? '')?.[1];
      expect(t.logs.some((l) => l.includes(`"requestId":"${chargedFor}"`) && l.includes('"msg":"request"') && l.includes('/invoices'))).toBe(true);
      // Production on memory, said outright (KASSA_STORAGE=memory), is warned of at the start; on MongoDB it is not.
      const warned = t.logs.some((l) => l.includes('production on in-memory storage'));
      expect(warned).toBe(t.kassa.storage === 'in-memory');
    } finally {
      await t.stop();
    }
  });

  it('drops the test-only features: no next_step, no fixed PIN, test_info ignored', async () => {
    const t = await startTestKassa(PRODUCTION);
    try {
      const api = t.client();
      const f = fresh();
      const c = await api.createContract(P.main, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid });
      expect(c.ok).toBe(true);
      const r = c.ok ? await api.authorizeContract(P.main, c.data.contract_id, { client_ip: '203.0.113.7', pin_code: '1234' }) : undefined;
      // A generated PIN is 1234 one time in 10,000: accept that rare success rather than flake.
      if (r && !r.ok) {
        expect(r.error.code).toBe('CONTRACT_NOT_AUTHORIZED');
        expect(r.error).not.toHaveProperty('next_step');
      }
      const g = fresh(); // a partner without the flag: test_info is not even looked at in production
      const i = await api.createInvoice(P.main, {
        client_ip: '203.0.113.7',
        customer: { type: 'mobile_phone', msisdn: g.msisdn },
        order: { merchant_order_id: g.orderId },
        test_info: { callback_url: 'http://127.0.0.1:9/x' },
      });
      expect(i.status).toBe(201);
    } finally {
      await t.stop();
    }
  });
});

describe('the process', () => {
  it("npm start's entry starts on free ports, logs its addresses, and stops cleanly on SIGTERM", async () => {
    const child = spawn(process.execPath, ['packages/app/dist/main.js'], {
      env: { ...process.env, ...FREE_PORTS, KASSA_DATA_DIR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await waitForOutput(child, 'Demo partner', 30_000);
    expect(out).toContain('"msg":"kassa started"');
    const api = /API (http:\/\/\S+)/.exec(out)?.[1];
    expect((await fetch(`${api}/health`)).status).toBe(200);
    // The banner says what a newcomer needs next: the dashboard, the data folder, and the shell's variables.
    const password = /KASSA_PASSWORD=(\S+)/.exec(out)?.[1] ?? '';
    expect(out).toContain(`Dashboard ${api}/dashboard/  (sign in as demo, password ${password})`);
    expect(out).toContain('Data folder: none: memory only');
    expect(out).toContain(`export KASSA_API_URL=${api} KASSA_LOGIN=demo KASSA_PASSWORD=${password} KASSA_PROJECT=1`);
    expect(out).toMatch(/export KASSA_WEBHOOK_SECRET=whsec_\S{40,}/);
    expect(out).toMatch(/export KASSA_SUBS_URL=http:\/\/\S+ KASSA_SUBSCRIPTION_SECRET=whsec_\S{40,}/);
    // The demo's own admin token: the operator's commands work as the docs write them, and only with it.
    const adminUrl = /export KASSA_ADMIN_URL=(\S+) KASSA_ADMIN_TOKEN=(\S{32,})/.exec(out);
    expect(adminUrl).not.toBeNull();
    expect((await fetch(`${adminUrl?.[1]}/admin/v1/partners`, { headers: { authorization: `Bearer ${adminUrl?.[2]}` } })).status).toBe(200);
    expect((await fetch(`${adminUrl?.[1]}/admin/v1/partners`)).status).toBe(401);
    // ... on standard output only: no log line carries the password or a secret.
    const logLines = out.split('\n').filter((l) => l.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toMatch(new RegExp(`${password}|whsec_|${adminUrl?.[2]}`));
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(out).toContain('kassa stopped');
  }, 60_000);
});

describe('a worker process', () => {
  it('waiting for a Redis that does not answer, it stops at once on SIGTERM (not held until Redis comes back)', async () => {
    const child = spawn(process.execPath, ['packages/app/dist/main.js'], {
      // A port nothing listens on: the worker waits there to record its queue partitions.
      env: {
        ...process.env,
        ...FREE_PORTS,
        KASSA_DATA_DIR: '',
        KASSA_ROLE: 'worker',
        MONGO_URL: inject('mongoUrl'),
        MONGO_DB: `kassa_wait_${randomUUID().slice(0, 8)}`,
        REDIS_URL: 'redis://127.0.0.1:1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Waiting for Redis, as it says at once (not after a fixed pause a loaded machine may outlast before the process even runs).
    await waitForOutput(child, 'waiting for Redis to record the queue partitions', 20_000);
    expect(out).toContain('waiting for Redis to record the queue partitions');
    expect(out).not.toContain('"msg":"kassa started"');
    expect(child.exitCode).toBeNull();
    const signalled = Date.now();
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5_000);
  }, 30_000);

  it('starts on MongoDB and Redis with the admin listener only, ready, its metrics served; runs its jobs and stops cleanly', async () => {
    const prefix = `worker-${randomUUID().slice(0, 8)}`;
    const database = `kassa_${prefix}`.replace('-', '_');
    const worker = await startKassaProcess({
      KASSA_ROLE: 'worker',
      MONGO_URL: inject('mongoUrl'),
      MONGO_DB: database,
      REDIS_URL: inject('redisUrl'),
      KASSA_REDIS_PREFIX: prefix,
    });
    try {
      const started = JSON.parse(worker.lines.find((l) => l.includes('"msg":"kassa started"')) ?? '{}') as { urls?: Record<string, string>; jobs?: string; role?: string };
      // No public listener: the admin one only, with readiness over MongoDB and Redis and the worker's metrics.
      expect(started).toMatchObject({ jobs: 'redis', role: 'worker' });
      expect(Object.keys(started.urls ?? {})).toEqual(['admin']);
      const admin = started.urls?.['admin'] ?? '';
      expect(await (await fetch(`${admin}/ready`)).json()).toMatchObject({ ready: true, checks: { storage: 'ok', redis: 'ok' } });
      const metrics = await (await fetch(`${admin}/metrics`)).text();
      expect(metrics).toMatch(/^kassa_jobs\{state="delayed",role="worker"\} \d+$/m);
      // A process given another KASSA_QUEUE_PARTITIONS than the running worker's refuses to start:
      // its jobs would go to queues that worker never reads.
      const other = startKassaProcess({ KASSA_ROLE: 'api', MONGO_URL: inject('mongoUrl'), MONGO_DB: database, REDIS_URL: inject('redisUrl'), KASSA_REDIS_PREFIX: prefix, KASSA_QUEUE_PARTITIONS: '2' });
      await expect(other).rejects.toThrow(/exited at start \(1\).*KASSA_QUEUE_PARTITIONS is 2 here but 1/s);
      expect(await worker.stop()).toBe(0);
      expect(worker.stderr()).toBe('');
    } finally {
      await worker.kill();
      const mongo = new MongoClient(inject('mongoUrl'));
      await mongo.db(database).dropDatabase();
      await mongo.close();
    }
    // A process start (imports, MongoDB indexes, Redis schedulers) takes seconds on a loaded CI machine:
    // CI once timed this out at vitest's default 5 s.
  }, 60_000);
});
