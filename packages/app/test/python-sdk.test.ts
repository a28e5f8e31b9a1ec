import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FREE_PORTS, merchantToolsInstalled, waitForOutput } from '@kassa-payments/devkit';
import { openApiDocument } from '@kassa-payments/json-api';
import { canonicalQuery, OPERATION_TAGS, requestPayload, signRequest } from '@kassa-payments/protocol';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bannerVariables } from '../src/cli/start-banner.js';

// The Python SDK of clients/python (kassa_client generated from the served document by
// scripts/generate-python-client.mjs, kassa_sdk written by hand) as a merchant uses it, on the venv
// of scripts/ensure-merchant-tools.sh (the test command runs it), against a Kassa started as the
// quick start starts it: npm start's entry (the test command builds it) on its defaults, the demo
// partner and project (client_ip required), and the variables its start banner prints.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const CLIENTS = join(root, 'clients', 'python');
const PYTHON = join(root, '.kassa', 'merchant-venv', 'bin', 'python');
const MAIN = join(root, 'packages', 'app', 'dist', 'main.js');
// No __pycache__ in the checked-in tree; nothing of the test command's own servers (its KASSA_*, MONGO_URL, REDIS_URL) for the quick start's Kassa.
const ENV = {
  ...Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !/^(KASSA_|MONGO|REDIS|OTEL_)/.test(e[0]) && e[0] !== 'NODE_OPTIONS')),
  PYTHONDONTWRITEBYTECODE: '1',
};
const run = promisify(execFile);

let kassa: ChildProcess;
let dir: string;
/** The banner's variables (KASSA_API_URL, KASSA_LOGIN, KASSA_PASSWORD, KASSA_PROJECT, KASSA_WEBHOOK_SECRET, ...). */
let banner: Record<string, string>;
/** A merchant's shell: the banner's variables pasted, the SDK installed. */
let site: { cwd: string; env: Record<string, string> };

