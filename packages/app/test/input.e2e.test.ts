import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KassaClient } from '@kassa-payments/merchant-client';
import { dataOf, fresh, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

let t: TestKassa;
let api: KassaClient;
beforeAll(async () => {
  t = await startTestKassa();
  api = t.client();
});
afterAll(() => t.stop());

const ip = '203.0.113.7';
const x = (n: number) => 'x'.repeat(n);
const codeOf = (r: { status: number; ok: boolean; error?: { code: string } }) => `${r.status} ${r.ok ? 'ok' : r.error?.code}`;
const invoicePath = `/api/v3/projects/${P.main}/invoices`;
const rawInvoice = (rawBody: string, headers: Record<string, string | undefined> = {}) => api.send({ method: 'POST', path: invoicePath, operation: 'createInvoice', rawBody, headers });

describe('limits: max accepted, max+1 is 400 BAD_REQUEST naming the field', () => {
  const dcb = () => {
    const f = fresh();
    return { client_ip: ip, customer: { type: 'mobile_phone' as const, msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } };
  };
  const cardBody = (source: string, merchantCustomerId: string, orderId: string) => ({
    client_ip: ip,
    customer: { type: 'undefined_bank_card' as const, source, country: 'RU', merchant_customer_id: merchantCustomerId },
    order: { merchant_order_id: orderId },
  });
  const cases: [string, (n: number) => Parameters<KassaClient['createInvoice']>[1], number][] = [
    ['order.merchant_order_id', (n) => ({ ...dcb(), order: { merchant_order_id: `${fresh().orderId}${x(38)}`.slice(0, n) } }), 38],
    ['contract.merchant_contract_id', (n) => ({ ...dcb(), contract: { merchant_contract_id: x(n), create_if_not_exists: true } }), 64],
    ['customer.source', (n) => cardBody(x(n), fresh().mcid, fresh().orderId), 64],
    ['customer.merchant_customer_id', (n) => cardBody('s', `${fresh().mcid}${x(128)}`.slice(0, n), fresh().orderId), 128],
    ['application.name', (n) => ({ ...dcb(), application: { name: x(n) } }), 256],
    ['product.name', (n) => ({ ...dcb(), product: { name: x(n) } }), 256],
  ];
  it.each(cases)('%s', async (field, body, max) => {
    expect(codeOf(await api.createInvoice(P.main, body(max)))).toBe('201 ok');
    const over = await api.createInvoice(P.main, body(max + 1));
    expect(codeOf(over)).toBe('400 BAD_REQUEST');
    expect(!over.ok && over.error.message).toContain(field);
  });

  it('merchant_contract_id of POST /contracts: 64, and 65 refused', async () => {
    const ok = await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: fresh().msisdn }, merchant_contract_id: x(64) });
    expect(codeOf(ok)).toBe('201 ok');
    const over = await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: fresh().msisdn }, merchant_contract_id: x(65) });
    expect([codeOf(over), !over.ok && over.error.message]).toEqual(['400 BAD_REQUEST', expect.stringContaining('merchant_contract_id')]);
  });

  it('pin_code: 16 characters are a (wrong) PIN, 17 are BAD_REQUEST', async () => {
    const f = fresh();
    const c = dataOf(await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
    expect(codeOf(await api.authorizeContract(P.main, c.contract_id, { client_ip: ip, pin_code: x(16) }))).toBe('422 CONTRACT_NOT_AUTHORIZED');
    const over = await api.authorizeContract(P.main, c.contract_id, { client_ip: ip, pin_code: x(17) });
    expect([codeOf(over), !over.ok && over.error.message]).toEqual(['400 BAD_REQUEST', expect.stringContaining('pin_code')]);
  });
});

