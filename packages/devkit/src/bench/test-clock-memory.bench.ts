import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KassaClient } from '@kassa-payments/merchant-client';
import { startReceiver } from '../servers/http-receiver.js';
import { BENCH_PARTNER, startBenchServer, stopBenchServer, verdict } from './bench-common.js';

// `node packages/devkit/dist/bench/test-clock-memory.bench.js`: what test clocks keep (issue 43,
// item 5). An embedded Kassa with a data folder (npm start's defaults); three clocks at 2100, one
// after the other, each with 100 subscriptions charged daily (MaxIterations 100) whose notification
// URL answers 500, each advanced to 2199: 10,000 charges an advance (the budget of one). Prints the
// server's V8 heap in use after a collection and the data folder's size at the start, after each
// advance (or its refusal: TEST_CLOCK_LIMITS.eventsPerProject) and after the clocks' deletion. Targets:
// the project's clocks keep at most HEAP_KEPT_MB of heap over the start (one advance's worth, not
// three); after the deletion the heap is within HEAP_BACK_MB of the start and the folder at most
// FOLDER_AFTER_MB.
const SUBSCRIPTIONS = Number(process.env['BENCH_CLOCK_MEMORY_SUBSCRIPTIONS'] ?? 100);
const CLOCKS = Number(process.env['BENCH_CLOCK_MEMORY_CLOCKS'] ?? 3);
const SUBS_SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const PROJECT = 7;
const HEAP_KEPT_MB = 100;
const HEAP_BACK_MB = 25;
const FOLDER_AFTER_MB = 5;

const compact = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
/** The server's V8 heap in use after a collection (its admin listener's metrics), in MB. */
const heapMb = async (adminUrl: string, pid: number) => {
  process.kill(pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 500));
  const text = await (await fetch(`${adminUrl}/metrics`)).text();
  return Number(/^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)/m.exec(text)?.[1] ?? 0) / 1e6;
};
const folderMb = (dir: string) => readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0) / 1e6;

async function subscriptionCall(subsUrl: string, method: string, elements: string): Promise<string> {
  const now = compact(new Date());
  const signature = createHmac('sha256', SUBS_SECRET).update(`${PROJECT}${now}`).digest('hex');
  const body = `<?xml version="1.0" encoding="utf-8"?><Request><SubscriptionProjectID>${PROJECT}</SubscriptionProjectID><Now>${now}</Now><Signature>${signature}</Signature>${elements}</Request>`;
  const res = await fetch(`${subsUrl}/Http/Services/${method}.aspx`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body });
  return res.text();
}

async function main(): Promise<void> {
  const failing = await startReceiver((_r, res) => void res.writeHead(500).end('down'));
  const dataDir = mkdtempSync(join(tmpdir(), 'kassa-bench-clock-memory-'));
  const seed = {
    partners: [
      {
        ...BENCH_PARTNER,
        projects: [{ id: PROJECT, defaultPrice: { amount: '10.00', currency: 'RUB' }, subscriptionSecret: SUBS_SECRET, subscriptionNotificationUrl: `${failing.url}/subs` }],
      },
    ],
  };
  const { url, urls, child } = await startBenchServer('kassa-server.js', { KASSA_LOG_LEVEL: 'silent', BENCH_DATA_DIR: dataDir, BENCH_SEED: JSON.stringify(seed) }, ['--expose-gc']);
  const pid = child.pid ?? 0;
  const admin = urls['admin'] ?? '';
  const subsUrl = urls['subs'] ?? '';
  const kassa = new KassaClient({ baseUrl: url, login: BENCH_PARTNER.login, password: BENCH_PARTNER.password });
  const rows: { moment: string; 'heap MB': number; 'data folder MB': number }[] = [];
  const measure = async (moment: string) => {
    const row = { moment, 'heap MB': Math.round(await heapMb(admin, pid)), 'data folder MB': Number(folderMb(dataDir).toFixed(1)) };
    rows.push(row);
    return row;
  };
  try {
    const start = await measure('start');
    const clocks: string[] = [];
    const refusals: string[] = [];
    for (let n = 1; n <= CLOCKS; n += 1) {
      const clock = await kassa.createTestClock(PROJECT, { frozen_time: '2100-01-01T00:00:00Z', name: `clock ${n}` });
      if (!clock.ok) throw new Error(`the clock was not created: ${JSON.stringify(clock)}`);
      const clockId = clock.data.test_clock_id;
      clocks.push(clockId);
      for (let i = 0; i < SUBSCRIPTIONS; i += 1) {
        const msisdn = `79${n}3${String(i).padStart(7, '0')}`;
        const created = await subscriptionCall(
          subsUrl,
          'CreateSubscription',
          `<Subscriber_MSISDN>${msisdn}</Subscriber_MSISDN><TestInfo><BillingPeriodSeconds>86400</BillingPeriodSeconds><MaxIterations>100</MaxIterations><TestClockID>${clockId}</TestClockID></TestInfo>`,
        );
        const id = /<SubscriptionID>([^<]+)</.exec(created)?.[1];
        if (!id) throw new Error(`the subscription was not created: ${created}`);
        await subscriptionCall(subsUrl, 'ApproveSubscription', `<SubscriptionID>${id}</SubscriptionID><PinCode>1234</PinCode>`);
      }
      const asked = await kassa.advanceTestClock(PROJECT, clockId, { frozen_time: '2199-01-01T00:00:00Z' });
      if (!asked.ok) {
        refusals.push(`clock ${n}: ${asked.status} ${JSON.stringify(asked.error)}`);
        await measure(`clock ${n}'s advance refused`);
        continue;
      }
      let ready = await kassa.getTestClock(PROJECT, clockId);
      while (!(ready.ok && ready.data.status === 'ready')) {
        await new Promise((r) => setTimeout(r, 200));
        ready = await kassa.getTestClock(PROJECT, clockId);
      }
      await measure(`clock ${n} advanced (${SUBSCRIPTIONS * 100} charges)`);
    }
    for (const clockId of clocks) {
      const deleted = await kassa.deleteTestClock(PROJECT, clockId);
      if (!deleted.ok) throw new Error(`the clock was not deleted: ${JSON.stringify(deleted)}`);
    }
    await new Promise((r) => setTimeout(r, 3_000));
    const end = await measure(`the ${clocks.length} clocks deleted, 3 s later`);
    console.log(
      `\nwhat test clocks keep: ${CLOCKS} clocks of ${SUBSCRIPTIONS} daily subscriptions (MaxIterations 100, a 500 endpoint), 2100 -> 2199, one after the other, embedded with a data folder`,
    );
    console.table(rows);
    for (const refusal of refusals) console.log(`refused: ${refusal}`);
    const kept = Math.max(...rows.map((r) => r['heap MB'])) - start['heap MB'];
    console.log(`the most heap the project's clocks kept ${kept} MB over the start (target <= ${HEAP_KEPT_MB}) ${verdict(kept <= HEAP_KEPT_MB)}`);
    const back = end['heap MB'] - start['heap MB'];
    console.log(`heap after the deletion ${back >= 0 ? '+' : ''}${back} MB against the start (target <= ${HEAP_BACK_MB}) ${verdict(back <= HEAP_BACK_MB)}`);
    const folder = end['data folder MB'];
    console.log(`data folder after the deletion ${folder} MB (target <= ${FOLDER_AFTER_MB}) ${verdict(folder <= FOLDER_AFTER_MB)}`);
  } finally {
    await stopBenchServer(child);
    await failing.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit();
}

await main();