beforeAll(async () => {
  expect(merchantToolsInstalled(), 'run scripts/ensure-merchant-tools.sh').toBe(true);
  expect(existsSync(MAIN), 'packages/app/dist/main.js: run npx tsc -b').toBe(true);
  // Installed as merchants install it (pip install ./clients/python), from a copy: the build leaves
  // its files beside the sources. The venv has the dependencies and setuptools: nothing is fetched.
  dir = mkdtempSync(join(tmpdir(), 'kassa-python-sdk-'));
  cpSync(CLIENTS, join(dir, 'src'), { recursive: true, filter: (from) => !/__pycache__|\.egg-info|[/\\]build$/.test(from) });
  const installed = run(
    PYTHON,
    ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-build-isolation', '--no-deps', '--no-index', '--target', join(dir, 'site'), join(dir, 'src')],
    {
      env: ENV,
    },
  );
  // The quick start's Kassa: memory only here (the quick start keeps .kassa/data), every port free.
  kassa = spawn(process.execPath, [MAIN], { cwd: root, env: { ...ENV, ...FREE_PORTS, KASSA_DATA_DIR: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  kassa.stdout?.on('data', (d: Buffer) => (out += d.toString('utf8')));
  kassa.stderr?.on('data', (d: Buffer) => (out += d.toString('utf8')));
  await waitForOutput(kassa, '\nNext: ', 60_000);
  expect(out, out).toContain('\nNext: ');
  banner = bannerVariables(out);
  expect(Object.keys(banner).sort()).toEqual([
    'KASSA_ADMIN_TOKEN',
    'KASSA_ADMIN_URL',
    'KASSA_API_URL',
    'KASSA_LOGIN',
    'KASSA_PASSWORD',
    'KASSA_PROJECT',
    'KASSA_SUBSCRIPTION_SECRET',
    'KASSA_SUBS_URL',
    'KASSA_WEBHOOK_SECRET',
  ]);
  await installed;
  site = { cwd: dir, env: { ...ENV, ...banner, PYTHONPATH: join(dir, 'site') } };
}, 120_000);
afterAll(async () => {
  if (kassa && kassa.exitCode === null) {
    const exited = new Promise((resolve) => kassa.once('exit', resolve));
    kassa.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A port free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Every file under a folder, relative to it. */
const walk = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !e.parentPath.includes('__pycache__'))
    .map((e) => relative(folder, join(e.parentPath, e.name)))
    .sort();

describe('the Python SDK (clients/python)', () => {
  it('is generated from the served document, and the checked-in code is what scripts/generate-python-client.mjs makes of it now', async () => {
    const served = (await (await fetch(`${banner['KASSA_API_URL']}/api/v3/openapi.json`)).json()) as { servers: { url: string }[] };
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
    const { info } = (await (await fetch(`${banner['KASSA_API_URL']}/api/v3/openapi.json`)).json()) as { info: { description: string } };
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
    // Version 3 signs no payload: as @kassa-payments/protocol does.
    expect(JSON.parse(stdout)).toEqual({ payload, signature, v3: signRequest(password ?? '', login ?? '', timestamp ?? '', 3, '') });
  }, 30_000);

  it("signs the document's version 5 worked example as it says, through its httpx auth (path, query and body as sent), with the query encoded as @kassa-payments/protocol encodes it", async () => {
    const { info } = (await (await fetch(`${banner['KASSA_API_URL']}/api/v3/openapi.json`)).json()) as { info: { description: string } };
    const example =
      /Worked example \(version 5, POST (\S+)\): password "([^"]+)", login "([^"]+)", X-Timestamp "([^"]+)", Idempotency-Key "([^"]+)", body (\{.*?\}) \(exactly these bytes\): canonical request (".*?"), X-Signature ([0-9a-f]{64})\./.exec(
        info.description,
      );
    expect(example, 'the version 5 worked example in info.description').not.toBeNull();
    const [, path, password, login, timestamp, key, body, canonical, signature] = example ?? [];
    const query: [string, string][] = [
      ['b', 'x y/z'],
      ['a', "it's (a) *test*!"],
      ['a', '1'],
      ['ä', '~'],
    ];
    const script = `import calendar, json, sys, time, httpx, kassa_sdk
path, password, login, timestamp, key, body, query = sys.argv[1:8]
at = calendar.timegm(time.strptime(timestamp, "%Y-%m-%dT%H:%M:%SZ"))
request = httpx.Request("POST", "http://kassa.example" + path, content=body.encode(), headers={"Idempotency-Key": key})
signed = next(kassa_sdk.KassaAuth(login, password, 5, now=lambda: at).auth_flow(request))
canonical = kassa_sdk.canonical_request("POST", path, [], body.encode(), timestamp, login, key)
print(json.dumps({"canonical": canonical, "signature": signed.headers["X-Signature"], "version": signed.headers["X-Signature-Version"], "query": kassa_sdk.canonical_request("GET", "/p", [tuple(p) for p in json.loads(query)], b"", "t", "l").split("\\n")[3]}))`;
    const { stdout } = await run(PYTHON, ['-c', script, path ?? '', password ?? '', login ?? '', timestamp ?? '', key ?? '', body ?? '', JSON.stringify(query)], { cwd: CLIENTS, env: ENV });
    expect(JSON.parse(stdout)).toEqual({ canonical: JSON.parse(canonical ?? '""'), signature, version: '5', query: canonicalQuery(query) });
  }, 30_000);

  it('signs the shared version 5 test vectors through its httpx auth exactly as @kassa-payments/protocol and the server do (packages/protocol/src/signature-v5.vectors.json: query decoding and order, encoded paths, body bytes, Idempotency-Key)', async () => {
    const vectors = join(root, 'packages', 'protocol', 'src', 'signature-v5.vectors.json');
    const script = `import calendar, json, sys, time, httpx, kassa_sdk
out = []
for v in json.load(open(sys.argv[1], encoding="utf-8"))["vectors"]:
    at = calendar.timegm(time.strptime(v["timestamp"], "%Y-%m-%dT%H:%M:%SZ"))
    body = v.get("body")
    request = httpx.Request(v["method"], "http://kassa.example" + v["target"], content=None if body is None else body.encode(), headers={"Idempotency-Key": v["idempotencyKey"]} if v["idempotencyKey"] else {})
    signed = next(kassa_sdk.KassaAuth(v["login"], v["password"], 5, now=lambda: at).auth_flow(request))
    path = request.url.raw_path.decode("ascii")
    canonical = kassa_sdk.canonical_request(v["method"], path.split("?", 1)[0], request.url.params.multi_items(), request.content, v["timestamp"], v["login"], v["idempotencyKey"])
    out.append({"name": v["name"], "target": path, "canonical": canonical, "signature": signed.headers["X-Signature"]})
print(json.dumps(out))`;
    const { stdout } = await run(PYTHON, ['-c', script, vectors], { cwd: CLIENTS, env: ENV });
    const expected = (JSON.parse(readFileSync(vectors, 'utf8')) as { vectors: { name: string; target: string; canonical: string; signature: string }[] }).vectors;
    expect(JSON.parse(stdout)).toEqual(expected.map(({ name, target, canonical, signature }) => ({ name, target, canonical, signature })));
  }, 30_000);

  it("signs a refused call a second ahead by itself when its signature was some other call's first (details.reason: used elsewhere, or a keyless POST already used), and only then", async () => {
    // A real HTTP receiver: the first answer refuses as Kassa does, the next one serves.
    const script = `import json, threading, http.server, httpx, kassa_sdk
seen = []
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        seen.append(self.headers["X-Timestamp"])
        reason = {1: "signature_used_elsewhere", 2: "signature_already_used"}.get(len(seen), "other")
        status, body = (401, {"success": False, "error": {"code": "AUTH_INVALID_SIGNATURE", "message": "m", "details": {"reason": reason}}}) if len(seen) < 4 else (200, {"success": True, "data": {}})
        data = json.dumps(body).encode()
        self.send_response(status); self.send_header("content-type", "application/json"); self.send_header("content-length", str(len(data))); self.end_headers(); self.wfile.write(data)
    def log_message(self, *args): pass
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
auth = kassa_sdk.KassaAuth("shop", "pw", 4, now=lambda: 1764324000)
with httpx.Client(auth=auth) as http:
    first = http.get(f"http://127.0.0.1:{server.server_port}/api/v3/projects/1/events").status_code
    second = http.get(f"http://127.0.0.1:{server.server_port}/api/v3/projects/1/events").status_code
server.shutdown()
print(json.dumps({"statuses": [first, second], "timestamps": seen}))`;
    const { stdout } = await run(PYTHON, ['-c', script], { cwd: CLIENTS, env: ENV });
    // The first call: refused for its signature's first use elsewhere, then as already used, each time
    // signed a second ahead, then refused for another reason (no more tries). The second: served at once.
    expect(JSON.parse(stdout)).toEqual({ statuses: [401, 200], timestamps: ['2025-11-28T10:00:00Z', '2025-11-28T10:00:01Z', '2025-11-28T10:00:02Z', '2025-11-28T10:00:00Z'] });
  }, 30_000);

  it("signs the webhook endpoints' whole bodies as @kassa-payments/protocol does (a PATCH from its body, event_types joined in the order sent)", async () => {
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

  it("groups the operations by the document's tags, one module each (kassa_client.api.invoices.create_invoice), none under api.default", async () => {
    const document = (await (await fetch(`${banner['KASSA_API_URL']}/api/v3/openapi.json`)).json()) as {
      tags: { name: string }[];
      paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
    };
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path).map((op) => [op.tags, op.operationId] as const));
    // One tag each, a resource's (the test environment's document has them all).
    expect(operations.every(([tags]) => tags.length === 1)).toBe(true);
    expect(document.tags.map((t) => t.name)).toEqual(Object.keys(OPERATION_TAGS));
    const script = `import importlib, importlib.util, json, re, sys
snake = lambda name: re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
found = [callable(getattr(importlib.import_module(f"kassa_client.api.{tag}.{snake(op)}"), "sync", None)) for tag, op in json.loads(sys.argv[1])]
print(json.dumps({"found": found.count(True), "default": importlib.util.find_spec("kassa_client.api.default") is not None}))`;
    const { stdout } = await run(PYTHON, ['-c', script, JSON.stringify(operations.map(([tags, id]) => [tags[0], id]))], site);
    expect(JSON.parse(stdout)).toEqual({ found: operations.length, default: false });
  }, 30_000);

  it("the README's snippets run as written with the banner's variables: the signed invoice (again and again: new ids each run), the webhook handler printing each verified event and its webhook-id, refusing a forged one", async () => {
    const [invoice, hooks] = [...readFileSync(join(CLIENTS, 'README.md'), 'utf8').matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
    for (let i = 0; i < 2; i += 1) expect((await run(PYTHON, ['-c', invoice ?? ''], site)).stdout.trim()).toMatch(/^[0-9a-f-]{36} NOT_PAID$/);
    // The handler, as the docs' runner runs a server: in the background, on the port PORT names.
    const port = await freePort();
    const handler = spawn(PYTHON, ['-c', hooks ?? ''], { cwd: site.cwd, env: { ...site.env, PORT: String(port) } });
    try {
      const lines = createInterface({ input: handler.stdout })[Symbol.asyncIterator]();
      let stderr = '';
      handler.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
      const body = JSON.stringify({ type: 'payment.updated', data: {} });
      const deliver = async (secret: string, id: string) => {
        const now = new Date();
        const headers = {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': new Webhook(secret).sign(id, now, body),
        };
        // Refused while it is not listening yet: tried again, until it answers or exits.
        const status = await vi
          .waitFor(async () => (handler.exitCode !== null ? undefined : (await fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', headers, body })).status), {
            timeout: 15_000,
            interval: 50,
          })
          .catch((e: unknown) => {
            throw new Error(`the README's handler does not answer: ${stderr}`, { cause: e });
          });
        if (status === undefined) throw new Error(`the README's handler exited (${handler.exitCode}): ${stderr}`);
        return status;
      };
      // Signed with another secret: refused, and nothing printed.
      expect(await deliver(`whsec_${Buffer.from('not the project secret, 32 bytes').toString('base64')}`, 'msg_forged')).toBe(400);
      expect(await deliver(banner['KASSA_WEBHOOK_SECRET'] ?? '', 'msg_kassa_1')).toBe(204);
      expect((await lines.next()).value).toBe('payment.updated msg_kassa_1');
    } finally {
      handler.kill();
    }
  }, 60_000);

  it("runs examples/merchant_flow.py as written with the banner's variables, twice at once on the same Kassa: contract, PIN, invoice paid, refund, invoice read back by id and by order id, billing check; every webhook to its own endpoint verified", async () => {
    const flows = await Promise.all([0, 1].map(() => run(PYTHON, [join(CLIENTS, 'examples', 'merchant_flow.py')], site)));
    for (const { stdout, stderr } of flows) {
      expect(stderr).toBe('');
      expect(JSON.parse(stdout)).toEqual({
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
    }
  }, 90_000);
});
