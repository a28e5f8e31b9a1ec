import { LATE_ANSWER_MS, TEST_ENVIRONMENT_CARDS, TEST_ENVIRONMENT_MSISDNS } from '@kassa-payments/adapters-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, eventually, fresh, OTHER, P, PRODUCTION, startTestKassa, type TestKassa } from './e2e.fixture.js';

// The test environment's own tools for a merchant's test runs, over real HTTP on the storage of this run.
const ip = '203.0.113.7';
let t: TestKassa;
beforeAll(async () => {
  t = await startTestKassa();
});
afterAll(async () => {
  await t?.stop();
});

describe('test_data/reset', () => {
  it("removes the project's invoices, contracts and events, keeps its settings and every other project's data", async () => {
    const api = t.client();
    const f = fresh();
    const invoice = dataOf(await api.createInvoice(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } }));
    const contract = dataOf(await api.createContract(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: fresh().msisdn }, merchant_contract_id: f.mcid }));
    await api.authorizeContract(P.main, contract.contract_id, { client_ip: ip, pin_code: '1234' });
    await eventually(
      async () => dataOf(await api.listEvents(P.main)).items,
      (events) => events.length > 0,
      5_000,
    );
    const other = t.client({ login: OTHER.login, password: OTHER.password });
    const elsewhere = dataOf(await other.createInvoice(P.other, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: fresh().msisdn }, order: { merchant_order_id: fresh().orderId } }));

    const reset = dataOf(await api.resetTestData(P.main));
    expect(reset.invoices).toBeGreaterThanOrEqual(1);
    expect(reset.contracts).toBeGreaterThanOrEqual(1);
    expect(reset.events).toBeGreaterThanOrEqual(1);
    expect((await api.getInvoice(P.main, invoice.invoice_id)).status).toBe(404);
    expect(dataOf(await api.listEvents(P.main)).items).toEqual([]);
    expect((await other.getInvoice(P.other, elsewhere.invoice_id)).status).toBe(200);
    // The settings stay: the same order id is a new invoice now.
    expect((await api.createInvoice(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn: f.msisdn }, order: { merchant_order_id: f.orderId } })).status).toBe(201);
  });

  it('does not exist in production (404), and another partner cannot reset a project not its own (403)', async () => {
    expect((await t.client({ login: OTHER.login, password: OTHER.password }).resetTestData(P.main)).status).toBe(403);
    const production = await startTestKassa(PRODUCTION);
    try {
      const refused = await production.client().resetTestData(P.main);
      expect([refused.status, !refused.ok && refused.error.code]).toEqual([404, 'NOT_FOUND']);
    } finally {
      await production.stop();
    }
    // Kassas of its own started and stopped: more than the default 5 s on a loaded machine.
  }, 20_000);
});

