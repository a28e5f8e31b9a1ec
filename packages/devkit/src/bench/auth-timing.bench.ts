import { Agent, request } from 'undici';
import { BENCH_PARTNER, BENCH_PROJECT_ID, hmacHex, median, startBenchServer, stopBenchServer } from './bench-common.js';

/**
 * The no-login-oracle scenario of `npm run bench`: JSON v3 requests with an unknown X-Login against
 * requests with the known login and a wrong signature, interleaved one by one on one keep-alive
 * connection to an embedded Kassa, each with a timestamp of its own (as a prober's would be). It
 * prints the median and 90th percentile of both and their ratio: the two must not be told apart.
 */
const REQUESTS = Number(process.env['BENCH_AUTH_REQUESTS'] ?? 4_000);

const { url, child } = await startBenchServer('kassa-server.js', { KASSA_LOG_LEVEL: 'silent' });
const agent = new Agent({ connections: 1 });
const path = `/api/v3/projects/${BENCH_PROJECT_ID}/invoices/00000000-0000-4000-8000-000000000001`;
let second = 0;
async function timed(login: string, password: string): Promise<number> {
  // A timestamp of its own for each request, as a prober's: the known login's inner hash is never cached either.
  const at = new Date(Date.now() - (second++ % 600) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const signature = hmacHex(password, `${BENCH_PROJECT_ID}${login}${hmacHex(password, at)}`);
  const started = performance.now();
  const res = await request(`${url}${path}`, { dispatcher: agent, headers: { 'x-login': login, 'x-timestamp': at, 'x-signature-version': '3', 'x-signature': signature } });
  await res.body.text();
  const ms = performance.now() - started;
  if (res.statusCode !== 401) throw new Error(`expected 401, got ${res.statusCode}`);
  return ms;
}
const unknown: number[] = [];
const wrong: number[] = [];
for (let i = 0; i < 500; i++) await timed(`nobody-${i}`, 'x'); // warm-up
for (let i = 0; i < REQUESTS; i++) {
  unknown.push(await timed(`nobody-${i % 97}-${i}`, 'any-password'));
  wrong.push(await timed(BENCH_PARTNER.login, 'wrong-password'));
}
const p90 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length * 0.9)] ?? 0;
const show = (v: number[]) => `median ${(median(v) * 1000).toFixed(0)} µs, p90 ${(p90(v) * 1000).toFixed(0)} µs`;
console.log(`auth timing, ${REQUESTS} each, interleaved: unknown login ${show(unknown)}; wrong signature ${show(wrong)}; median ratio ${(median(unknown) / median(wrong)).toFixed(3)}`);
await agent.close();
await stopBenchServer(child);
