import { signRequest, timestampOf } from '@kassa-payments/merchant-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, fresh, MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

let t: TestKassa;
beforeAll(async () => {
  t = await startTestKassa();
});
afterAll(() => t.stop());

const ip = '203.0.113.7';

describe('contracts over HTTP (every row of the contract table)', () => {
  it('runs on the storage this suite was asked for', () => {
    expect(t.kassa.storage).toBe(process.env['KASSA_E2E_STORAGE'] === 'mongo' ? 'mongodb' : 'in-memory');
  });

  it('create (201, no status) -> wrong PIN 422 -> right PIN active -> again 409 -> same key 409 ALREADY_EXISTS -> cancel -> 404', async () => {
    const api = t.client();
    const { msisdn, mcid } = fresh();
    const created = await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn }, merchant_contract_id: mcid });
    expect(created.status).toBe(201);
    const c = dataOf(created);
    expect(c).toMatchObject({ authorization_type: 'SMS_PIN', merchant_contract_id: mcid, customer: { type: 'mobile_phone', msisdn, country: 'RU' } });
    expect(c).not.toHaveProperty('status');
    expect(c.expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const draft = await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn }, merchant_contract_id: mcid });
    expect([draft.status, !draft.ok && draft.error.code, !draft.ok && draft.error.details]).toEqual([409, 'CONTRACT_DRAFT_EXISTS', { contract_id: c.contract_id }]);

    const wrong = await api.authorizeContract(P.main, c.contract_id, { client_ip: ip, pin_code: '0000' });
    expect([wrong.status, !wrong.ok && wrong.error.code]).toEqual([422, 'CONTRACT_NOT_AUTHORIZED']);
    expect(!wrong.ok && wrong.error.message).toContain('attempts left: 2');
    expect(!wrong.ok && wrong.error.next_step).toBeTruthy();

    const ok = await api.authorizeContract(P.main, c.contract_id, { client_ip: ip, pin_code: '1234' });
    expect([ok.status, ok.ok && ok.data]).toEqual([200, { contract_id: c.contract_id, status: 'active' }]);
    const again = await api.authorizeContract(P.main, c.contract_id, { client_ip: ip, pin_code: '1234' });
    expect([again.status, !again.ok && again.error.code]).toEqual([409, 'CONTRACT_ALREADY_AUTHORIZED']);
    const exists = await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn }, merchant_contract_id: mcid });
    expect([exists.status, !exists.ok && exists.error.code, !exists.ok && exists.error.details]).toEqual([409, 'CONTRACT_ALREADY_EXISTS', { contract_id: c.contract_id }]);

    const cancelled = await api.cancelContract(P.main, c.contract_id, { client_ip: ip });
    expect([cancelled.status, cancelled.ok && cancelled.data]).toEqual([200, { contract_id: c.contract_id, status: 'cancelled' }]);
    for (const r of [await api.cancelContract(P.main, c.contract_id, {}), await api.authorizeContract(P.main, c.contract_id, { client_ip: ip, pin_code: '1234' })]) {
      expect([r.status, !r.ok && r.error.code]).toEqual([404, 'CONTRACT_NOT_FOUND']);
    }
  });

  it('three wrong PINs: CONTRACT_AUTH_ATTEMPTS_EXCEEDED, even for the right PIN; cancel works with an empty body', async () => {
    const api = t.client({ version: 3 });
    const { msisdn, mcid } = fresh();
    const c = dataOf(await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn }, merchant_contract_id: mcid }));
    const codes = [];
    for (const pin of ['1', '2', '3', '1234']) {
      const r = await api.authorizeContract(P.main, c.contract_id, { client_ip: ip, pin_code: pin });
      codes.push(!r.ok && r.error.code);
    }
    expect(codes).toEqual(['CONTRACT_NOT_AUTHORIZED', 'CONTRACT_NOT_AUTHORIZED', 'CONTRACT_AUTH_ATTEMPTS_EXCEEDED', 'CONTRACT_AUTH_ATTEMPTS_EXCEEDED']);
    const cancel = await t.client({ version: 3 }).send({ method: 'POST', path: `/api/v3/projects/${P.main}/contracts/${c.contract_id}/cancel`, operation: 'cancelContract', pathId: c.contract_id });
    expect(cancel.status).toBe(200);
  });

  it('billing check: supported for a Russian number with its carrier; not for others', async () => {
    const api = t.client();
    const yes = dataOf(await api.checkBilling(P.main, { msisdn: '79001234567' }));
    expect(yes).toEqual({
      supported: true,
      customer: { type: 'mobile_phone', msisdn: '79001234567', country: 'RU', network: { id: 1, name: 'Sandbox Network' }, operator: { id: 22, name: 'Sandbox Operator' } },
    });
    expect(dataOf(await api.checkBilling(P.main, { msisdn: '4915112345678' })).supported).toBe(false);
  });

  it("billing check, both shapes the document gives, signed as it says (version 4): the spec's {msisdn} signs an empty payload, {customer} its msisdn", async () => {
    const api = t.client({ version: 4 });
    expect(dataOf(await api.checkBilling(P.main, { customer: { type: 'mobile_phone', msisdn: '79001234567' } })).supported).toBe(true);
    // Each signed in a second of its own that no other call of the file used: an empty payload's version 4
    // signature is one per second, and one first used on another operation is refused for a POST.
    let second = 0;
    const send = (body: unknown, payload: string) => {
      second += 1;
      const timestamp = timestampOf(new Date(Date.now() - 180_000 - second * 1000));
      const headers = { 'X-Login': MERCHANT.login, 'X-Timestamp': timestamp, 'X-Signature-Version': '4', 'X-Signature': signRequest(MERCHANT.password, MERCHANT.login, timestamp, 4, payload) };
      return api.send({ method: 'POST', path: `/api/v3/projects/${P.main}/billing/check`, operation: 'checkBilling', body, headers });
    };
    expect((await send({ msisdn: '79001234567' }, '')).status).toBe(200);
    expect((await send({ msisdn: '79001234567' }, '79001234567')).status).toBe(401);
    expect((await send({ customer: { type: 'mobile_phone', msisdn: '79001234567' } }, '79001234567')).status).toBe(200);
    const neither = await send({ customer: { msisdn: '79001234567' } }, '');
    expect([neither.status, !neither.ok && neither.error.message]).toEqual([400, expect.stringContaining('must be {"msisdn"')]);
  });

  it('a contract of another project is not found', async () => {
    const api = t.client();
    const { msisdn, mcid } = fresh();
    const c = dataOf(await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn }, merchant_contract_id: mcid }));
    const r = await api.authorizeContract(P.noIp, c.contract_id, { pin_code: '1234' });
    expect([r.status, !r.ok && r.error.code]).toEqual([404, 'CONTRACT_NOT_FOUND']);
  });
});
