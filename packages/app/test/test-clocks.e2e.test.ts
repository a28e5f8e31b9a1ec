import { type HttpReceiver, type Received, startReceiver, type XmlSchemaCheck } from '@kassa-payments/devkit';
import { createHmac } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, eventually, fresh, MERCHANT, PRODUCTION, startTestKassa, type TestKassa } from './e2e.fixture.js';
import { expectAllValid, recordExchange, subscriptionSchemaCheck } from './subscription-schema.fixture.js';

// Test clocks over real HTTP, on the storage (and the jobs) of this run: objects attached to a clock
// live in its time, and one advance runs what falls due on the way, in order, each at its own time.
// Every subscription-service answer and notification validates against the served XSD.
const PROJECT = 60;
const FAILING = 61;
/** A project of its own for the budget's tests (they fill it with clocks) and the fairness test's other traffic. */
const BUDGET = 62;
const BYSTANDER = 63;
const SECRET = `whsec_${Buffer.from('kassa-test-clock-secret-2026').toString('base64')}`;
const SUBS_SECRET = `whsec_${Buffer.from('kassa-test-clock-subs-2026').toString('base64')}`;
const T0 = '2027-01-01T00:00:00Z';
const DAY = 86_400_000;
const ip = '203.0.113.7';
let t: TestKassa;
let hooks: HttpReceiver;
let failing: HttpReceiver;
let schema: XmlSchemaCheck | undefined;

beforeAll(async () => {
  hooks = await startReceiver();
  failing = await startReceiver((_r, res) => void res.writeHead(500).end('down'));
  const project = (id: number, url: string) => ({
    id,
    defaultPrice: { amount: '10.00', currency: 'RUB' },
    webhookUrl: `${url}/hooks/${id}`,
    webhookSecret: SECRET,
    subscriptionSecret: SUBS_SECRET,
    subscriptionNotificationUrl: `${url}/subs/${id}`,
  });
  t = await startTestKassa(
    {},
    {
      seed: {
        partners: [
          { login: MERCHANT.login, password: MERCHANT.password, projects: [project(PROJECT, hooks.url), project(FAILING, failing.url), project(BUDGET, failing.url), project(BYSTANDER, hooks.url)] },
        ],
      },
    },
  );
  schema = await subscriptionSchemaCheck(t.kassa.urls.subs);
});
afterAll(async () => {
  if (schema) expectAllValid(schema, [...hooks.received, ...failing.received]);
  schema?.close();
  await t?.stop();
  await hooks?.close();
  await failing?.close();
});

const api = () => t.client();
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString().replace('.000Z', 'Z');
const newClock = async (name: string, projectId = PROJECT) => dataOf(await api().createTestClock(projectId, { frozen_time: T0, name }));
const advance = async (clockId: string, to: string, projectId = PROJECT) => {
  const answer = await api().advanceTestClock(projectId, clockId, { frozen_time: to }, { wait: true });
  expect([answer.status, answer.ok && answer.data.status]).toEqual([200, 'ready']);
  return answer.ok ? answer.data : undefined;
};
const webhook = (r: Received) => new Webhook(SECRET).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, Record<string, unknown>> };
const jsonHooks = (receiver: HttpReceiver, projectId: number) => receiver.received.filter((r) => r.path === `/hooks/${projectId}`).map(webhook);

// The subscription service, signed as its spec says.
const compact = (d = new Date()) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
const xml = new XMLParser({ parseTagValue: false });
async function subscriptionCall(method: string, elements: string, projectId = PROJECT) {
  const now = compact();
  const signature = createHmac('sha256', SUBS_SECRET).update(`${projectId}${now}`).digest('hex');
  const body = `<?xml version="1.0" encoding="utf-8"?><Request><SubscriptionProjectID>${projectId}</SubscriptionProjectID><Now>${now}</Now><Signature>${signature}</Signature>${elements}</Request>`;
  const res = await fetch(`${t.kassa.urls.subs}/Http/Services/${method}.aspx`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body });
  const text = await res.text();
  if (schema) recordExchange(schema, method, body, text);
  return (xml.parse(text) as { Response: Record<string, string> }).Response;
}
const notifications = (subscriptionId: string) =>
  hooks.received
    .filter((r) => r.path === `/subs/${PROJECT}`)
    .map((r) => (xml.parse(r.body) as { SubscriptionStatusNotification: Record<string, string> }).SubscriptionStatusNotification)
    .filter((n) => n['SubscriptionID'] === subscriptionId);

