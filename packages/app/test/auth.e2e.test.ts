import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KassaClient, signRequest, timestampOf } from '@kassa-payments/merchant-client';
import { MERCHANT, P, PRODUCTION, startTestKassa, type TestKassa } from './e2e.fixture.js';

let t: TestKassa;
beforeAll(async () => {
  t = await startTestKassa();
});
afterAll(() => t.stop());

const path = `/api/v3/projects/${P.main}/invoices/00000000-0000-4000-8000-000000000001`;
const get = (client: KassaClient, headers?: Record<string, string | undefined>) =>
  client.send({ method: 'GET', path, operation: 'getInvoice', pathId: '00000000-0000-4000-8000-000000000001', ...(headers ? { headers } : {}) });
const codeOf = (r: { status: number; ok: boolean; error?: { code: string; message: string } }) => `${r.status} ${r.ok ? 'ok' : r.error?.code}`;

describe('authentication', () => {
  it('accepts every signature version (the request reaches the route: 404 for an unknown invoice)', async () => {
    expect(codeOf(await get(t.client({ version: 3 })))).toBe('404 INVOICE_NOT_FOUND');
    expect(codeOf(await get(t.client({ version: 4 })))).toBe('404 INVOICE_NOT_FOUND');
    expect(codeOf(await get(t.client({ version: 5 })))).toBe('404 INVOICE_NOT_FOUND');
  });

  it.each(['X-Login', 'X-Timestamp', 'X-Signature-Version', 'X-Signature'])('401 AUTH_INVALID_SIGNATURE when %s is missing, naming it', async (header) => {
    const r = await get(t.client(), { [header]: undefined });
    expect(codeOf(r)).toBe('401 AUTH_INVALID_SIGNATURE');
    expect(!r.ok && r.error.message).toContain(header);
  });

  it('401 for an unsupported version, an unknown login, a wrong password, and a malformed signature', async () => {
    const version = await get(t.client(), { 'X-Signature-Version': '6' });
    expect([codeOf(version), !version.ok && version.error.message]).toEqual(['401 AUTH_INVALID_SIGNATURE', expect.stringContaining('unsupported signature version')]);
    const login = await get(t.client({ login: 'nobody' }));
    expect([codeOf(login), !login.ok && login.error.message]).toEqual(['401 AUTH_INVALID_SIGNATURE', expect.stringContaining('unknown login')]);
    const password = await get(t.client({ password: 'wrong' }));
    expect([codeOf(password), !password.ok && password.error.message]).toEqual(['401 AUTH_INVALID_SIGNATURE', expect.stringContaining('mismatch')]);
    expect(codeOf(await get(t.client(), { 'X-Signature': 'zz' }))).toBe('401 AUTH_INVALID_SIGNATURE');
    expect(codeOf(await get(t.client(), { 'X-Signature': 'A'.repeat(64) }))).toBe('401 AUTH_INVALID_SIGNATURE');
  });

  it('a version 4 mismatch says, in the test environment, what the server signed and which fields it found empty', async () => {
    const body = { client_ip: '203.0.113.9', customer: { type: 'mobile_phone', msisdn: '79990000002' }, order: { merchant_order_id: 'sig-hint' } };
    // The merchant forgot client_ip when signing: it signed another payload than the server.
    const r = await t
      .client({ version: 4 })
      .send({ method: 'POST', path: `/api/v3/projects/${P.main}/invoices`, operation: 'createInvoice', body: { ...body, client_ip: undefined }, rawBody: JSON.stringify(body) });
    expect(codeOf(r)).toBe('401 AUTH_INVALID_SIGNATURE');
    const message = !r.ok ? r.error.message : '';
    expect(message).toContain('requestPayload "sig-hint79990000002203.0.113.9"');
    expect(message).toContain('empty fields: order.price.amount, order.price.currency, contract.merchant_contract_id');
    expect(message).not.toContain(MERCHANT.password);
    const production = await startTestKassa(PRODUCTION);
    try {
      const p = await production
        .client({ version: 4 })
        .send({ method: 'POST', path: `/api/v3/projects/${P.main}/invoices`, operation: 'createInvoice', body: { ...body, client_ip: undefined }, rawBody: JSON.stringify(body) });
      expect([codeOf(p), !p.ok && p.error.message]).toEqual(['401 AUTH_INVALID_SIGNATURE', 'Invalid signature: signature mismatch']);
    } finally {
      await production.stop();
    }
  });

  it('version 4 covers the body; version 3 does not', async () => {
    const body = { client_ip: '203.0.113.9', customer: { type: 'mobile_phone', msisdn: '79990000001' }, order: { merchant_order_id: 'sig-1' } };
    const tampered = { ...body, order: { merchant_order_id: 'sig-2' } };
    // A second no other call of this file signed in: a version 3 signature is the same for every call
    // of a login's second, and one first used on another operation is refused for a POST (signature-replay.e2e).
    const ts = timestampOf(new Date(Date.now() - 180_000));
    const payloadOfOriginal = 'sig-179990000001' + '' + '' + '' + '203.0.113.9';
    const signature = signRequest(MERCHANT.password, MERCHANT.login, ts, 4, payloadOfOriginal);
    const send = (b: unknown, version: '3' | '4', sig: string) =>
      fetch(`${t.kassa.urls.api}/api/v3/projects/${P.main}/invoices`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Login': MERCHANT.login, 'X-Timestamp': ts, 'X-Signature-Version': version, 'X-Signature': sig },
        body: JSON.stringify(b),
      });
    expect((await send(tampered, '4', signature)).status).toBe(401);
    expect((await send(body, '4', signature)).status).toBe(201);
    const v3 = signRequest(MERCHANT.password, MERCHANT.login, ts, 3, '');
    expect((await send({ ...tampered, customer: { type: 'mobile_phone', msisdn: '79990000002' } }, '3', v3)).status).toBe(201);
  });

  it('the timestamp may drift 20 minutes either way, not one second more', async () => {
    // The header's time is whole seconds: the client's clock is rounded up to one, so that the cut
    // fraction never adds to the drift the server sees (rounded down, -1199 s read as over 1200 s
    // whenever the fraction and the request's transit passed a second).
    const at = (offsetSeconds: number) => t.client({ now: () => new Date(Math.ceil(Date.now() / 1000) * 1000 + offsetSeconds * 1000) });
    // One second of slack for the request in flight: 20:00 minus 1 s is inside, 20:00 plus 2 s outside.
    expect(codeOf(await get(at(-(20 * 60 - 1))))).toBe('404 INVOICE_NOT_FOUND');
    expect(codeOf(await get(at(20 * 60 - 1)))).toBe('404 INVOICE_NOT_FOUND');
    expect(codeOf(await get(at(-(20 * 60 + 2))))).toBe('401 AUTH_INVALID_TIMESTAMP');
    expect(codeOf(await get(at(20 * 60 + 2)))).toBe('401 AUTH_INVALID_TIMESTAMP');
  });

  it('a timestamp not in the form YYYY-MM-DDThh:mm:ssZ is 401 AUTH_INVALID_TIMESTAMP (when the signature covers it)', async () => {
    for (const ts of ['2026-11-22T10:00:00.000Z', '2026-11-22 10:00:00Z', '2026-02-30T10:00:00Z', 'yesterday']) {
      const sig = signRequest(MERCHANT.password, MERCHANT.login, ts, 3, '');
      const r = await get(t.client(), { 'X-Timestamp': ts, 'X-Signature-Version': '3', 'X-Signature': sig });
      expect(codeOf(r)).toBe('401 AUTH_INVALID_TIMESTAMP');
    }
  });

  it("403 AUTH_INVALID_PROJECT: another partner's project, an inactive one, an unknown one, a caller IP off the whitelist", async () => {
    const api = t.client();
    const on = (projectId: number | string) => api.send({ method: 'GET', path: `/api/v3/projects/${projectId}/invoices/x`, operation: 'getInvoice', pathId: 'x' });
    for (const projectId of [P.other, P.inactive, 999, 'abc', '1e0', '2147483648']) expect(codeOf(await on(projectId))).toBe('403 AUTH_INVALID_PROJECT');
    const ip = await on(P.whitelisted);
    expect([codeOf(ip), !ip.ok && ip.error.message]).toEqual(['403 AUTH_INVALID_PROJECT', expect.stringContaining('IP')]);
    expect(codeOf(await on(P.noIp))).toBe('404 INVOICE_NOT_FOUND'); // 127.0.0.1 is whitelisted there
  });

  it('401 and 403 use the envelope, with next_step in the test environment', async () => {
    const r = await get(t.client({ password: 'wrong' }));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.next_step).toBeTruthy();
  });
});
