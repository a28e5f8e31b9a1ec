import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KassaClient } from '@kassa-payments/merchant-client';
import autocannon from 'autocannon';
import { startReceiver } from '../servers/http-receiver.js';
import { BENCH_PARTNER, cpuSecondsOf, p1Requests, startBenchServer, stopBenchServer, verdict } from './bench-common.js';

// `node packages/devkit/dist/bench/test-clock-probe.bench.js`: the security issue's probe of one
// test clock advance, on an embedded Kassa with a data folder (npm start's defaults): a clock at 2100,
// 40 subscriptions charged daily (MaxIterations 100) whose notification URL answers 500, advanced to
// 2199. Prints its wall time, the server's CPU, the charges, the real HTTP attempts the endpoint got,
// the snapshots the data folder wrote, and the RSS before, after, and after the clock's deletion.
// Meanwhile another project's P1 pair runs (signed POST /invoices + GET) and its p99 is compared with
// the same load's p99 while idle: target within 3 times.
const SUBSCRIPTIONS = Number(process.env['BENCH_PROBE_SUBSCRIPTIONS'] ?? 40);
const SUBS_SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const PROBE_PROJECT = 7;
const OTHER_PROJECT = 1;

const status = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(status(pid))?.[1] ?? 0) / 1024;
/** The process's user and system CPU seconds (Linux's /proc: the probe needs them). */
const cpuSeconds = (pid: number): number => {
  const seconds = cpuSecondsOf(pid);
  if (seconds === undefined) throw new Error(`no CPU time for process ${pid} (gone, or no /proc)`);
  return seconds;
};
const newestSnapshot = (dir: string) => Math.max(0, ...readdirSync(dir).flatMap((f) => (/^snapshot-(\d+)\.jsonl$/.exec(f) ? [Number(f.slice(9, 17))] : [])));
/** The server's V8 heap in use after a collection (its admin listener's metrics), in MB. */
const heapMb = async (adminUrl: string, pid: number) => {
  process.kill(pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 500));
  const text = await (await fetch(`${adminUrl}/metrics`)).text();
  return Number(/^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)/m.exec(text)?.[1] ?? 0) / 1e6;
};
const compact = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

async function subscriptionCall(subsUrl: string, method: string, elements: string): Promise<string> {
  const now = compact(new Date());
  const signature = createHmac('sha256', SUBS_SECRET).update(`${PROBE_PROJECT}${now}`).digest('hex');
  const body = `<?xml version="1.0" encoding="utf-8"?><Request><SubscriptionProjectID>${PROBE_PROJECT}</SubscriptionProjectID><Now>${now}</Now><Signature>${signature}</Signature>${elements}</Request>`;
  const res = await fetch(`${subsUrl}/Http/Services/${method}.aspx`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body });
  return res.text();
}

/** The other project's P1 pair for `seconds`: its p99 latency in ms. */
async function otherProjectP99(url: string, seconds: number, tag: string): Promise<number> {
  let n = 0;
  const result = await autocannon({ url, connections: 10, duration: seconds, requests: p1Requests(() => n++, `probe-${tag}-${Date.now()}`) });
  return result.latency.p99;
}

