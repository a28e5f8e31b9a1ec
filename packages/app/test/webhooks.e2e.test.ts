import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, eventually, FLAGGED, fresh, MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// Events reach a real HTTP receiver, signed per Standard Webhooks, verified with the unmodified
// `standardwebhooks` library, on the storage of this run (in memory, or MongoDB in e2e-mongo).
const LEGACY = 8;
const SECRET = `whsec_${Buffer.from('kassa-webhook-secret-0123456789').toString('base64')}`;

interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

let receiver: Server;
let base: string;
const received: Received[] = [];
let t: TestKassa;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const project = (id: number, extra: Record<string, unknown> = {}) => ({ id, defaultPrice: { amount: '10.00', currency: 'RUB' }, webhookUrl: `${base}/hooks/${id}`, webhookSecret: SECRET, ...extra });
  t = await startTestKassa(
    {},
    {
      seed: {
        partners: [
          { login: MERCHANT.login, password: MERCHANT.password, projects: [project(P.main), project(LEGACY, { webhookFormat: 'legacy', clientIpRequired: false })] },
          { login: FLAGGED.login, password: FLAGGED.password, testCallbackAllowed: true, projects: [project(P.flagged)] },
        ],
      },
    },
  );
});
afterAll(async () => {
  await t.stop();
  await new Promise<void>((r) => receiver.close(() => r()));
});

const ip = '203.0.113.7';
const verified = (r: Received) => new Webhook(SECRET).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
const waitFor = (predicate: (r: Received) => boolean, count = 1) =>
  eventually(
    async () => received.filter(predicate),
    (found) => found.length >= count,
    5_000,
  );

