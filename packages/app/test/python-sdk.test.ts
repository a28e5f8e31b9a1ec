import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { merchantToolsInstalled } from '@kassa/devkit';
import { openApiDocument } from '@kassa/json-api';
import { requestPayload, signRequest } from '@kassa/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWebhookSecret } from '../src/seed.js';
import { fresh, MERCHANT, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The Python SDK of clients/python (kassa_client generated from the served document by
// scripts/generate-python-client.mjs, kassa_sdk written by hand) as a merchant uses it, on the venv
// of scripts/ensure-merchant-tools.sh (the test command runs it).
const root = fileURLToPath(new URL('../../../', import.meta.url));
const CLIENTS = join(root, 'clients', 'python');
const PYTHON = join(root, '.kassa', 'merchant-venv', 'bin', 'python');
// No __pycache__ in the checked-in tree.
const ENV = { ...process.env, PYTHONDONTWRITEBYTECODE: '1' };
const PROJECT = 91;
const run = promisify(execFile);
const SECRET = newWebhookSecret();

let t: TestKassa;
let dir: string;
let flow: ChildProcessWithoutNullStreams;
let lines: AsyncIterator<string>;

beforeAll(async () => {
  expect(merchantToolsInstalled(), 'run scripts/ensure-merchant-tools.sh').toBe(true);
  // Installed as merchants install it (pip install clients/python), from a copy: the build leaves
  // its files beside the sources. The venv has the dependencies and setuptools: nothing is fetched.
  dir = mkdtempSync(join(tmpdir(), 'kassa-python-sdk-'));
  cpSync(CLIENTS, join(dir, 'src'), { recursive: true, filter: (from) => !from.includes('__pycache__') });
  await run(PYTHON, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-build-isolation', '--no-deps', '--no-index', '--target', join(dir, 'site'), join(dir, 'src')], {
    env: ENV,
  });
  // The flow listens for webhooks first: its address is the project's webhook URL.
  flow = spawn(PYTHON, [join(CLIENTS, 'examples', 'merchant_flow.py')], { cwd: dir, env: { ...ENV, PYTHONPATH: join(dir, 'site') } });
  lines = createInterface({ input: flow.stdout })[Symbol.asyncIterator]();
  const { receiver } = JSON.parse((await lines.next()).value as string) as { receiver: string };
  const project = { id: PROJECT, clientIpRequired: false, defaultPrice: { amount: '10.00', currency: 'RUB' }, webhookUrl: receiver, webhookSecret: SECRET };
  t = await startTestKassa({}, { seed: { partners: [{ login: MERCHANT.login, password: MERCHANT.password, projects: [project] }] } });
}, 120_000);
afterAll(async () => {
  flow?.kill();
  await t?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every file under a folder, relative to it. */
const walk = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !e.parentPath.includes('__pycache__'))
    .map((e) => relative(folder, join(e.parentPath, e.name)))
    .sort();

describe('the Python SDK (clients/python)', () => {
  it('is generated from the served document, and the checked-in code is what scripts/generate-python-client.mjs makes of it now', async () => {
    const served = (await (await fetch(`${t.kassa.urls.api}/api/v3/openapi.json`)).json()) as { servers: { url: string }[] };
    // The script's document is this one (from the built dist) but for the server URL.
    expect(served).toEqual(openApiDocument('test', served.servers[0]?.url));
    const fresh = mkdtempSync(join(tmpdir(), 'kassa-python-sdk-'));
    try {
      await run('node', [join(root, 'scripts', 'generate-python-client.mjs'), '--output', fresh], { env: ENV });
      const stale = 'clients/python is out of date with the document: run npx tsc -b && node scripts/generate-python-client.mjs';
      expect(walk(join(CLIENTS, 'kassa_client')), stale).toEqual(walk(join(fresh, 'kassa_client')));
      for (const file of [...walk(join(fresh, 'kassa_client')).map((f) => join('kassa_client', f)), join('kassa_sdk', '_operations.py')]) {
        expect(readFileSync(join(CLIENTS, file), 'utf8'), `${stale} (${file})`).toBe(readFileSync(join(fresh, file), 'utf8'));
      }
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);

  it("signs the document's worked example as it says", async () => {
    const { info } = (await (await fetch(`${t.kassa.urls.api}/api/v3/openapi.json`)).json()) as { info: { description: string } };
    const example =
      /Worked example \(version 4, POST \/invoices\): password "([^"]+)", login "([^"]+)", X-Timestamp "([^"]+)", body (\{.*?\}): requestPayload "([^"]*)", innerHash [0-9a-f]{64}, X-Signature ([0-9a-f]{64})\./.exec(
        info.description,
      );
    expect(example, 'the worked example in info.description').not.toBeNull();
    const [, password, login, timestamp, body, payload, signature] = example ?? [];
    const script = `import json, sys, kassa_sdk
password, login, timestamp, body = sys.argv[1:5]
payload = kassa_sdk.request_payload("createInvoice", json.loads(body))
print(json.dumps({"payload": payload, "signature": kassa_sdk.sign(password, login, timestamp, 4, payload), "v3": kassa_sdk.sign(password, login, timestamp, 3)}))`;
    const { stdout } = await run(PYTHON, ['-c', script, password ?? '', login ?? '', timestamp ?? '', body ?? ''], { cwd: CLIENTS, env: ENV });
    // Version 3 signs no payload: as @kassa/protocol does.
    expect(JSON.parse(stdout)).toEqual({ payload, signature, v3: signRequest(password ?? '', login ?? '', timestamp ?? '', 3, '') });
  }, 30_000);

  it("signs the webhook endpoints' whole bodies as @kassa/protocol does (a PATCH from its body, event_types joined in the order sent)", async () => {
    const cases = [
      { operation: 'createWebhookEndpoint', body: { url: 'https://shop.example/k', event_types: ['refund.completed', 'payment.updated'], description: 'main' }, path: {} },
      { operation: 'updateWebhookEndpoint', body: { url: 'https://shop.example/n', event_types: ['*'], description: null, status: 'enabled' }, path: { endpointId: 'ep-1' } },
    ] as const;
    const script = `import json, sys, kassa_sdk
print(json.dumps([kassa_sdk.request_payload(c["operation"], c["body"], c["path"]) for c in json.loads(sys.argv[1])]))`;
    const { stdout } = await run(PYTHON, ['-c', script, JSON.stringify(cases)], { cwd: CLIENTS, env: ENV });
    const ours = cases.map((c) => requestPayload(c.operation, { body: c.body, pathId: 'endpointId' in c.path ? c.path.endpointId : '' }));
    expect(JSON.parse(stdout)).toEqual(ours);
    expect(ours[1]).toBe('ep-1https://shop.example/n*enabled');
  }, 30_000);

  it("the README's signed invoice runs as shown, and its webhook receiver compiles", async () => {
    const [invoice, hooks] = [...readFileSync(join(CLIENTS, 'README.md'), 'utf8').matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
    const ours = (invoice ?? '')
      .replace('"http://localhost:8080"', JSON.stringify(t.kassa.urls.api))
      .replace('login="shop", password="your-partner-password"', `login=${JSON.stringify(MERCHANT.login)}, password=${JSON.stringify(MERCHANT.password)}`)
      .replace('create_invoice.sync(1,', `create_invoice.sync(${PROJECT},`)
      .replace('"79001234567"', JSON.stringify(fresh().msisdn));
    const site = { cwd: dir, env: { ...ENV, PYTHONPATH: join(dir, 'site') } };
    expect((await run(PYTHON, ['-c', ours], site)).stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);
    await run(PYTHON, ['-c', `import ast; ast.parse(${JSON.stringify(hooks)})`], site);
  }, 30_000);

  it('runs a merchant flow: contract, PIN, invoice paid, refund, invoice read back by id and by order id, billing check; every webhook verified', async () => {
    const f = fresh();
    flow.stdin.end(
      `${JSON.stringify({ base_url: t.kassa.urls.api, login: MERCHANT.login, password: MERCHANT.password, project_id: PROJECT, webhook_secret: SECRET, msisdn: f.msisdn, merchant_contract_id: f.mcid, merchant_order_id: f.orderId })}\n`,
    );
    const stderr: string[] = [];
    flow.stderr.on('data', (d: Buffer) => stderr.push(d.toString('utf8')));
    const answer = await lines.next();
    expect(answer.done, stderr.join('')).toBe(false);
    expect(JSON.parse(answer.value as string)).toEqual({
      contract: 'active',
      invoice: 'Created',
      paid: 'PAID',
      refund: expect.stringMatching(/^(processing|completed)$/),
      after_refund: { payment_status: 'PAID', refund_status: 'completed' },
      found_by_order_id: true,
      billing_supported: true,
      webhooks: ['contract.authorized', 'payment.updated', 'refund.completed'],
      listed: ['contract.authorized', 'payment.updated', 'refund.completed'],
      refused: [],
      tampered_refused: true,
    });
  }, 60_000);
});
