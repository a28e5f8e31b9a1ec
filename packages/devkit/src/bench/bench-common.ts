import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Request as AutocannonRequest } from 'autocannon';
import { createHmac } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The partner and project both servers of the benchmark accept. */
export const BENCH_PARTNER = { login: 'bench', password: 'bench-password-0123456789' };
export const BENCH_PROJECT_ID = 1;

export const hmacHex = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('hex');

/** Prints the server's base URL (and its other listeners' addresses) as the first stdout line, for the driver. */
export const announce = (url: string, storage = 'none', urls: Readonly<Record<string, string>> = {}) => process.stdout.write(`${JSON.stringify({ url, storage, urls })}\n`);

/** The JSON v3 headers of a version-4 request signed by the bench partner over `payload`. */
export function signV4Headers(payload: string): Record<string, string> {
  const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const signature = hmacHex(BENCH_PARTNER.password, payload + BENCH_PARTNER.login + hmacHex(BENCH_PARTNER.password, timestamp));
  return { 'X-Login': BENCH_PARTNER.login, 'X-Timestamp': timestamp, 'X-Signature-Version': '4', 'X-Signature': signature, 'Content-Type': 'application/json' };
}

/** Starts a bench server script of this folder as its own process; resolves with what it announced. */
export async function startBenchServer(
  script: string,
  env: Record<string, string> = {},
  flags: readonly string[] = [],
): Promise<{ url: string; storage: string; urls: Readonly<Record<string, string>>; child: ChildProcess }> {
  // BENCH_SERVER_NODE_ARGS: flags for the server's node (`--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
  const nodeArgs = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...flags, ...nodeArgs, fileURLToPath(new URL(script, import.meta.url))], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    if (line.startsWith('{"url"')) return { urls: {}, ...(JSON.parse(line) as { url: string; storage: string; urls?: Record<string, string> }), child };
  }
  throw new Error(`${script} did not start`);
}

export async function stopBenchServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux; its clock ticks, 100 a
 * second); undefined elsewhere or once it is gone. Steadier than req/s on a machine shared with others.
 */
export function cpuSecondsOf(pid: number | undefined): number | undefined {
  try {
    // Fields after the command name: state is field 3, utime 14 and stime 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Waits until `done` holds, checking every 10 ms; a run that stalls ends the benchmark with an error naming `what`. */
export async function waitFor(done: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The P1 workload's request pair (autocannon): a signed v4 POST /invoices with a fresh order and
 * MSISDN from `next()` (and, in a variant, an Idempotency-Key), then a signed GET of the invoice it created.
 */
export function p1Requests(next: () => number, orderPrefix: string, options: { readonly idempotencyKey?: boolean } = {}): AutocannonRequest[] {
  const base = `/api/v3/projects/${BENCH_PROJECT_ID}/invoices`;
  return [
    {
      method: 'POST',
      path: base,
      setupRequest: (req) => {
        const n = next();
        const msisdn = `7${String(n).padStart(10, '0')}`;
        const order = `${orderPrefix}-${process.pid}-${n}`;
        const body = { client_ip: '203.0.113.10', customer: { type: 'mobile_phone', msisdn }, order: { merchant_order_id: order } };
        const headers = signV4Headers(`${order + msisdn}203.0.113.10`);
        // The variant with Idempotency-Key: a fresh key every POST, as a client retrying safely sends.
        if (options.idempotencyKey) headers['Idempotency-Key'] = `${order}-key`;
        return { ...req, headers, body: JSON.stringify(body) };
      },
      onResponse: (status, body, context) => {
        if (status === 201) (context as Record<string, unknown>)['invoiceId'] = (JSON.parse(body) as { data: { invoice_id: string } }).data.invoice_id;
      },
    },
    {
      method: 'GET',
      setupRequest: (req, context) => {
        const id = String((context as Record<string, unknown>)['invoiceId'] ?? 'none');
        const headers: Record<string, string> = signV4Headers(id);
        delete headers['Content-Type'];
        return { ...req, path: `${base}/${id}`, headers };
      },
    },
  ];
}

/** Prints a target's line, and marks the run failed (exit code 1) when it is missed: `npm run bench` says so. */
export function verdict(met: boolean): 'MET' | 'NOT MET' {
  if (!met) process.exitCode = 1;
  return met ? 'MET' : 'NOT MET';
}