describe('webhooks', () => {
  it("contract.authorized and contract.closed reach the project's webhook URL, verified by standardwebhooks", async () => {
    const api = t.client();
    const f = fresh();
    const contract = dataOf(await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
    await api.authorizeContract(P.main, contract.contract_id, { client_ip: ip, pin_code: '1234' });
    await api.cancelContract(P.main, contract.contract_id, { client_ip: ip });
    const mine = (r: Received) => r.body.includes(contract.contract_id);
    const [authorized, closed] = (await waitFor(mine, 2)).sort((a, b) => a.body.localeCompare(b.body));
    expect(authorized?.path).toBe(`/hooks/${P.main}`);
    expect(verified(authorized as Received)).toEqual({
      type: 'contract.authorized',
      data: { customer: { type: 'mobile_phone', msisdn: f.msisdn }, contract: { contract_id: contract.contract_id, merchant_contract_id: f.mcid } },
    });
    expect(verified(closed as Received)).toMatchObject({ type: 'contract.closed', data: { reason: 'cancelled' } });
    expect(authorized?.headers['content-type']).toBe('application/json');
  });

  it('payment.updated and refund.completed; the test callback URL is told too (flagged partner)', async () => {
    const api = t.client();
    const f = fresh();
    const invoice = dataOf(await api.createInvoice(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } }));
    await api.authorizeInvoice(P.main, invoice.invoice_id, { client_ip: ip, pin_code: '1234' });
    await api.waitForInvoice(P.main, invoice.invoice_id, (i) => i.payment_status === 'PAID', { intervalMs: 20, timeoutMs: 5_000 });
    await api.refundInvoice(P.main, invoice.invoice_id, { client_ip: ip });
    const events = (await waitFor((r) => r.body.includes(invoice.invoice_id), 2)).map(verified);
    expect(events.map((e) => e.type).sort()).toEqual(['payment.updated', 'refund.completed']);
    expect(events.find((e) => e.type === 'payment.updated')?.data).toMatchObject({
      invoice: { invoice_id: invoice.invoice_id, status: 'Processed', payment_status: 'PAID' },
      transaction: { status: 'SUCCESS' },
    });

    const flagged = t.client({ login: FLAGGED.login, password: FLAGGED.password });
    const g = fresh();
    const tested = dataOf(
      await flagged.createInvoice(P.flagged, {
        client_ip: ip,
        customer: { type: 'mobile_phone', msisdn: g.msisdn },
        order: { merchant_order_id: g.orderId },
        test_info: { callback_url: `${base}/callback` },
      }),
    );
    await flagged.authorizeInvoice(P.flagged, tested.invoice_id, { client_ip: ip, pin_code: '1234' });
    const both = await waitFor((r) => r.body.includes(tested.invoice_id), 2);
    expect(both.map((r) => r.path).sort()).toEqual(['/callback', `/hooks/${P.flagged}`]);
    const [first, second] = both;
    expect(first?.headers['webhook-id']).toBe(second?.headers['webhook-id']);
    for (const r of both) expect(verified(r).type).toBe('payment.updated');
  });

  it('a project with webhookFormat "legacy" gets payment notifications in the legacy envelope, billing_result included (test environment)', async () => {
    const api = t.client();
    const f = fresh();
    const invoice = dataOf(
      await api.createInvoice(LEGACY, {
        customer: { type: 'mobile_phone', msisdn: f.msisdn },
        order: { merchant_order_id: f.orderId },
        test_info: { expected_billing_result: 'FailedSequencePayment' },
      }),
    );
    await api.authorizeInvoice(LEGACY, invoice.invoice_id, { pin_code: '1234' });
    const [got] = await waitFor((r) => r.body.includes(invoice.invoice_id));
    expect(verified(got as Received)).toMatchObject({
      event: 'payment.updated',
      invoice_id: invoice.invoice_id,
      merchant_order_id: f.orderId,
      status: 'Authorize',
      payment_status: 'NOT_PAID',
      transaction_status: 'FAILED',
      result_code: 210,
      amount: '10.00',
      currency: 'RUB',
      billing_result: 'FailedSequencePayment',
    });
  });

  it('the merchant API lists the events and the deliveries with their attempts, and redelivers one (same webhook-id)', async () => {
    const api = t.client();
    const f = fresh();
    const contract = dataOf(await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
    await api.authorizeContract(P.main, contract.contract_id, { client_ip: ip, pin_code: '1234' });
    await waitFor((r) => r.body.includes(contract.contract_id));
    const events = dataOf(await api.listEvents(P.main, { type: 'contract.authorized', limit: 100 }));
    const event = events.items.find((e) => JSON.stringify(e.data).includes(contract.contract_id));
    expect(event).toMatchObject({ type: 'contract.authorized', data: { contract: { contract_id: contract.contract_id } } });
    const page = dataOf(await api.listEvents(P.main, { limit: 1 }));
    expect(page.items).toHaveLength(1);
    const older = dataOf(await api.listEvents(P.main, { limit: 1, ...(page.next_cursor ? { cursor: page.next_cursor } : {}) }));
    expect(older.items[0]?.id).not.toBe(page.items[0]?.id);

    const found = await eventually(
      async () => dataOf(await api.listWebhookDeliveries(P.main, { eventId: event?.id ?? '' })),
      (d) => d.items[0]?.status === 'succeeded',
      5_000,
    );
    const [delivery] = found.items;
    expect(delivery).toMatchObject({ event_id: event?.id, event_type: 'contract.authorized', url: `${base}/hooks/${P.main}`, status: 'succeeded', next_attempt_at: null });
    expect(delivery?.attempts).toMatchObject([{ status_code: 204, error: null }]);
    expect(dataOf(await api.listWebhookDeliveries(P.main, { status: 'dead' })).items.every((d) => d.status === 'dead')).toBe(true);

    const before = received.length;
    const again = await api.redeliverWebhook(P.main, delivery?.delivery_id ?? '');
    expect([again.status, again.ok && again.data.status]).toEqual([202, 'pending']);
    const [redelivered] = (
      await eventually(
        async () => received.slice(before),
        (r) => r.length >= 1,
        5_000,
      )
    ).filter((r) => r.body.includes(contract.contract_id));
    expect(redelivered?.headers['webhook-id']).toBe(event?.id);
    expect(verified(redelivered as Received).type).toBe('contract.authorized');
    expect((await api.redeliverWebhook(P.main, 'no-such-delivery')).status).toBe(404);
    expect((await api.listEvents(P.main, { cursor: 'garbage' })).status).toBe(400);
    expect((await api.listEvents(P.main, { after: 'garbage' })).status).toBe(400);
  });

  it('the deliveries live at snake_case paths; the hyphenated ones of before still answer, saying they are deprecated', async () => {
    const api = t.client();
    const current = await api.listWebhookDeliveries(P.main, { status: 'dead' });
    expect([current.status, current.headers.get('deprecation')]).toEqual([200, null]);
    const former = `/api/v3/projects/${P.main}/webhook-deliveries`;
    const old = await api.send<{ deliveries: unknown[] }>({ method: 'GET', path: `${former}?status=dead`, operation: 'listWebhookDeliveries', query: { status: 'dead' } });
    expect([old.status, old.headers.get('deprecation'), old.headers.get('link')]).toEqual([
      200,
      '@1795651200',
      `<${former.replace('webhook-deliveries', 'webhook_deliveries')}>; rel="successor-version"`,
    ]);
    expect(dataOf(old)).toEqual(dataOf(current));
    const redeliver = await api.send({ method: 'POST', path: `${former}/no-such-delivery/redeliver`, operation: 'redeliverWebhook', pathId: 'no-such-delivery' });
    expect([redeliver.status, redeliver.headers.get('deprecation')]).toEqual([404, '@1795651200']);
    // The document marks them so, beside the paths that replace them.
    const document = (await (await fetch(`${t.kassa.urls.api}/api/v3/openapi.json`)).json()) as { paths: Record<string, Record<string, { deprecated?: boolean; operationId: string }>> };
    expect(document.paths['/api/v3/projects/{projectId}/webhook-deliveries']?.['get']).toMatchObject({ deprecated: true, operationId: 'listWebhookDeliveriesDeprecated' });
    expect(document.paths['/api/v3/projects/{projectId}/webhook_deliveries']?.['get']?.deprecated).toBeUndefined();
  });

  it('a forged or stale delivery fails verification (the library would refuse it)', async () => {
    const [any] = received;
    if (!any) throw new Error('nothing received yet');
    expect(() => new Webhook(SECRET).verify(`${any.body} `, any.headers as Record<string, string>)).toThrow();
    const wrongKey = `whsec_${Buffer.from('another-secret-0000000000000000').toString('base64')}`;
    expect(() => new Webhook(wrongKey).verify(any.body, any.headers as Record<string, string>)).toThrow();
  });
});
