import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceData, KassaClient } from '@kassa-payments/merchant-client';
import { DEPRECATED_SINCE } from '@kassa-payments/protocol';
import { dataOf, eventually, FLAGGED, fresh, OTHER, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

let t: TestKassa;
let api: KassaClient;
beforeAll(async () => {
  t = await startTestKassa();
  api = t.client();
});
afterAll(() => t.stop());

const ip = '203.0.113.7';
const dcb = (msisdn: string, orderId: string, extra: Record<string, unknown> = {}) => ({
  client_ip: ip,
  customer: { type: 'mobile_phone' as const, msisdn },
  order: { merchant_order_id: orderId, price: { amount: '25.50', currency: 'RUB' } },
  ...extra,
});
const card = (orderId: string) => ({
  client_ip: ip,
  customer: { type: 'undefined_bank_card' as const, source: 'shop', country: 'RU', merchant_customer_id: `cust-${orderId}` },
  order: { merchant_order_id: orderId, price: { amount: '99.99', currency: 'RUB' } },
});
const get = (id: string) => api.getInvoice(P.main, id);
const until = (id: string, done: (i: InvoiceData) => boolean) => eventually(async () => dataOf(await get(id)), done);

async function activeContract(msisdn: string, mcid: string) {
  const c = dataOf(await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn }, merchant_contract_id: mcid }));
  dataOf(await api.authorizeContract(P.main, c.contract_id, { client_ip: ip, pin_code: '1234' }));
  return c;
}

