import { randomUUID } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KassaClient, KassaResponse } from '@kassa-payments/merchant-client';
import { dataOf, eventually, fresh, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

// Real answers of a merchant's run, every operation with its successes and its errors, held against
// the response schemas of the OpenAPI document the API serves.

interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, { responses: Record<string, { content: { 'application/json': { schema: unknown } } }> }>>;
  components: { schemas: Record<string, unknown> };
}

let t: TestKassa;
let api: KassaClient;
let doc: Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const seen: string[] = [];

beforeAll(async () => {
  t = await startTestKassa({ KASSA_API_BASE_URL: 'https://api.kassa.example' });
  api = t.client();
  doc = (await (await fetch(`${t.kassa.urls.api}/api/v3/openapi.json`)).json()) as Document;
  ajv.addSchema({ $id: 'kassa', components: doc.components });
});
afterAll(() => t.stop());

/** Checks an answer against the document: its status documented for the operation, its body valid. */
function conforms<T>(method: 'get' | 'post', template: string, answer: KassaResponse<T>): KassaResponse<T> {
  const response = doc.paths[template]?.[method]?.responses[String(answer.status)];
  expect(response, `${method} ${template} ${answer.status} is documented`).toBeDefined();
  const schema = JSON.parse(JSON.stringify(response?.content['application/json'].schema).replaceAll('"#/components/', '"kassa#/components/')) as object;
  const body = answer.ok ? { success: true, data: answer.data } : { success: false, error: answer.error };
  const valid = ajv.validate(schema, body);
  expect(valid ? [] : ajv.errors, `${method} ${template} ${answer.status}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
  seen.push(`${method} ${template} ${answer.status}`);
  return answer;
}

const ip = '203.0.113.7';
const P1 = '/api/v3/projects/{projectId}';

describe('the OpenAPI document against real answers', () => {
  it('names the configured public address in servers', () => {
    expect(doc.servers).toEqual([{ url: 'https://api.kassa.example', description: 'Kassa JSON API' }]);
  });

  it('every answer of a merchant run is documented and valid against its schema', async () => {
    const f = fresh();
    // Contracts: create, duplicate, wrong PIN, right PIN, again, cancel, unknown.
    const contract = dataOf(
      conforms('post', `${P1}/contracts`, await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid })),
    );
    conforms('post', `${P1}/contracts`, await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, merchant_contract_id: f.mcid }));
    conforms('post', `${P1}/contracts/{contractId}/authorize`, await api.authorizeContract(P.main, contract.contract_id, { client_ip: ip, pin_code: '0000' }));
    conforms('post', `${P1}/contracts/{contractId}/authorize`, await api.authorizeContract(P.main, contract.contract_id, { client_ip: ip, pin_code: '1234' }));
    conforms('post', `${P1}/contracts/{contractId}/authorize`, await api.authorizeContract(P.main, contract.contract_id, { client_ip: ip, pin_code: '1234' }));
    conforms('post', `${P1}/contracts/{contractId}/cancel`, await api.cancelContract(P.main, contract.contract_id, { client_ip: ip }));
    conforms('post', `${P1}/contracts/{contractId}/cancel`, await api.cancelContract(P.main, randomUUID(), { client_ip: ip }));
    conforms('post', `${P1}/billing/check`, await api.checkBilling(P.main, { msisdn: f.msisdn }));

    // Invoices: create (DCB and card), duplicate, lookups, PIN, charge, refund, cancel, errors.
    const g = fresh();
    const invoice = dataOf(
      conforms('post', `${P1}/invoices`, await api.createInvoice(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: g.msisdn }, order: { merchant_order_id: g.orderId } })),
    );
    conforms('post', `${P1}/invoices`, await api.createInvoice(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: g.msisdn }, order: { merchant_order_id: fresh().orderId } }));
    conforms(
      'post',
      `${P1}/invoices`,
      await api.createInvoice(P.main, {
        client_ip: ip,
        customer: { type: 'undefined_bank_card', source: 'shop', country: 'RU', merchant_customer_id: fresh().mcid },
        order: { merchant_order_id: fresh().orderId },
      }),
    );
    conforms(
      'post',
      `${P1}/invoices`,
      await api.createInvoice(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: fresh().msisdn }, order: { merchant_order_id: fresh().orderId }, payment_method: 'pigeon' }),
    );
    conforms('get', `${P1}/invoices`, await api.findInvoiceByOrderId(P.main, g.orderId));
    conforms('get', `${P1}/invoices`, await api.findInvoiceByOrderId(P.main, 'no-such-order'));
    conforms('get', `${P1}/invoices/{invoiceId}`, await api.getInvoice(P.main, randomUUID()));
    conforms('post', `${P1}/invoices/{invoiceId}/refund`, await api.refundInvoice(P.main, invoice.invoice_id, { client_ip: ip }));
    conforms('post', `${P1}/invoices/{invoiceId}/authorize`, await api.authorizeInvoice(P.main, invoice.invoice_id, { client_ip: ip, pin_code: '0000' }));
    conforms('post', `${P1}/invoices/{invoiceId}/authorize`, await api.authorizeInvoice(P.main, invoice.invoice_id, { client_ip: ip, pin_code: '1234' }));
    const paid = await api.waitForInvoice(P.main, invoice.invoice_id, (i) => i.payment_status === 'PAID', { intervalMs: 20, timeoutMs: 3_000 });
    conforms('get', `${P1}/invoices/{invoiceId}`, paid);
    conforms('post', `${P1}/invoices/{invoiceId}/refund`, await api.refundInvoice(P.main, invoice.invoice_id, { client_ip: ip }));
    conforms('post', `${P1}/invoices/{invoiceId}/cancel`, await api.cancelInvoice(P.main, invoice.invoice_id, { client_ip: ip }));
    const h = fresh();
    const open = dataOf(await api.createInvoice(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: h.msisdn }, order: { merchant_order_id: h.orderId } }));
    conforms('post', `${P1}/invoices/{invoiceId}/cancel`, await api.cancelInvoice(P.main, open.invoice_id, { client_ip: ip }));

    // The events and webhook deliveries (the relay runs every 200 ms; no webhook URL here, so no deliveries).
    await eventually(
      async () => dataOf(await api.listEvents(P.main, { limit: 5 })),
      (page) => page.items.length > 0,
      3_000,
    );
    conforms('get', `${P1}/events`, await api.listEvents(P.main, { limit: 5 }));
    conforms('get', `${P1}/events`, await api.listEvents(P.main, { after: 'not-a-cursor' }));
    conforms('get', `${P1}/webhook_deliveries`, await api.listWebhookDeliveries(P.main, { status: 'pending' }));
    conforms('post', `${P1}/webhook_deliveries/{deliveryId}/redeliver`, await api.redeliverWebhook(P.main, 'no-such-delivery'));

    // Authentication, projects and bad input, on any operation.
    conforms('get', `${P1}/invoices/{invoiceId}`, await t.client({ password: 'wrong' }).getInvoice(P.main, randomUUID()));
    conforms('get', `${P1}/invoices/{invoiceId}`, await api.getInvoice(P.other, randomUUID()));
    conforms('post', `${P1}/invoices`, await api.send({ method: 'POST', path: `/api/v3/projects/${P.main}/invoices`, operation: 'createInvoice', body: { customer: { type: 'pigeon' } } }));
    conforms(
      'post',
      `${P1}/invoices`,
      await api
        .send({
          method: 'POST',
          path: `/api/v3/projects/${P.main}/invoices`,
          operation: 'createInvoice',
          rawBody: JSON.stringify({ order: { description: 'x'.repeat(70_000) } }),
          headers: { 'X-Signature-Version': '3' },
        })
        .catch(() => ({ ok: false, status: 0 }) as never),
    );

    expect(paid.ok && paid.data.payment_status).toBe('PAID');
    expect(new Set(seen.map((s) => s.split(' ').pop())).size).toBeGreaterThanOrEqual(8);
  });
});