describe('bad input: the envelope, never a 500, nothing created', () => {
  it.each([
    ['an array', '[1,2]'],
    ['a string', '"invoice"'],
    ['null', 'null'],
    ['a number', '42'],
    ['malformed JSON', '{"order": '],
    ['JSON with a trailing comma', '{"a":1,}'],
  ])('a body that is %s is 400 BAD_REQUEST', async (_name, raw) => {
    const r = await rawInvoice(raw);
    expect(codeOf(r)).toBe('400 BAD_REQUEST');
  });

  it('a wrong Content-Type is 400; an oversize body 413, both in the envelope', async () => {
    expect(codeOf(await rawInvoice('{}', { 'Content-Type': 'text/plain' }))).toBe('400 BAD_REQUEST');
    expect(codeOf(await rawInvoice('<xml/>', { 'Content-Type': 'application/xml' }))).toBe('400 BAD_REQUEST');
    const big = JSON.stringify({ order: { description: x(200_000) } });
    expect(codeOf(await rawInvoice(big))).toBe('413 BAD_REQUEST');
  });

  it('wrong types and shapes name the field', async () => {
    const f = fresh();
    const bodies: [unknown, string][] = [
      [{ client_ip: ip, order: { merchant_order_id: f.orderId } }, 'customer'],
      [{ client_ip: ip, customer: { type: 'pigeon' }, order: { merchant_order_id: f.orderId } }, 'customer.type'],
      [{ client_ip: ip, customer: { type: 'mobile_phone' }, order: { merchant_order_id: f.orderId } }, 'customer.msisdn'],
      [{ client_ip: ip, customer: { type: 'mobile_phone', msisdn: '+7900' }, order: { merchant_order_id: f.orderId } }, 'customer.msisdn'],
      [{ client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: 5 } }, 'order.merchant_order_id'],
      [{ client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId, price: { amount: '10.5', currency: 'RUB' } } }, 'order.price'],
      [{ client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId, price: { amount: '-1.00', currency: 'RUB' } } }, 'order.price'],
      [{ client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId, price: { amount: '1e3', currency: 'RUB' } } }, 'order.price'],
      [{ client_ip: 'not-an-ip', customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } }, 'client_ip'],
      [{ customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } }, 'client_ip'],
      [{ client_ip: ip, customer: { type: 'undefined_bank_card', source: 's', country: 'RU' }, order: { merchant_order_id: f.orderId } }, 'customer.merchant_customer_id'],
    ];
    for (const [body, field] of bodies) {
      const r = await api.send({ method: 'POST', path: invoicePath, operation: 'createInvoice', body });
      expect([codeOf(r), !r.ok && r.error.message]).toEqual(['400 BAD_REQUEST', expect.stringContaining(field)]);
    }
    expect((await api.findInvoiceByOrderId(P.main, f.orderId)).status).toBe(404);
  });

  it('client_ip is optional where the project says so', async () => {
    const f = fresh();
    expect(codeOf(await api.createInvoice(P.noIp, { customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } }))).toBe('201 ok');
  });

  it('a known path with a method it does not serve is 405 METHOD_NOT_ALLOWED naming the methods in Allow', async () => {
    for (const [method, url, allow] of [
      ['DELETE', `${t.kassa.urls.api}${invoicePath}`, 'GET, HEAD, POST'],
      ['PUT', `${t.kassa.urls.api}/api/v3/projects/${P.main}/invoices/00000000-0000-4000-8000-000000000000/cancel`, 'POST'],
      ['POST', `${t.kassa.urls.api}/health`, 'GET, HEAD'],
      ['GET', `${t.kassa.urls.pci}${invoicePath}`, 'POST'],
    ] as const) {
      const r = await fetch(url, { method });
      expect([method, url, r.status, r.headers.get('allow'), r.headers.get('content-type')]).toEqual([method, url, 405, allow, expect.stringContaining('application/json')]);
      expect(((await r.json()) as { success: boolean; error: { code: string } }).error.code).toBe('METHOD_NOT_ALLOWED');
    }
  });

  it('unknown routes are 404 in the envelope; the query parameter is required', async () => {
    const r = await fetch(`${t.kassa.urls.api}/nowhere`);
    expect([r.status, r.headers.get('content-type')]).toEqual([404, expect.stringContaining('application/json')]);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    const q = await api.send({ method: 'GET', path: invoicePath, operation: 'findInvoiceByOrderId' });
    expect(codeOf(q)).toBe('400 BAD_REQUEST');
  });

  it('every listener answers GET /health', async () => {
    for (const url of Object.values(t.kassa.urls)) {
      const r = await fetch(`${url}/health`);
      expect(r.status).toBe(200);
    }
  });
});