async function main(): Promise<void> {
  const failing = await startReceiver((_r, res) => void res.writeHead(500).end('down'));
  const dataDir = mkdtempSync(join(tmpdir(), 'kassa-bench-probe-'));
  const seed = {
    partners: [
      {
        ...BENCH_PARTNER,
        projects: [
          { id: OTHER_PROJECT, defaultPrice: { amount: '10.00', currency: 'RUB' } },
          { id: PROBE_PROJECT, defaultPrice: { amount: '10.00', currency: 'RUB' }, subscriptionSecret: SUBS_SECRET, subscriptionNotificationUrl: `${failing.url}/subs` },
        ],
      },
    ],
  };
  const { url, urls, child } = await startBenchServer('kassa-server.js', { KASSA_LOG_LEVEL: 'silent', BENCH_DATA_DIR: dataDir, BENCH_SEED: JSON.stringify(seed) }, ['--expose-gc']);
  const pid = child.pid ?? 0;
  const kassa = new KassaClient({ baseUrl: url, login: BENCH_PARTNER.login, password: BENCH_PARTNER.password });
  const subsUrl = urls['subs'] ?? '';
  /** A clock at 2100 with the probe's subscriptions, active. */
  const probeClock = async (name: string): Promise<string> => {
    const clock = await kassa.createTestClock(PROBE_PROJECT, { frozen_time: '2100-01-01T00:00:00Z', name });
    if (!clock.ok) throw new Error(`the clock was not created: ${JSON.stringify(clock)}`);
    for (let i = 0; i < SUBSCRIPTIONS; i += 1) {
      const msisdn = `7903${String(i).padStart(7, '0')}`;
      const created = await subscriptionCall(
        subsUrl,
        'CreateSubscription',
        `<Subscriber_MSISDN>${msisdn}</Subscriber_MSISDN><TestInfo><BillingPeriodSeconds>86400</BillingPeriodSeconds><MaxIterations>100</MaxIterations><TestClockID>${clock.data.test_clock_id}</TestClockID></TestInfo>`,
      );
      const id = /<SubscriptionID>([^<]+)</.exec(created)?.[1];
      if (!id) throw new Error(`the subscription was not created: ${created}`);
      await subscriptionCall(subsUrl, 'ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`);
    }
    return clock.data.test_clock_id;
  };
  /** Advances the clock to 2199; resolves once it is ready (undefined when refused up front). */
  const advance = async (clockId: string): Promise<boolean> => {
    const asked = await kassa.advanceTestClock(PROBE_PROJECT, clockId, { frozen_time: '2199-01-01T00:00:00Z' });
    if (!asked.ok) {
      console.log(`\nthe probe's advance was refused up front: ${asked.status} ${JSON.stringify(asked.error)}`);
      return false;
    }
    for (;;) {
      const now = await kassa.getTestClock(PROBE_PROJECT, clockId);
      if (now.ok && now.data.status === 'ready') return true;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  try {
    // The advance alone: its cost.
    const first = await probeClock('probe');
    const admin = urls['admin'] ?? '';
    const rssBefore = rssMb(pid);
    const heapBefore = await heapMb(admin, pid);
    const cpuBefore = cpuSeconds(pid);
    const snapshotsBefore = newestSnapshot(dataDir);
    const attemptsBefore = failing.received.length;
    const started = performance.now();
    if (await advance(first)) {
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuSeconds(pid) - cpuBefore;
      const rssAfter = rssMb(pid);
      const heapAfter = await heapMb(admin, pid);
      const snapshots = newestSnapshot(dataDir) - snapshotsBefore;
      const attempts = failing.received.length - attemptsBefore;
      const delivered = await kassa.listWebhookDeliveries(PROBE_PROJECT, {});
      if (process.env['BENCH_PROBE_DEBUG']) console.log(JSON.stringify(delivered, null, 1).slice(0, 3000));
      await kassa.deleteTestClock(PROBE_PROJECT, first);
      await new Promise((r) => setTimeout(r, 3_000));
      const rssDeleted = rssMb(pid);
      const heapDeleted = await heapMb(admin, pid);
      // Again, with another project's P1 pair running meanwhile: its p99 against the same load's while idle.
      const second = await probeClock('probe-under-load');
      const loadSeconds = Math.max(3, Math.round(seconds));
      const idleP99 = await otherProjectP99(url, loadSeconds, 'idle');
      const loaded = otherProjectP99(url, loadSeconds, 'during');
      await advance(second);
      const p99 = await loaded;
      console.log(`\nthe test clock probe: ${SUBSCRIPTIONS} daily subscriptions (MaxIterations 100), a 500 endpoint, 2100 -> 2199, embedded with a data folder:`);
      console.log(
        `advance ${seconds.toFixed(1)} s wall, ${cpu.toFixed(1)} s server CPU; ${attempts} real HTTP attempts at the endpoint during it; ${snapshots} snapshots written; RSS ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after, ${rssDeleted.toFixed(0)} MB 3 s after the clock's deletion; V8 heap in use ${heapBefore.toFixed(0)}, ${heapAfter.toFixed(0)} and ${heapDeleted.toFixed(0)} MB`,
      );
      const ratio = p99 / idleP99;
      console.log(`another project's P1 p99 over ${loadSeconds} s: ${idleP99} ms idle, ${p99} ms during an advance: ${ratio.toFixed(2)}x (target <= 3) ${verdict(ratio <= 3)}`);
    }
  } finally {
    await stopBenchServer(child);
    await failing.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit();
}

await main();
