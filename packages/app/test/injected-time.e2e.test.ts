import { ManualClock } from '@kassa-payments/adapters-memory';
import { type HttpReceiver, type Received, startReceiver } from '@kassa-payments/devkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, FLAGGED, fresh, MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The rules of time on an injected ManualClock, through the HTTP API, to the millisecond: nothing
// waits for real time to pass. The test moves the clock and `drainDueWork()` runs what fell due (the
// jobs, the due-work sweep, the event relay), and resolves once it has all run.
const EXPIRING = 91;
const RETRYING = 92;
const TOKEN = 'e2e-admin-token-0123456789-abcdefghij';
const SECRET = `whsec_${Buffer.from('kassa-injected-time-secret-0123').toString('base64')}`;
const ip = '203.0.113.7';
const MINUTE_MS = 60_000;

/** On a minute's edge: the callback rate's fixed minutes begin where the test says. */
const START = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
const clock = new ManualClock(new Date(START));
let t: TestKassa;
let hooks: HttpReceiver;
/** Answers 500 to every delivery: a receiver that is down. */
let failing: HttpReceiver;

beforeAll(async () => {
  hooks = await startReceiver();
  failing = await startReceiver((_r, res) => void res.writeHead(500).end('down'));
  const project = (id: number, url: string) => ({ id, defaultPrice: { amount: '10.00', currency: 'RUB' }, webhookUrl: url, webhookSecret: SECRET });
  t = await startTestKassa(
    { KASSA_ADMIN_TOKEN: TOKEN, KASSA_CALLBACK_RATE_PER_MINUTE: '2' },
    {
      clock,
      seed: {
        partners: [
          { login: MERCHANT.login, password: MERCHANT.password, projects: [project(EXPIRING, `${hooks.url}/expiring`), project(RETRYING, `${failing.url}/retrying`)] },
          { login: FLAGGED.login, password: FLAGGED.password, testCallbackAllowed: true, projects: [{ id: P.flagged, defaultPrice: { amount: '10.00', currency: 'RUB' } }] },
        ],
      },
    },
  );
});
afterAll(async () => {
  await t?.stop();
  await hooks?.close();
  await failing?.close();
});

const about = (id: string) => (r: Received) => r.body.includes(id);
const typeOf = (r: Received) => (JSON.parse(r.body) as { type: string }).type;
const newInvoice = (projectId: number) => {
  const f = fresh();
  return t.client().createInvoice(projectId, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } });
};

async function pendingDeliveries(projectId: number): Promise<{ readonly next_attempt_at: string | null }[]> {
  const answer = await fetch(`${t.kassa.urls.admin}/admin/v1/deliveries?state=pending&project_id=${projectId}&limit=100`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return ((await answer.json()) as { data: { items: { next_attempt_at: string | null }[] } }).data.items;
}

describe('time injected: the rules of time fall due by the clock, run by drainDueWork', () => {
  it('an invoice expires when the clock reaches its expires_at, not a millisecond before: Cancelled', async () => {
    const invoice = dataOf(await newInvoice(EXPIRING));
    const expiresAt = Date.parse(invoice.expires_at);
    expect(expiresAt).toBeGreaterThan(clock.now().getTime());
    const status = async () => dataOf(await t.client().getInvoice(EXPIRING, invoice.invoice_id)).status;

    clock.set(new Date(expiresAt - 1));
    await t.drainDueWork();
    expect(await status()).toBe('Created');

    clock.set(new Date(expiresAt));
    expect(await t.drainDueWork()).toBeGreaterThan(0);
    expect(dataOf(await t.client().getInvoice(EXPIRING, invoice.invoice_id))).toMatchObject({ status: 'Cancelled', payment_status: 'NOT_PAID' });
    // Nothing is left due at this time.
    expect(await t.drainDueWork()).toBe(0);
  });

  it('a delivery to a failing receiver is retried on the retry schedule as the clock moves (5 s, then 5 min, plus jitter), not before', async () => {
    const invoice = dataOf(await newInvoice(RETRYING));
    expect((await t.client().authorizeInvoice(RETRYING, invoice.invoice_id, { client_ip: ip, pin_code: '1234' })).ok).toBe(true);
    // The charge, its payment.updated relayed, the delivery's first attempt: all inside the drain.
    await t.drainDueWork();
    expect(failing.received.filter(about(invoice.invoice_id)).map(typeOf)).toEqual(['payment.updated']);
    const attempts = () => failing.received.filter(about(invoice.invoice_id)).length;
    expect(attempts()).toBe(1);
    // Each delay in turn: the retry is due the schedule's delay after the failed attempt, up to 10%
    // later (jitter) plus the real time the attempt took; not a millisecond before the delay.
    for (const [n, delaySeconds] of [
      [2, 5],
      [3, 300],
    ] as const) {
      const failedAt = clock.now().getTime();
      const [d] = await pendingDeliveries(RETRYING);
      // The admin API shows whole seconds.
      expect(Date.parse(d?.next_attempt_at ?? '')).toBeGreaterThanOrEqual(failedAt + delaySeconds * 1000 - 1000);
      expect(Date.parse(d?.next_attempt_at ?? '')).toBeLessThanOrEqual(failedAt + delaySeconds * 1100 + 1000);
      clock.set(new Date(failedAt + delaySeconds * 1000 - 1));
      await t.drainDueWork();
      expect(attempts()).toBe(n - 1);
      clock.set(new Date(failedAt + delaySeconds * 1100 + 1000));
      await t.drainDueWork();
      expect(attempts()).toBe(n);
    }
  });

  it("a partner's callback rate reopens when the clock passes the minute's edge: Retry-After counts down to it", async () => {
    // The rate counts per fixed minute: the test begins on the edge of the clock's next one.
    clock.set(new Date(Math.ceil((clock.now().getTime() + 1) / MINUTE_MS) * MINUTE_MS));
    const edge = clock.now().getTime() + MINUTE_MS;
    const flagged = t.client({ login: FLAGGED.login, password: FLAGGED.password });
    const create = () => {
      const f = fresh();
      return flagged.createInvoice(P.flagged, {
        client_ip: ip,
        customer: { type: 'mobile_phone', msisdn: f.msisdn },
        order: { merchant_order_id: f.orderId },
        test_info: { callback_url: `${hooks.url}/callback` },
      });
    };
    const codeOf = (r: { status: number; ok: boolean; error?: { code: string } }) => `${r.status} ${r.ok ? 'ok' : r.error?.code}`;
    expect(codeOf(await create())).toBe('201 ok');
    expect(codeOf(await create())).toBe('201 ok');
    const refused = await create();
    expect(codeOf(refused)).toBe('429 TEST_CALLBACK_URL_RATE_LIMITED');
    expect(refused.headers.get('retry-after')).toBe('60');
    clock.set(new Date(edge - 1));
    const last = await create();
    expect(codeOf(last)).toBe('429 TEST_CALLBACK_URL_RATE_LIMITED');
    expect(last.headers.get('retry-after')).toBe('1');
    clock.set(new Date(edge));
    expect(codeOf(await create())).toBe('201 ok');
  });
});
