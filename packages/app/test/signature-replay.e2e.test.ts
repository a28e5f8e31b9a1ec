import { randomUUID } from 'node:crypto';
import { KassaClient } from '@kassa-payments/merchant-client';
import { SIGNATURE_ALREADY_USED, SIGNATURE_USED_ELSEWHERE } from '@kassa-payments/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, fresh, MERCHANT, P, SEED, startTestKassa, type TestKassa } from './e2e.fixture.js';

// A captured signature does one thing once (issue 43, item 1): versions 3 and 4 sign neither the
// method, the path nor the project, so a state-changing call is refused when its signature was first
// seen elsewhere; version 5 signs the whole request, so a captured one can only repeat it.
const V5_ONLY = 81;
const code = (r: { status: number; ok: boolean; error?: { code: string } }) => `${r.status} ${r.ok ? 'ok' : r.error?.code}`;

let t: TestKassa;
beforeAll(async () => {
  const partners = SEED.partners.map((p) =>
    p.login === MERCHANT.login ? { ...p, projects: [...p.projects, { id: V5_ONLY, minSignatureVersion: 5, clientIpRequired: false, defaultPrice: { amount: '10.00', currency: 'RUB' } }] } : p,
  );
  t = await startTestKassa({}, { seed: { partners } });
});
afterAll(() => t.stop());

const api = (path: string) => `${t.kassa.urls.api}/api/v3/projects/${path}`;
/** Sends `headers` as captured, with a JSON body for a POST. */
const replay = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
  const r = await fetch(api(path), {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await r.json()) as { success: boolean; data?: unknown; error?: { code: string; message: string; details?: Record<string, unknown> } };
  return { status: r.status, ok: json.success, ...(json.error ? { error: json.error } : {}), data: json.data };
};
const unpaidInvoice = async (project: number) => {
  const f = fresh();
  return dataOf(await t.client({ version: 5 }).createInvoice(project, { customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } }));
};

describe('version 4: a signature first seen elsewhere changes nothing', () => {
  it("a GET-invoice signature does not cancel the invoice (401 saying to sign again); the GET's own retry still reads it", async () => {
    const invoice = await unpaidInvoice(P.noIp);
    const at = new Date();
    const captured = t.client({ version: 4, now: () => at }).signedHeaders({ operation: 'getInvoice', pathId: invoice.invoice_id });
    expect(code(await replay('GET', `${P.noIp}/invoices/${invoice.invoice_id}`, captured))).toBe('200 ok');
    const cancel = await replay('POST', `${P.noIp}/invoices/${invoice.invoice_id}/cancel`, captured, {});
    expect([code(cancel), cancel.error?.message]).toEqual(['401 AUTH_INVALID_SIGNATURE', expect.stringContaining('sign this request anew')]);
    expect(code(await replay('GET', `${P.noIp}/invoices/${invoice.invoice_id}`, captured))).toBe('200 ok');
    expect(dataOf(await t.client().getInvoice(P.noIp, invoice.invoice_id)).status).toBe('Created');
  });

  it("an event listing's signature does not reset another project's test data", async () => {
    const invoice = await unpaidInvoice(P.noIp);
    const at = new Date();
    const captured = t.client({ version: 4, now: () => at }).signedHeaders({ operation: 'listEvents', query: {} });
    expect(code(await replay('GET', `${P.main}/events`, captured))).toBe('200 ok');
    expect(code(await replay('POST', `${P.noIp}/test_data/reset`, captured, {}))).toBe('401 AUTH_INVALID_SIGNATURE');
    expect(code(await t.client().getInvoice(P.noIp, invoice.invoice_id))).toBe('200 ok');
  });

  it('a client that signs each call afresh is served: two different calls in the same second, and a retry of one', async () => {
    const at = new Date();
    const v4 = t.client({ version: 4, now: () => at });
    const [a, b] = [fresh(), fresh()];
    const first = await v4.createInvoice(P.noIp, { customer: { type: 'mobile_phone', msisdn: a.msisdn }, order: { merchant_order_id: a.orderId } });
    const second = await v4.createInvoice(P.noIp, { customer: { type: 'mobile_phone', msisdn: b.msisdn }, order: { merchant_order_id: b.orderId } });
    expect([code(first), code(second)]).toEqual(['201 ok', '201 ok']);
    const invoiceId = dataOf(first).invoice_id;
    const cancel = v4.signedHeaders({ operation: 'cancelInvoice', pathId: invoiceId, body: {} });
    expect(code(await replay('POST', `${P.noIp}/invoices/${invoiceId}/cancel`, cancel, {}))).toBe('200 ok');
    // The same payload on two projects in one second has one signature: the second call is refused
    // before it does anything (details.reason), and the client signs it a second ahead by itself.
    const c = fresh();
    const same = { client_ip: '203.0.113.7', customer: { type: 'mobile_phone' as const, msisdn: c.msisdn }, order: { merchant_order_id: c.orderId } };
    const onNoIp = v4.signedHeaders({ operation: 'createInvoice', body: same });
    expect(code(await replay('POST', `${P.noIp}/invoices`, onNoIp, same))).toBe('201 ok');
    const refused = await replay('POST', `${P.main}/invoices`, onNoIp, same);
    expect([code(refused), refused.error]).toEqual(['401 AUTH_INVALID_SIGNATURE', expect.objectContaining({ details: { reason: SIGNATURE_USED_ELSEWHERE } })]);
    expect(code(await v4.createInvoice(P.main, same))).toBe('201 ok');
    // The same call again (a retry): what a retry does, no refusal of its signature.
    expect(code(await replay('POST', `${P.noIp}/invoices/${invoiceId}/cancel`, cancel, {}))).not.toBe('401 AUTH_INVALID_SIGNATURE');
  });
});