describe('outcome simulators: the documented test numbers', () => {
  /** A carrier-billing invoice to `msisdn`, confirmed with the sandbox PIN: its charge runs as a job. */
  async function charged(msisdn: string, timeoutMs = 8_000) {
    const api = t.client();
    const invoice = dataOf(await api.createInvoice(P.main, { client_ip: ip, customer: { type: 'mobile_phone', msisdn }, order: { merchant_order_id: fresh().orderId } }));
    const started = Date.now();
    expect((await api.authorizeInvoice(P.main, invoice.invoice_id, { client_ip: ip, pin_code: '1234' })).ok).toBe(true);
    const done = dataOf(await api.waitForInvoice(P.main, invoice.invoice_id, (i) => i.transactions.length > 0, { intervalMs: 50, timeoutMs }));
    return { invoice: done, ms: Date.now() - started };
  }

  it('the OpenAPI document names every test number and test card', async () => {
    const description = ((await (await fetch(`${t.kassa.urls.api}/api/v3/openapi.json`)).json()) as { info: { description: string } }).info.description;
    for (const n of [...Object.values(TEST_ENVIRONMENT_MSISDNS), ...Object.values(TEST_ENVIRONMENT_CARDS)]) expect(description).toContain(n);
  });

  it('billing/check: the unsupported number is not billable', async () => {
    expect(dataOf(await t.client().checkBilling(P.main, { customer: { type: 'mobile_phone', msisdn: TEST_ENVIRONMENT_MSISDNS.unsupported } })).supported).toBe(false);
  });

  it.each([
    [TEST_ENVIRONMENT_MSISDNS.declined, 210],
    [TEST_ENVIRONMENT_MSISDNS.declinedExpired, 211],
    [TEST_ENVIRONMENT_MSISDNS.declinedUnknown, 212],
  ])('%s: every charge declines with result_code %i', async (msisdn, code) => {
    const { invoice } = await charged(msisdn);
    expect(invoice).toMatchObject({ payment_status: 'NOT_PAID', transactions: [{ status: 'FAILED', result_code: code }] });
  });

  it('the no-answer number: the first attempt is lost (the outcome unknown), the retry with the same key finds it paid, once', async () => {
    // The sweep retries a failed job within its 5-second period.
    const { invoice } = await charged(TEST_ENVIRONMENT_MSISDNS.noAnswerThenSuccess, 15_000);
    expect(invoice).toMatchObject({ payment_status: 'PAID', transactions: [{ status: 'SUCCESS', result_code: 0 }] });
  }, 20_000);

  it('the refund-refused number: paid, then its refund refused (refund_status failed, refund.failed with the code); asked again, refused again', async () => {
    const { invoice } = await charged(TEST_ENVIRONMENT_MSISDNS.refundRefused);
    expect(invoice.payment_status).toBe('PAID');
    const api = t.client();
    const refused = async () => {
      expect((await api.refundInvoice(P.main, invoice.invoice_id, { client_ip: ip })).status).toBe(202);
      return dataOf(await api.waitForInvoice(P.main, invoice.invoice_id, (i) => i.refund_status === 'failed', { intervalMs: 50, timeoutMs: 8_000 }));
    };
    expect((await refused()).refund_status).toBe('failed');
    const events = await eventually(
      async () => dataOf(await api.listEvents(P.main, { type: 'refund.failed' })).items.filter((e) => JSON.stringify(e.data).includes(invoice.invoice_id)),
      (list) => list.length === 1,
      5_000,
    );
    expect(events[0]?.data).toMatchObject({ refund: { refund_status: 'failed', result_code: 213, result_description: 'REFUND_REFUSED' } });
    // A refused refund may be asked for again: a new refund at the gateway, refused again.
    await refused();
    await eventually(
      async () => dataOf(await api.listEvents(P.main, { type: 'refund.failed' })).items.filter((e) => JSON.stringify(e.data).includes(invoice.invoice_id)),
      (list) => list.length === 2,
      5_000,
    );
  }, 30_000);

  it('the late number: paid, after the gateway took its time', async () => {
    const { invoice, ms } = await charged(TEST_ENVIRONMENT_MSISDNS.late);
    expect(invoice).toMatchObject({ payment_status: 'PAID' });
    expect(ms).toBeGreaterThanOrEqual(LATE_ANSWER_MS);
  });

  it('the undeliverable number: a contract or an SMS_PIN invoice for it is refused PIN_NOT_DELIVERED, closed at once, its key free', async () => {
    const api = t.client();
    const customer = { type: 'mobile_phone' as const, msisdn: TEST_ENVIRONMENT_MSISDNS.smsUndeliverable };
    const mcid = fresh().mcid;
    const contract = await api.createContract(P.main, { client_ip: ip, customer, merchant_contract_id: mcid });
    expect([contract.status, !contract.ok && contract.error.code]).toEqual([422, 'PIN_NOT_DELIVERED']);
    const contractId = !contract.ok ? String(contract.error.details?.['contract_id']) : '';
    // The same key again: refused the same way, not CONTRACT_DRAFT_EXISTS (the first was closed).
    const again = await api.createContract(P.main, { client_ip: ip, customer, merchant_contract_id: mcid });
    expect(!again.ok && again.error.code).toBe('PIN_NOT_DELIVERED');
    await eventually(
      async () => dataOf(await api.listEvents(P.main, { type: 'contract.closed' })).items.filter((e) => JSON.stringify(e.data).includes(contractId)),
      (list) => list.length === 1,
      5_000,
    );
    const invoice = await api.createInvoice(P.main, { client_ip: ip, customer, order: { merchant_order_id: fresh().orderId } });
    expect([invoice.status, !invoice.ok && invoice.error.code]).toEqual([422, 'PIN_NOT_DELIVERED']);
    const invoiceId = !invoice.ok ? String(invoice.error.details?.['invoice_id']) : '';
    expect(dataOf(await api.getInvoice(P.main, invoiceId)).status).toBe('Cancelled');
    // One active invoice per client: none is active, so the next try is refused the same way, not INVOICE_ALREADY_EXISTS.
    const next = await api.createInvoice(P.main, { client_ip: ip, customer, order: { merchant_order_id: fresh().orderId } });
    expect(!next.ok && next.error.code).toBe('PIN_NOT_DELIVERED');
    // An invoice that would bind a new contract: the contract is refused, and no invoice goes ahead on it.
    const binding = await api.createInvoice(P.main, {
      client_ip: ip,
      customer,
      order: { merchant_order_id: fresh().orderId },
      contract: { merchant_contract_id: fresh().mcid, create_if_not_exists: true },
    });
    expect([binding.status, !binding.ok && binding.error.code, !binding.ok && Object.keys(binding.error.details ?? {})]).toEqual([422, 'PIN_NOT_DELIVERED', ['contract_id']]);
  });
});
