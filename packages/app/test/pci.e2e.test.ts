import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankCardRequest, KassaClient } from '@kassa-payments/merchant-client';
import { dataOf, eventually, fresh, MERCHANT, P, startTestKassa, type TestKassa } from './e2e.fixture.js';

let t: TestKassa;
let api: KassaClient;
let pci: KassaClient;
beforeAll(async () => {
  t = await startTestKassa();
  api = t.client();
  pci = t.client({ host: 'pci' });
});
afterAll(() => t.stop());

const ip = '203.0.113.7';
// Distinctive values, so the log scan below cannot miss them or find them by chance.
const PAN = '4276380012345678';
const CVC = '739';
const CARD: BankCardRequest = { pan: PAN, expiration_month: 12, expiration_year: 2031, security_code: CVC, cardholder: 'IVAN PETROV' };
const cardCustomer = (who: string, card: BankCardRequest = CARD) => ({ type: 'bank_card' as const, source: 'shop', country: 'RU', merchant_customer_id: who, bank_card: card });
const codeOf = (r: { status: number; ok: boolean; error?: { code: string } }) => `${r.status} ${r.ok ? 'ok' : r.error?.code}`;

describe('the PCI host', () => {
  it('binds a card with an invoice (contract.merchant_contract_id): SKIP contract, BY_CONTRACT, charged; no card in the answer', async () => {
    const f = fresh();
    const created = await pci.createInvoice(P.main, { client_ip: ip, customer: cardCustomer(f.mcid), order: { merchant_order_id: f.orderId }, contract: { merchant_contract_id: f.mcid } });
    expect(codeOf(created)).toBe('201 ok');
    const i = dataOf(created);
    expect(i.authorization).toEqual({ type: 'BY_CONTRACT', is_authorized: true });
    expect(i.contract?.authorization_type).toBe('SKIP');
    expect(JSON.stringify(i)).not.toContain(PAN.slice(0, 12));
    expect(JSON.stringify(i)).not.toMatch(new RegExp(`security_code|"bank_card":|"pan"|"${CVC}"`));
    const paid = await eventually(
      async () => dataOf(await api.getInvoice(P.main, i.invoice_id)),
      (x) => x.payment_status === 'PAID',
    );
    expect(paid.status).toBe('Processed');
  });

  it('binds a card with POST /contracts: SKIP, active at once (authorize says already authorized)', async () => {
    const f = fresh();
    const c = dataOf(await pci.createContract(P.main, { client_ip: ip, customer: cardCustomer(f.mcid), merchant_contract_id: f.mcid }));
    expect(c.authorization_type).toBe('SKIP');
    expect(codeOf(await api.authorizeContract(P.main, c.contract_id, { client_ip: ip, pin_code: '1234' }))).toBe('409 CONTRACT_ALREADY_AUTHORIZED');
  });

  it('bank_card needs contract.merchant_contract_id', async () => {
    const f = fresh();
    expect(codeOf(await pci.createInvoice(P.main, { client_ip: ip, customer: cardCustomer(f.mcid), order: { merchant_order_id: f.orderId } }))).toBe('400 BAD_REQUEST');
  });

  it('the API host refuses a card with 400, creating nothing', async () => {
    const f = fresh();
    const r = await api.createInvoice(P.main, { client_ip: ip, customer: cardCustomer(f.mcid), order: { merchant_order_id: f.orderId }, contract: { merchant_contract_id: f.mcid } });
    expect([codeOf(r), !r.ok && r.error.message]).toEqual(['400 BAD_REQUEST', expect.stringContaining('PCI')]);
    expect(codeOf(await api.createContract(P.main, { client_ip: ip, customer: cardCustomer(f.mcid), merchant_contract_id: f.mcid }))).toBe('400 BAD_REQUEST');
    expect((await api.findInvoiceByOrderId(P.main, f.orderId)).status).toBe(404);
  });

  it.each<[string, Partial<BankCardRequest>]>([
    ['bank_card.pan', { pan: '427638001234567' }],
    ['bank_card.pan', { pan: '42763800123456789' }],
    ['bank_card.expiration_month', { expiration_month: 13 }],
    ['bank_card.expiration_month', { expiration_month: 0 }],
    ['bank_card.expiration_year', { expiration_year: 203 }],
    ['bank_card.security_code', { security_code: '12' }],
    ['bank_card.security_code', { security_code: '12345' }],
    ['bank_card.cardholder', { cardholder: 'X'.repeat(129) }],
  ])('card field %s is validated (%j)', async (field, change) => {
    const f = fresh();
    const r = await pci.createInvoice(P.main, {
      client_ip: ip,
      customer: cardCustomer(f.mcid, { ...CARD, ...change }),
      order: { merchant_order_id: f.orderId },
      contract: { merchant_contract_id: f.mcid },
    });
    expect([codeOf(r), !r.ok && r.error.message]).toEqual(['400 BAD_REQUEST', expect.stringContaining(field)]);
  });

  it('accepts the limits: cardholder of 128, a 2-digit year, a 4-digit security code', async () => {
    const f = fresh();
    const r = await pci.createContract(P.main, {
      client_ip: ip,
      customer: cardCustomer(f.mcid, { ...CARD, cardholder: 'X'.repeat(128), expiration_year: '31', security_code: '7390' }),
      merchant_contract_id: f.mcid,
    });
    expect(codeOf(r)).toBe('201 ok');
  });

  it('serves nothing else: authorization, lookups and refunds are on the API host', async () => {
    const r = await pci.getInvoice(P.main, '00000000-0000-4000-8000-000000000001');
    expect(codeOf(r)).toBe('404 NOT_FOUND');
  });

  it('no log line carries the card number or the security code (scan of every log of this run)', () => {
    const all = t.logs.join('');
    expect(t.logs.length).toBeGreaterThan(10);
    expect(all).toContain('"pan":"************5678"');
    expect(all).not.toContain(PAN);
    expect(all).not.toContain(PAN.slice(0, 6) + PAN.slice(6, 12));
    expect(all).not.toMatch(new RegExp(`"security_code":"?${CVC}`));
    expect(all).not.toContain(`"${CVC}"`);
    expect(all).not.toContain('"7390"');
    expect(all).not.toContain(MERCHANT.password);
    expect(all).not.toMatch(/"pin_code":"\d/);
  });
});
