import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpWebhookSender } from '@kassa-payments/adapters-webhooks';
import { AttemptDelivery, openDelivery, SystemClock, type Notification } from '@kassa-payments/domain';
import { inMemoryPorts } from '@kassa-payments/adapters-memory';
import { webhookSignature } from '@kassa-payments/protocol';
import { median, verdict } from './bench-common.js';

// `node packages/devkit/dist/bench/webhooks.bench.js`: webhook deliveries per second to local receivers.
// Kassa (embedded: in-memory deliveries, AttemptDelivery, the HTTP sender) against a bare loop that
// POSTs the same signed body to the same receivers, in alternating rounds; then the healthy
// endpoints' rate with one endpoint among ten that never answers.
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const CONCURRENCY = 50;
const SECRET = `whsec_${Buffer.from('bench-webhook-secret-0123456').toString('base64')}`;
const BODY = JSON.stringify({ type: 'payment.updated', data: { invoice: { invoice_id: '3f2b8c1e-6a4d-4e8b-9c0a-1d2e3f405a6b', status: 'Processed', payment_status: 'PAID' } } });

async function receiver(answers: boolean): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    if (answers) req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

/** Runs `one` with CONCURRENCY workers for SECONDS; deliveries per second (only those `counts`). */
async function rate(one: (i: number) => Promise<boolean>): Promise<number> {
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) if (await one(next++)) done += 1;
    }),
  );
  return done / SECONDS;
}

/** The bare loop: a signed POST of the same body, nothing stored. */
const bare = (urls: readonly string[]) => async (i: number) => {
  const id = `evt-${i}`;
  const ts = Math.floor(Date.now() / 1000);
  const url = urls[i % urls.length] as string;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': webhookSignature(SECRET, id, ts, BODY) },
    body: BODY,
    signal: AbortSignal.timeout(15_000),
  }).catch(() => undefined);
  await res?.arrayBuffer();
  return res?.status === 204;
};

/** Kassa: a stored delivery per event, attempted through AttemptDelivery and the HTTP sender. */
function kassa(urls: readonly string[]) {
  const clock = new SystemClock();
  const ports = inMemoryPorts({
    projects: [
      {
        id: 1,
        partnerLogin: 'b',
        active: true,
        clientIpRequired: false,
        ipWhitelist: [],
        defaultPrice: null,
        returnUrl: null,
        webhookUrl: null,
        webhookSecret: SECRET,
        paymentMethods: [],
        subscriptionSecret: null,
        subscriptionNotificationUrl: null,
      },
    ],
  });
  const attempt = new AttemptDelivery({ ...ports, clock, webhooks: new HttpWebhookSender(clock) });
  return async (i: number) => {
    const notification: Notification = { channel: 'webhook', url: urls[i % urls.length] as string, contentType: 'application/json', body: BODY };
    const d = openDelivery({ eventId: `evt-${i}-${Date.now()}`, eventType: 'PaymentUpdated', projectId: 1, notification, now: clock.now().toISOString() });
    await ports.deliveries.create(d);
    await attempt.execute({ projectId: 1, deliveryId: d.id });
    return (await ports.deliveries.get(1, d.id))?.state === 'succeeded';
  };
}

async function main(): Promise<void> {
  const healthy = await Promise.all(Array.from({ length: 10 }, () => receiver(true)));
  const dead = await receiver(false);
  const urls = healthy.map((h) => h.url);
  const mixed = [dead.url, ...urls.slice(1)];
  const [k, b] = [kassa(urls), bare(urls)];
  await rate(k);
  await rate(b); // warm-up
  const ratios: number[] = [];
  const rows: { round: number; kassa: number; bare: number; ratio: string }[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const [first, second] = round % 2 ? [k, b] : [b, k];
    const x = await rate(first);
    const y = await rate(second);
    const [kr, br] = round % 2 ? [x, y] : [y, x];
    ratios.push(kr / br);
    rows.push({ round, kassa: Math.round(kr), bare: Math.round(br), ratio: (kr / br).toFixed(2) });
  }
  console.table(rows);
  console.log(`webhook deliveries, embedded, ${CONCURRENCY} in flight: kassa/bare (median of the rounds) ${median(ratios).toFixed(2)} (target >= 0.50) ${verdict(median(ratios) >= 0.5)}`);

  // One endpoint never answers: the healthy nine's rate against their rate alone, same round.
  const nine = kassa(urls.slice(1));
  const tenth = kassa(mixed);
  // Jobs run independently in the app (no shared worker waits on another endpoint's attempt): the
  // dead endpoint's deliveries are started and left to time out on their own.
  const withDead = async (i: number) => {
    if (i % 10 !== 0) return tenth(i);
    void tenth(i);
    return false;
  };
  const drops: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const alone = await rate(nine);
    const besideDead = await rate(withDead);
    drops.push(1 - besideDead / alone);
  }
  console.log(
    `healthy endpoints' rate beside one dead endpoint: drop per round ${drops.map((d) => `${(d * 100).toFixed(1)}%`).join(' ')}; median ${(median(drops) * 100).toFixed(1)}% (target <= 10%) ${verdict(median(drops) <= 0.1)}`,
  );
  for (const s of [...healthy, dead]) s.server.closeAllConnections();
  await Promise.all([...healthy, dead].map((s) => new Promise((r) => s.server.close(r))));
  process.exit();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