describe('test clocks', () => {
  it('a year of a 30-day subscription in one advance: twelve charges and notifications in order, each with its PaidUntil; then test_clock.ready', async () => {
    const clock = await newClock('renewals');
    const created = await subscriptionCall(
      'CreateSubscription',
      `<Subscriber_MSISDN>${fresh().msisdn}</Subscriber_MSISDN><TestInfo><MaxIterations>100</MaxIterations><TestClockID>${clock.test_clock_id}</TestClockID></TestInfo>`,
    );
    const subscriptionId = created['SubscriptionID'] as string;
    expect(created['StatusName']).toBe('REQUEST_ACCEPTED');
    expect((await subscriptionCall('ApproveSubscription', `<SubscriptionID>${subscriptionId}</SubscriptionID><PinCode>1234</PinCode>`))['StatusName']).toBe('REQUEST_ACCEPTED');
    // Active at the clock's time: its first charge is due 30 days later, in the clock's time, not before.
    const ready = await advance(clock.test_clock_id, at(365 * DAY));
    expect(ready?.frozen_time).toBe(at(365 * DAY));
    const charges = await eventually(
      async () => notifications(subscriptionId).filter((n) => n['EventType'] === 'CHARGE'),
      (found) => found.length >= 12,
      10_000,
    );
    expect(charges).toHaveLength(12);
    expect(charges.map((n) => n['BillingResult'])).toEqual(Array(12).fill('Success'));
    // Charge k at T0 + 30k days pays until T0 + 30(k+1) days; the notification's Now is its own time.
    expect(charges.map((n) => Date.parse(n['PaidUntil'] as string))).toEqual(Array.from({ length: 12 }, (_, k) => Date.parse(T0) + (k + 2) * 30 * DAY));
    expect(charges.map((n) => n['Now'])).toEqual(Array.from({ length: 12 }, (_, k) => compact(new Date(Date.parse(T0) + (k + 1) * 30 * DAY))));
    const status = await subscriptionCall('GetSubscriptionStatus', `<SubscriptionID>${subscriptionId}</SubscriptionID>`);
    expect(Date.parse(status['PaidUntil'] as string)).toBe(Date.parse(T0) + 13 * 30 * DAY);
    const readyHooks = await eventually(
      async () => jsonHooks(hooks, PROJECT).filter((h) => h.type === 'test_clock.ready' && h.data['test_clock']?.['test_clock_id'] === clock.test_clock_id),
      (found) => found.length === 1,
    );
    expect(readyHooks[0]?.data['test_clock']).toEqual({ test_clock_id: clock.test_clock_id, name: 'renewals', frozen_time: at(365 * DAY), status: 'ready' });
  }, 60_000);

  it('an advance expires a contract (contract.closed delivered, in the clock time) and a pending subscription (ApprovingFailed)', async () => {
    const clock = await newClock('expiry');
    const on = { test_info: { test_clock_id: clock.test_clock_id } };
    const contract = dataOf(await api().createContract(PROJECT, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: fresh().msisdn }, merchant_contract_id: fresh().mcid, ...on }));
    expect(contract.expires_at).toBe(at(365 * DAY));
    await api().authorizeContract(PROJECT, contract.contract_id, { client_ip: ip, pin_code: '1234' });
    const pending = await subscriptionCall('CreateSubscription', `<Subscriber_MSISDN>${fresh().msisdn}</Subscriber_MSISDN><TestInfo><TestClockID>${clock.test_clock_id}</TestClockID></TestInfo>`);
    const subscriptionId = pending['SubscriptionID'] as string;
    // Four hours: the 3-hour approval window is over; the contract lives on.
    await advance(clock.test_clock_id, at(4 * 3_600_000));
    expect((await subscriptionCall('GetSubscriptionStatus', `<SubscriptionID>${subscriptionId}</SubscriptionID>`))['SubscriptionStatus']).toBe('ApprovingFailed');
    await eventually(
      async () => notifications(subscriptionId).map((n) => n['EventType']),
      (types) => types.includes('APPROVING_FAILED'),
    );
    expect(jsonHooks(hooks, PROJECT).filter((h) => h.type === 'contract.closed' && h.data['contract']?.['contract_id'] === contract.contract_id)).toEqual([]);
    // A year and a day: the contract expired at its expires_at.
    await advance(clock.test_clock_id, at(366 * DAY));
    const closed = await eventually(
      async () => jsonHooks(hooks, PROJECT).filter((h) => h.type === 'contract.closed' && h.data['contract']?.['contract_id'] === contract.contract_id),
      (found) => found.length === 1,
    );
    expect(closed[0]?.data['reason']).toBe('expired');
    const events = dataOf(await api().listEvents(PROJECT, { type: 'contract.closed' })).events.filter(
      (e) => (e.data as { contract?: { contract_id?: string } }).contract?.contract_id === contract.contract_id,
    );
    expect(events.map((e) => e.occurred_at)).toEqual([at(365 * DAY)]);
  }, 60_000);

  it('a webhook to a failing receiver walks its whole retry schedule in one advance, each attempt at its own time, and ends dead: a few are sent, the rest recorded as not sent; a redelivery sends it again', async () => {
    const clock = await newClock('retries', FAILING);
    const contract = dataOf(
      await api().createContract(FAILING, {
        client_ip: ip,
        customer: { type: 'mobile_phone', msisdn: fresh().msisdn },
        merchant_contract_id: fresh().mcid,
        test_info: { test_clock_id: clock.test_clock_id },
      }),
    );
    await api().authorizeContract(FAILING, contract.contract_id, { client_ip: ip, pin_code: '1234' });
    const eventId = (
      await eventually(
        async () => dataOf(await api().listEvents(FAILING, { type: 'contract.authorized' })).items,
        (events) => events.length > 0,
      )
    )[0]?.id as string;
    // The first attempt goes while the clock stands still (a job of its own, at the clock's now, in
    // real time): waited for, so that it is not recorded while the advance below walks past its
    // retry's time (under a loaded full run, the retry was then found 45 s of clock time late).
    await eventually(
      async () => dataOf(await api().listWebhookDeliveries(FAILING, { eventId })).items,
      (items) => (items[0]?.attempts.length ?? 0) >= 1,
    );
    await advance(clock.test_clock_id, at(4 * DAY), FAILING);
    const [delivery] = dataOf(await api().listWebhookDeliveries(FAILING, { eventId })).items;
    expect(delivery?.status).toBe('dead');
    expect(delivery?.attempts).toHaveLength(10);
    // During the advance, three failures in a row rest the endpoint, and the rest of the schedule is recorded, not sent.
    const sent = (delivery?.attempts ?? []).filter((a) => a.sent);
    expect([3, 4]).toContain(sent.length);
    expect((delivery?.attempts ?? []).map((a) => a.sent)).toEqual([...Array(sent.length).fill(true), ...Array(10 - sent.length).fill(false)]);
    expect(sent.every((a) => a.status_code === 500)).toBe(true);
    expect((delivery?.attempts ?? []).filter((a) => !a.sent).every((a) => a.status_code === null && a.error?.startsWith('not sent:'))).toBe(true);
    // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h apart (+ up to 10% jitter), in the clock's time.
    const times = (delivery?.attempts ?? []).map((a) => Date.parse(a.at));
    const gaps = times.slice(1).map((time, i) => (time - (times[i] as number)) / 1000);
    const schedule = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400];
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual((schedule[i] as number) - 1);
      expect(gap).toBeLessThanOrEqual((schedule[i] as number) * 1.1 + 1);
    });
    expect(times[0]).toBe(Date.parse(T0));
    const real = () => failing.received.filter((r) => r.path === `/hooks/${FAILING}` && r.headers['webhook-id'] === eventId).length;
    expect(real()).toBe(sent.length);
    expect((await api().redeliverWebhook(FAILING, delivery?.delivery_id ?? '')).status).toBe(202);
  }, 60_000);

  it('two clocks of one project stay apart: the same client on both, one advanced, the other untouched', async () => {
    const [a, b] = [await newClock('a'), await newClock('b')];
    const client = { type: 'mobile_phone' as const, msisdn: fresh().msisdn };
    const order = (clock: string) => ({ client_ip: ip, customer: client, order: { merchant_order_id: fresh().orderId }, test_info: { test_clock_id: clock } });
    // One active invoice per client: per clock, so both are created.
    const onA = dataOf(await api().createInvoice(PROJECT, order(a.test_clock_id)));
    const onB = dataOf(await api().createInvoice(PROJECT, order(b.test_clock_id)));
    expect(onA.expires_at).toBe(at(DAY));
    await advance(a.test_clock_id, at(2 * DAY));
    expect(dataOf(await api().getInvoice(PROJECT, onA.invoice_id)).status).toBe('Cancelled');
    expect(dataOf(await api().getInvoice(PROJECT, onB.invoice_id)).status).toBe('Created');
    expect(dataOf(await api().getTestClock(PROJECT, b.test_clock_id))).toMatchObject({ frozen_time: T0, status: 'ready' });
    const listed = dataOf(await api().listTestClocks(PROJECT)).items.map((c) => c.test_clock_id);
    expect(listed).toEqual(expect.arrayContaining([a.test_clock_id, b.test_clock_id]));
    // Deleting a clock deletes what lives on it.
    expect((await api().deleteTestClock(PROJECT, b.test_clock_id)).status).toBe(200);
    expect((await api().getInvoice(PROJECT, onB.invoice_id)).status).toBe(404);
    expect((await api().getInvoice(PROJECT, onA.invoice_id)).status).toBe(200);
    expect((await api().getTestClock(PROJECT, b.test_clock_id)).status).toBe(404);
  }, 60_000);

  it('refuses what a clock cannot do: backwards, unknown clocks, malformed times; polling shows advancing then ready', async () => {
    const clock = await newClock('rules');
    const back = await api().advanceTestClock(PROJECT, clock.test_clock_id, { frozen_time: '2026-12-31T00:00:00Z' });
    expect([back.status, !back.ok && back.error.code]).toEqual([400, 'TEST_CLOCK_TIME_INVALID']);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await api().getTestClock(PROJECT, unknown);
    expect([missing.status, !missing.ok && missing.error.code]).toEqual([404, 'TEST_CLOCK_NOT_FOUND']);
    const onMissing = await api().createInvoice(PROJECT, {
      client_ip: ip,
      customer: { type: 'mobile_phone', msisdn: fresh().msisdn },
      order: { merchant_order_id: fresh().orderId },
      test_info: { test_clock_id: unknown },
    });
    expect([onMissing.status, !onMissing.ok && onMissing.error.code]).toEqual([404, 'TEST_CLOCK_NOT_FOUND']);
    for (const frozen_time of ['tomorrow', '2027-13-01T00:00:00Z', '1900-01-01T00:00:00Z', '']) {
      const bad = await api().createTestClock(PROJECT, { frozen_time });
      expect([frozen_time, bad.status, !bad.ok && bad.error.code]).toEqual([frozen_time, 400, 'BAD_REQUEST']);
    }
    const started = await api().advanceTestClock(PROJECT, clock.test_clock_id, { frozen_time: at(DAY) });
    expect([started.status, started.ok && started.data.status]).toEqual([202, 'advancing']);
    const done = await eventually(
      async () => dataOf(await api().getTestClock(PROJECT, clock.test_clock_id)),
      (c) => c.status === 'ready',
    );
    expect(done.frozen_time).toBe(at(DAY));
  }, 30_000);

  it('a project holds at most 100 clocks: the 101st is 400 TEST_CLOCK_LIMIT_EXCEEDED naming the limit; an advancing clock takes no new object (409)', async () => {
    const clocks = [];
    for (let i = 0; i < 100; i += 1) clocks.push(await newClock(`budget-${i}`, BUDGET));
    const refused = await api().createTestClock(BUDGET, { frozen_time: T0 });
    expect([refused.status, !refused.ok && refused.error.code]).toEqual([400, 'TEST_CLOCK_LIMIT_EXCEEDED']);
    expect(!refused.ok && refused.error.message).toContain('at most 100 test clocks (clocksPerProject)');
    const first = clocks[0]?.test_clock_id ?? '';
    await api().createContract(BUDGET, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: fresh().msisdn }, merchant_contract_id: fresh().mcid, test_info: { test_clock_id: first } });
    await api().advanceTestClock(BUDGET, first, { frozen_time: at(400 * DAY) });
    const joining = await api().createInvoice(BUDGET, {
      client_ip: ip,
      customer: { type: 'mobile_phone', msisdn: fresh().msisdn },
      order: { merchant_order_id: fresh().orderId },
      test_info: { test_clock_id: first },
    });
    // Refused while it advances (unless the advance was already done).
    if (!joining.ok) expect([joining.status, joining.error.code]).toEqual([409, 'TEST_CLOCK_ADVANCING']);
    await eventually(
      async () => dataOf(await api().getTestClock(BUDGET, first)),
      (c) => c.status === 'ready',
    );
    expect((await api().deleteTestClock(BUDGET, first)).status).toBe(200);
    expect((await api().createTestClock(BUDGET, { frozen_time: T0 })).status).toBe(201);
  }, 60_000);

  // In memory the advance never waits for I/O: only its turns let the other requests in (MongoDB's runs wait anyway).
  it.skipIf(process.env['KASSA_E2E_STORAGE'] === 'mongo')(
    "an advance yields to others: another project's signed calls keep their p99 within generous bounds of their idle p99",
    async () => {
      const clock = await newClock('busy', FAILING);
      for (let i = 0; i < 20; i += 1) {
        const created = await subscriptionCall(
          'CreateSubscription',
          `<Subscriber_MSISDN>${fresh().msisdn}</Subscriber_MSISDN><TestInfo><BillingPeriodSeconds>86400</BillingPeriodSeconds><MaxIterations>100</MaxIterations><TestClockID>${clock.test_clock_id}</TestClockID></TestInfo>`,
          FAILING,
        );
        await subscriptionCall('ApproveSubscription', `<SubscriptionID>${created['SubscriptionID']}</SubscriptionID><PinCode>1234</PinCode>`, FAILING);
      }
      const invoice = dataOf(await api().createInvoice(BYSTANDER, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: fresh().msisdn }, order: { merchant_order_id: fresh().orderId } }));
      const p99 = async (until: () => boolean, atLeast: number) => {
        const times: number[] = [];
        while (times.length < atLeast || !until()) {
          const started = performance.now();
          expect((await api().getInvoice(BYSTANDER, invoice.invoice_id)).status).toBe(200);
          times.push(performance.now() - started);
        }
        return times.sort((a, b) => a - b)[Math.floor(times.length * 0.99)] as number;
      };
      const idle = await p99(() => true, 200);
      let ready = false;
      await api().advanceTestClock(FAILING, clock.test_clock_id, { frozen_time: at(100 * DAY) });
      const waiting = eventually(
        async () => dataOf(await api().getTestClock(FAILING, clock.test_clock_id)),
        (c) => c.status === 'ready',
        60_000,
      ).then(() => {
        ready = true;
      });
      const during = await p99(() => ready, 100);
      await waiting;
      // The benchmark holds it within 3x (npm run bench, test-clock-probe); a test on a shared machine,
      // 10x and 900 ms: without turns it was 1,465 ms, and beside the whole suite 340 ms came once.
      expect(during).toBeLessThanOrEqual(Math.max(10 * idle, 900));
    },
    90_000,
  );

  it('does not exist in production (404)', async () => {
    const production = await startTestKassa(PRODUCTION);
    try {
      const refused = await production.client().createTestClock(1, { frozen_time: T0 });
      expect([refused.status, !refused.ok && refused.error.code]).toEqual([404, 'NOT_FOUND']);
    } finally {
      await production.stop();
    }
  }, 20_000);
});
