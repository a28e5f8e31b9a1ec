import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compactUtc } from '@kassa-payments/domain';
import { timestampOf } from '@kassa-payments/protocol';
import { Pool } from 'undici';
import { startMongoServer, type MongoServer } from '../servers/mongo-server.js';
import { startBenchServer, stopBenchServer, verdict } from './bench-common.js';

/**
 * The memory scenario of `npm run bench`: 200,000 unauthenticated requests with random logins
 * (JSON v3 X-Login, XML 2.9 Login, subscription-service SubscriptionProjectID), 32 at a time,
 * against an embedded Kassa on in-memory storage and on MongoDB. Every lookup before
 * authentication is a miss in the project directory: its caches must stay bounded. Prints the
 * process's RSS at start, after a 20,000-request warm-up, and at the end.
 */
const REQUESTS = Number(process.env['BENCH_MEMORY_REQUESTS'] ?? 200_000);
const WARM_UP = Math.min(20_000, Math.floor(REQUESTS / 10));
const CONCURRENCY = 32;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const randomLogin = () => randomBytes(8 + Math.floor(Math.random() * 40)).toString('base64url');
const now = () => timestampOf(new Date());

async function send(api: Pool, subs: Pool, n: number): Promise<void> {
  const kind = n % 3;
  if (kind === 0) {
    const res = await api.request({
      method: 'GET',
      path: `/api/v3/projects/1/invoices/${randomUUID()}`,
      headers: { 'x-login': randomLogin(), 'x-timestamp': now(), 'x-signature-version': '3', 'x-signature': 'ab'.repeat(32) },
    });
    await res.body.dump();
    return;
  }
  if (kind === 1) {
    const body = `<Request><Header><Authentication><Login>${randomLogin()}</Login><NowUtc>${now()}</NowUtc><Signature>${'cd'.repeat(32)}</Signature></Authentication></Header><GetInvoiceRequest><ProjectID>1</ProjectID><InvoiceID>x</InvoiceID></GetInvoiceRequest></Request>`;
    const res = await api.request({ method: 'POST', path: '/API/XML/InvoiceManagementService.ashx', headers: { 'content-type': 'text/xml' }, body });
    await res.body.dump();
    return;
  }
  const project = 1 + Math.floor(Math.random() * 1_000_000_000);
  const stamp = compactUtc(new Date().toISOString());
  const body = `<Request><SubscriptionProjectID>${project}</SubscriptionProjectID><Now>${stamp}</Now><Signature>${'ef'.repeat(32)}</Signature></Request>`;
  const res = await subs.request({ method: 'POST', path: '/Http/Services/GetSubscriptions', headers: { 'content-type': 'text/xml' }, body });
  await res.body.dump();
}

async function run(count: number, api: Pool, subs: Pool, offset: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await send(api, subs, offset + next++);
    }),
  );
}

async function scenario(label: string, env: Record<string, string>): Promise<string> {
  const { url, urls, child } = await startBenchServer('kassa-server.js', { KASSA_LOG_LEVEL: 'silent', ...env });
  const api = new Pool(url, { connections: CONCURRENCY });
  const subs = new Pool(urls['subs'] ?? '', { connections: CONCURRENCY });
  try {
    const pid = child.pid ?? 0;
    const start = rssMb(pid);
    const started = performance.now();
    await run(WARM_UP, api, subs, 0);
    const warm = rssMb(pid);
    await run(REQUESTS - WARM_UP, api, subs, WARM_UP);
    const end = rssMb(pid);
    const seconds = (performance.now() - started) / 1000;
    return `${label}: ${REQUESTS} requests in ${seconds.toFixed(0)} s; RSS ${start.toFixed(0)} MB at start, ${warm.toFixed(0)} MB after ${WARM_UP}, ${end.toFixed(0)} MB at the end (${(end - warm >= 0 ? '+' : '') + (end - warm).toFixed(0)} MB after the warm-up)`;
  } finally {
    await api.close();
    await subs.close();
    await stopBenchServer(child);
  }
}