describe('version 5: the signature covers the whole request', () => {
  it('minSignatureVersion 5 refuses versions 3 and 4; the merchant client signs 5 by default', async () => {
    const id = '00000000-0000-4000-8000-0000000000a5';
    const v4 = await t.client({ version: 4 }).getInvoice(V5_ONLY, id);
    expect([code(v4), v4.ok || v4.error.message]).toEqual(['401 AUTH_INVALID_SIGNATURE', expect.stringContaining('does not accept X-Signature-Version 4')]);
    expect(code(await t.client({ version: 3 }).getInvoice(V5_ONLY, id))).toBe('401 AUTH_INVALID_SIGNATURE');
    expect(code(await t.client({ version: 5 }).getInvoice(V5_ONLY, id))).toBe('404 INVOICE_NOT_FOUND');
  });

  it("a GET's signature works for that GET only: not as a cancel, not on another project, not with another query", async () => {
    const invoice = await unpaidInvoice(V5_ONLY);
    const at = new Date();
    const v5 = t.client({ version: 5, now: () => at });
    const path = `/api/v3/projects/${V5_ONLY}/invoices/${invoice.invoice_id}`;
    const captured = v5.signedHeaders({ operation: 'getInvoice', pathId: invoice.invoice_id, method: 'GET', path });
    expect(code(await replay('GET', `${V5_ONLY}/invoices/${invoice.invoice_id}`, captured))).toBe('200 ok');
    expect(code(await replay('POST', `${V5_ONLY}/invoices/${invoice.invoice_id}/cancel`, captured, {}))).toBe('401 AUTH_INVALID_SIGNATURE');
    expect(code(await replay('GET', `${P.noIp}/invoices/${invoice.invoice_id}`, captured))).toBe('401 AUTH_INVALID_SIGNATURE');
    expect(code(await replay('GET', `${V5_ONLY}/invoices/${invoice.invoice_id}?x=1`, captured))).toBe('401 AUTH_INVALID_SIGNATURE');
    expect(dataOf(await v5.getInvoice(V5_ONLY, invoice.invoice_id)).status).toBe('Created');
  });

  it('a body changed after signing is refused, and the test environment names what was signed (the body as its SHA-256 only)', async () => {
    const f = fresh();
    const path = `/api/v3/projects/${V5_ONLY}/invoices`;
    const body = { customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } };
    const signed = t.client({ version: 5 }).signedHeaders({ operation: 'createInvoice', body, method: 'POST', path });
    const changed = await replay('POST', `${V5_ONLY}/invoices`, signed, { ...body, order: { merchant_order_id: `${f.orderId}-x` } });
    expect([code(changed), changed.error?.message]).toEqual(['401 AUTH_INVALID_SIGNATURE', expect.stringContaining(`KASSA-HMAC-SHA256-5\\nPOST\\n${path}\\n\\n`)]);
    expect(changed.error?.message).not.toContain(f.msisdn);
  });

  it('a replay of the identical request does what a retry does: with its Idempotency-Key, the first answer and no second invoice', async () => {
    const f = fresh();
    const path = `/api/v3/projects/${V5_ONLY}/invoices`;
    const body = { customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } };
    const idempotencyKey = randomUUID();
    const signed = { ...t.client({ version: 5 }).signedHeaders({ operation: 'createInvoice', body, method: 'POST', path, idempotencyKey }), 'Idempotency-Key': idempotencyKey };
    const first = await replay('POST', `${V5_ONLY}/invoices`, signed, body);
    const again = await replay('POST', `${V5_ONLY}/invoices`, signed, body);
    expect([code(first), code(again), again.data]).toEqual(['201 ok', '201 ok', first.data]);
    // The key is signed: a replay under another key (to get past the stored answer) is refused.
    expect(code(await replay('POST', `${V5_ONLY}/invoices`, { ...signed, 'Idempotency-Key': randomUUID() }, body))).toBe('401 AUTH_INVALID_SIGNATURE');
  });

  it('a POST without an Idempotency-Key is done once per signature: its replay is refused, and a rotated secret never reaches the replayer', async () => {
    const keyless = (now?: () => Date) =>
      new KassaClient({ baseUrl: t.kassa.urls.api, login: MERCHANT.login, password: MERCHANT.password, signatureVersion: 5, idempotencyKeys: false, retries: 0, ...(now ? { now } : {}) });
    const v5 = keyless();
    const endpoint = dataOf(await v5.createWebhookEndpoint(V5_ONLY, { url: 'http://93.184.216.34/hooks', event_types: ['*'] }));
    const path = `/api/v3/projects/${V5_ONLY}/webhook_endpoints/${endpoint.id}/rotate_secret`;
    const signed = v5.signedHeaders({ operation: 'rotateWebhookEndpointSecret', pathId: endpoint.id, body: {}, method: 'POST', path });
    const first = await replay('POST', `${V5_ONLY}/webhook_endpoints/${endpoint.id}/rotate_secret`, signed, {});
    const again = await replay('POST', `${V5_ONLY}/webhook_endpoints/${endpoint.id}/rotate_secret`, signed, {});
    expect(code(first)).toBe('200 ok');
    expect([code(again), again.error?.details?.['reason'], JSON.stringify(again)]).toEqual(['401 AUTH_INVALID_SIGNATURE', SIGNATURE_ALREADY_USED, expect.not.stringContaining('whsec_')]);
    // The merchant client's own second call in the same second is a new call: it signs again, and is served.
    const at = new Date();
    const sameSecond = keyless(() => at);
    const twice = [await sameSecond.rotateWebhookEndpointSecret(V5_ONLY, endpoint.id), await sameSecond.rotateWebhookEndpointSecret(V5_ONLY, endpoint.id)];
    expect(twice.map(code)).toEqual(['200 ok', '200 ok']);
    await v5.deleteWebhookEndpoint(V5_ONLY, endpoint.id);
  });

  it('an answer with a secret is given once per signature, whatever the version and Idempotency-Key: a replayed rotation under its own key gets no stored secret', async () => {
    for (const version of [5, 4] as const) {
      const project = version === 5 ? V5_ONLY : P.main;
      const client = t.client({ version });
      const endpoint = dataOf(await client.createWebhookEndpoint(project, { url: 'http://93.184.216.34/hooks', event_types: ['*'] }));
      const path = `/api/v3/projects/${project}/webhook_endpoints/${endpoint.id}/rotate_secret`;
      const idempotencyKey = randomUUID();
      const signed = { ...client.signedHeaders({ operation: 'rotateWebhookEndpointSecret', pathId: endpoint.id, body: {}, method: 'POST', path, idempotencyKey }), 'Idempotency-Key': idempotencyKey };
      const first = await replay('POST', `${project}/webhook_endpoints/${endpoint.id}/rotate_secret`, signed, {});
      const again = await replay('POST', `${project}/webhook_endpoints/${endpoint.id}/rotate_secret`, signed, {});
      expect(code(first), `v${version}`).toBe('200 ok');
      expect([code(again), again.error?.details?.['reason'], JSON.stringify(again).includes('whsec_')], `v${version}`).toEqual(['401 AUTH_INVALID_SIGNATURE', SIGNATURE_ALREADY_USED, false]);
      await client.deleteWebhookEndpoint(project, endpoint.id);
    }
  });
});