describe('invoices over HTTP (every row of the invoice table)', () => {
  it('SMS_PIN: 201 Created/NOT_PAID -> wrong PIN 422 -> PIN 1234 Authorize -> charged: Processed/PAID, transaction SUCCESS 0', async () => {
    const { msisdn, orderId } = fresh();
    const created = await api.createInvoice(P.main, dcb(msisdn, orderId));
    expect(created.status).toBe(201);
    const i = dataOf(created);
    expect(i).toMatchObject({
      status: 'Created',
      payment_status: 'NOT_PAID',
      authorization: { type: 'SMS_PIN', is_authorized: false },
      price: { amount: '25.50', currency: 'RUB' },
      merchant_order_id: orderId,
      billing_channel: 'MC',
      customer: { msisdn, network: { id: 1 }, operator: { id: 22 } },
      transactions: [],
    });
    expect(i.authorization).not.toHaveProperty('url');
    const wrong = await api.authorizeInvoice(P.main, i.invoice_id, { client_ip: ip, pin_code: '9999' });
    expect([wrong.status, !wrong.ok && wrong.error.code, !wrong.ok && wrong.error.details]).toEqual([422, 'INVOICE_NOT_AUTHORIZED', { attempts_left: 2 }]);
    const ok = await api.authorizeInvoice(P.main, i.invoice_id, { client_ip: ip, pin_code: '1234' });
    expect([ok.status, ok.ok && ok.data]).toEqual([200, { invoice_id: i.invoice_id, status: 'Authorize' }]);
    const paid = await until(i.invoice_id, (x) => x.payment_status === 'PAID');
    expect(paid).toMatchObject({ status: 'Processed', payment_status: 'PAID', authorization: { is_authorized: true } });
    expect(paid.transactions).toMatchObject([
      { status: 'SUCCESS', result_code: 0, sequence_number: 1, price: { amount: '25.50' }, total_paid: { amount: '25.50' }, total_remaining: { amount: '0.00' } },
    ]);
  });

  it('three wrong PINs: INVOICE_AUTH_ATTEMPTS_EXCEEDED, even for the right PIN', async () => {
    const { msisdn, orderId } = fresh();
    const i = dataOf(await api.createInvoice(P.main, dcb(msisdn, orderId)));
    const codes = [];
    for (const pin of ['1', '2', '3', '1234']) {
      const r = await api.authorizeInvoice(P.main, i.invoice_id, { client_ip: ip, pin_code: pin });
      codes.push(`${r.status} ${!r.ok && r.error.code}`);
    }
    expect(codes).toEqual(['422 INVOICE_NOT_AUTHORIZED', '422 INVOICE_NOT_AUTHORIZED', '422 INVOICE_AUTH_ATTEMPTS_EXCEEDED', '422 INVOICE_AUTH_ATTEMPTS_EXCEEDED']);
    expect(dataOf(await get(i.invoice_id)).status).toBe('Created');
  });

  it('under an active contract: BY_CONTRACT, is_authorized, the contract block; charged after creation', async () => {
    const { msisdn, orderId, mcid } = fresh();
    const c = await activeContract(msisdn, mcid);
    const i = dataOf(await api.createInvoice(P.main, dcb(msisdn, orderId, { contract: { merchant_contract_id: mcid } })));
    expect(i.authorization).toEqual({ type: 'BY_CONTRACT', is_authorized: true });
    expect(i.contract).toEqual({ contract_id: c.contract_id, authorization_type: 'SMS_PIN', expires_at: c.expires_at, merchant_contract_id: mcid });
    expect((await until(i.invoice_id, (x) => x.status === 'Processed')).payment_status).toBe('PAID');
  });

  it('FailedSequencePayment: transaction FAILED with result_code 210, invoice not paid', async () => {
    const { msisdn, orderId, mcid } = fresh();
    await activeContract(msisdn, mcid);
    const i = dataOf(await api.createInvoice(P.main, dcb(msisdn, orderId, { contract: { merchant_contract_id: mcid }, test_info: { expected_billing_result: 'FailedSequencePayment' } })));
    const failed = await until(i.invoice_id, (x) => x.transactions.length > 0);
    expect(failed).toMatchObject({ status: 'Created', payment_status: 'NOT_PAID', transactions: [{ status: 'FAILED', result_code: 210 }] });
  });

  it('one active invoice per client: 409 INVOICE_ALREADY_EXISTS with details.invoice_id; cancel frees it', async () => {
    const { msisdn, orderId } = fresh();
    const first = dataOf(await api.createInvoice(P.main, dcb(msisdn, orderId)));
    const second = await api.createInvoice(P.main, dcb(msisdn, `${orderId}-b`));
    expect([second.status, !second.ok && second.error.code, !second.ok && second.error.details]).toEqual([409, 'INVOICE_ALREADY_EXISTS', { invoice_id: first.invoice_id }]);
    const cancelled = await api.cancelInvoice(P.main, first.invoice_id, { client_ip: ip });
    expect([cancelled.status, cancelled.ok && cancelled.data]).toEqual([200, { invoice_id: first.invoice_id, status: 'Cancelled' }]);
    expect((await api.createInvoice(P.main, dcb(msisdn, `${orderId}-c`))).status).toBe(201);
  });

  it('refund: 422 INVOICE_NOT_PAID before payment; 202 processing after, completed asynchronously', async () => {
    const { msisdn, orderId } = fresh();
    const i = dataOf(await api.createInvoice(P.main, dcb(msisdn, orderId)));
    const early = await api.refundInvoice(P.main, i.invoice_id, { client_ip: ip });
    expect([early.status, !early.ok && early.error.code]).toEqual([422, 'INVOICE_NOT_PAID']);
    await api.authorizeInvoice(P.main, i.invoice_id, { client_ip: ip, pin_code: '1234' });
    await until(i.invoice_id, (x) => x.payment_status === 'PAID');
    const refund = await api.refundInvoice(P.main, i.invoice_id, { client_ip: ip });
    expect([refund.status, refund.ok && refund.data]).toEqual([202, { invoice_id: i.invoice_id, refund_status: 'processing' }]);
    expect((await until(i.invoice_id, (x) => x.refund_status === 'completed')).status).toBe('Processed');
  });

  it('lookups: GET unknown is 404 INVOICE_NOT_FOUND; by merchant_order_id masks the msisdn; another project sees nothing', async () => {
    const missing = await get('00000000-0000-4000-8000-00000000dead');
    expect([missing.status, !missing.ok && missing.error.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const { msisdn, orderId } = fresh();
    const i = dataOf(await api.createInvoice(P.main, dcb(msisdn, orderId)));
    const found = dataOf(await api.findInvoiceByOrderId(P.main, orderId));
    expect(found.invoice_id).toBe(i.invoice_id);
    expect(found.customer.msisdn).toBe(`${msisdn.slice(0, 4)}****${msisdn.slice(-3)}`);
    expect((await api.findInvoiceByOrderId(P.noIp, orderId)).status).toBe(404);
    expect((await api.getInvoice(P.noIp, i.invoice_id)).status).toBe(404);
    const foreign = await t.client(OTHER).getInvoice(P.other, i.invoice_id);
    expect([foreign.status, !foreign.ok && foreign.error.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
  });

  it('the default price comes from the project; a project without one needs order.price', async () => {
    const { msisdn, orderId } = fresh();
    const body = { client_ip: ip, customer: { type: 'mobile_phone' as const, msisdn }, order: { merchant_order_id: orderId } };
    expect(dataOf(await api.createInvoice(P.main, body)).price).toEqual({ amount: '10.00', currency: 'RUB', vat_included: false });
    const none = await api.createInvoice(P.noPrice, body);
    expect([none.status, !none.ok && none.error.code]).toEqual([400, 'BAD_REQUEST']);
  });

  it('card: AUTH_PAGE with an absolute url on the widget host and a 2-hour JWT; the url takes method parameters', async () => {
    const { orderId } = fresh();
    const i = dataOf(await api.createInvoice(P.main, card(orderId)));
    expect(i.authorization).toMatchObject({ type: 'AUTH_PAGE', is_authorized: false });
    const url = new URL(i.authorization.url ?? '');
    expect(url.origin).toBe(t.kassa.urls.widget.replace('127.0.0.1', 'localhost'));
    const [, payload] = (i.authorization.token ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { exp: number; iat: number; sub: string };
    expect([claims.exp - claims.iat, claims.sub]).toEqual([7200, i.invoice_id]);
    const local = (u: string) => u.replace('localhost', '127.0.0.1');
    for (const suffix of ['', '&useSbp=true', '&payType=sberpay&deviceType=Desktop', '&payType=tpay&deviceType=Mobile']) {
      const page = await fetch(local(`${i.authorization.url}${suffix}`));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(i.invoice_id);
    }
    const forged = new URL(local(i.authorization.url ?? ''));
    forged.searchParams.set('t', `${i.authorization.token}x`);
    expect((await fetch(forged)).status).toBe(401);
    expect(i.customer).toEqual({ type: 'undefined_bank_card', source: 'shop', merchant_customer_id: `cust-${orderId}`, country: 'RU' });
  });

  it('card with a contract block: 400 BAD_REQUEST, nothing created', async () => {
    const { orderId } = fresh();
    const r = await api.createInvoice(P.main, { ...card(orderId), contract: { merchant_contract_id: 'x' } });
    expect([r.status, !r.ok && r.error.code]).toEqual([400, 'BAD_REQUEST']);
    // An empty block too: the rule (the domain's) is about the block, not its id.
    const empty = await api.createInvoice(P.main, { ...card(orderId), contract: {} });
    expect([empty.status, !empty.ok && empty.error.code]).toEqual([400, 'BAD_REQUEST']);
    expect((await api.findInvoiceByOrderId(P.main, orderId)).status).toBe(404);
  });

  it('deprecated: bank_card without card data is undefined_bank_card; payment_method has no effect; unknown payment_method is 422', async () => {
    const { orderId } = fresh();
    const alias = await api.createInvoice(P.main, { ...card(orderId), customer: { ...card(orderId).customer, type: 'bank_card' } });
    expect([alias.status, alias.ok && alias.data.authorization.type, alias.headers.get('deprecation')]).toEqual([201, 'AUTH_PAGE', DEPRECATED_SINCE]);
    const m = fresh();
    const withMethod = await api.createInvoice(P.main, { ...card(m.orderId), payment_method: 'sbp' });
    expect([withMethod.status, withMethod.ok && withMethod.data.authorization.type]).toEqual([201, 'AUTH_PAGE']);
    const n = fresh();
    const unknown = await api.createInvoice(P.main, { ...card(n.orderId), payment_method: 'bitcoin' });
    expect([unknown.status, !unknown.ok && unknown.error.code]).toEqual([422, 'INVALID_PAYMENT_METHOD']);
  });

  it('test_info.callback_url needs the partner flag: 400 TEST_CALLBACK_URL_FORBIDDEN', async () => {
    const { msisdn, orderId } = fresh();
    const r = await api.createInvoice(P.main, dcb(msisdn, orderId, { test_info: { callback_url: 'http://127.0.0.1:9/cb' } }));
    expect([r.status, !r.ok && r.error.code]).toEqual([400, 'TEST_CALLBACK_URL_FORBIDDEN']);
    const flagged = t.client(FLAGGED);
    expect((await flagged.createInvoice(P.flagged, dcb(msisdn, orderId, { test_info: { callback_url: 'http://127.0.0.1:9/cb' } }))).status).toBe(201);
    for (const callback_url of ['data:,ok', 'file:///etc/passwd', 'ftp://shop.example/cb']) {
      const refused = await flagged.createInvoice(P.flagged, dcb(msisdn, `${orderId}-x`, { test_info: { callback_url } }));
      expect([refused.status, !refused.ok && refused.error.code]).toEqual([400, 'BAD_REQUEST']);
    }
  });

  it('test environment: a misplaced merchant_contract_id is ignored (201), not validated', async () => {
    const { msisdn, orderId } = fresh();
    const r = await api.createInvoice(P.main, { ...dcb(msisdn, orderId), merchant_contract_id: 'misplaced' } as never);
    expect([r.status, r.ok && r.data.authorization.type]).toEqual([201, 'SMS_PIN']);
  });
});