const SIGN_INS = Number(process.env['BENCH_SIGN_IN_ATTEMPTS'] ?? 100_000);
const SIGN_IN_WARM_UP = Math.min(20_000, Math.floor(SIGN_INS / 5));
const folderBytes = (dir: string) => readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
const randomAddress = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/**
 * The dashboard's sign-in under a flood: random logins and passwords, each from a random address (a
 * botnet, through a trusted proxy: the hardest case for the throttle's memory), with the client's own
 * double-submit token (no GET first). Prints RSS and the data folder's size after the warm-up and at the end.
 */
async function signInScenario(label: string, env: Record<string, string>, dataDir?: string): Promise<string> {
  const { url, child } = await startBenchServer('kassa-server.js', { KASSA_LOG_LEVEL: 'silent', KASSA_TRUST_PROXY: 'loopback', ...(dataDir ? { BENCH_DATA_DIR: dataDir } : {}), ...env });
  const api = new Pool(url, { connections: CONCURRENCY });
  const token = randomBytes(32).toString('base64url');
  const attempt = async () => {
    const body = new URLSearchParams({ token, login: randomLogin(), password: randomLogin() }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded', cookie: `kassa_sign_in=${token}`, 'x-forwarded-for': randomAddress() };
    const res = await api.request({ method: 'POST', path: '/dashboard/sign-in', headers, body });
    await res.body.dump();
  };
  const attempts = async (count: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < count) await attempt();
      }),
    );
  };
  try {
    const pid = child.pid ?? 0;
    const start = rssMb(pid);
    const started = performance.now();
    await attempts(SIGN_IN_WARM_UP);
    const warm = rssMb(pid);
    const warmBytes = dataDir ? folderBytes(dataDir) : 0;
    await attempts(SIGN_INS - SIGN_IN_WARM_UP);
    const end = rssMb(pid);
    const endBytes = dataDir ? folderBytes(dataDir) : 0;
    const seconds = (performance.now() - started) / 1000;
    const folder = dataDir ? `; data folder ${(warmBytes / 1e6).toFixed(1)} MB after the warm-up, ${(endBytes / 1e6).toFixed(1)} MB at the end` : '';
    return `${label}: ${SIGN_INS} sign-in attempts in ${seconds.toFixed(0)} s; RSS ${start.toFixed(0)} MB at start, ${warm.toFixed(0)} MB after ${SIGN_IN_WARM_UP}, ${end.toFixed(0)} MB at the end (${(end - warm >= 0 ? '+' : '') + (end - warm).toFixed(0)} MB after the warm-up, ${dataDir ? `target within 30 ${verdict(end - warm <= 30)}` : 'quoted: the windows are in MongoDB'})${folder}`;
  } finally {
    await api.close();
    await stopBenchServer(child);
  }
}

const given = process.env['MONGO_URL'];
const signInDir = mkdtempSync(join(tmpdir(), 'kassa-bench-sign-in-'));
const signIns = [await signInScenario('sign-ins, in memory with a data folder', {}, signInDir)];
rmSync(signInDir, { recursive: true, force: true });
if (process.env['BENCH_SIGN_IN_ONLY']) {
  console.log(`\nthe dashboard's sign-in under random logins from random addresses (${CONCURRENCY} at a time):`);
  for (const line of signIns) console.log(line);
  process.exit();
}
const results = [await scenario('in memory', {})];
const server: MongoServer | undefined = given ? undefined : await startMongoServer();
try {
  results.push(await scenario('MongoDB', { MONGO_URL: given ?? server?.url ?? '', MONGO_DB: `bench_memory_${randomUUID().slice(0, 8)}` }));
  signIns.push(await signInScenario('sign-ins, MongoDB', { MONGO_URL: given ?? server?.url ?? '', MONGO_DB: `bench_sign_in_${randomUUID().slice(0, 8)}` }));
} finally {
  await server?.destroy();
}
console.log(`\nmemory under random logins (${CONCURRENCY} at a time, a third each of JSON v3, XML 2.9 and subscription requests):`);
for (const line of results) console.log(line);
console.log(`\nthe dashboard's sign-in under random logins from random addresses (${CONCURRENCY} at a time):`);
for (const line of signIns) console.log(line);
