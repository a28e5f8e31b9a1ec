import { describe, expect, it } from 'vitest';
import { TEST_ENVIRONMENT_CARDS } from '../src/index.js';
import { invoiceIsPaid } from '@kassa-payments/domain';
import { readPaymentCard } from '@kassa-payments/domain';
import { codeOf, phone, testKassa, value } from './kassa.fixture.js';

const now = new Date('2026-11-23T10:00:00Z');
const card = (pan: string) => value(readPaymentCard({ pan, expiry: '12/30', securityCode: '123' }, now));
const cardCustomer = { type: 'undefined_bank_card' as const, source: 'shop', merchantCustomerId: 'u1', country: 'RU' };

async function cardInvoice(kassa = testKassa()) {
  const { invoice } = value(await kassa.useCases.createInvoice.execute({ projectId: 1, partnerLogin: 'merchant', merchantOrderId: 'o1', customer: cardCustomer }));
  return { kassa, ref: { projectId: 1, invoiceId: invoice.id } };
}

describe('PayInvoiceOnPage', () => {
  it('the success test card pays the invoice once: Processed/PAID, one transaction, one payment.updated; paying again charges nothing', async () => {
    const { kassa, ref } = await cardInvoice();
    const paid = value(await kassa.useCases.payInvoiceOnPage.execute({ ...ref, method: 'card', card: card(TEST_ENVIRONMENT_CARDS.success) }));
    expect(paid).toMatchObject({ status: 'SUCCESS', resultCode: 0, billingChannel: 'BankRtp' });
    expect(value(await kassa.useCases.payInvoiceOnPage.execute({ ...ref, method: 'card', card: card(TEST_ENVIRONMENT_CARDS.success) }))).toBeNull();
    const invoice = value(await kassa.useCases.getInvoice.execute(ref));
    expect([invoice.state, invoiceIsPaid(invoice), invoice.transactions.length]).toEqual(['processed', true, 1]);
    expect((await kassa.ports.outbox.pending(10)).map((e) => e.type)).toEqual(['PaymentUpdated']);
    expect(kassa.ports.gateway.chargeCount).toBe(1);
  });

  it('the decline card (210) and the expired card (211) fail and leave the invoice payable; then the success card pays', async () => {
    const { kassa, ref } = await cardInvoice();
    expect(value(await kassa.useCases.payInvoiceOnPage.execute({ ...ref, method: 'card', card: card(TEST_ENVIRONMENT_CARDS.declined) }))).toMatchObject({ status: 'FAILED', resultCode: 210 });
    expect(value(await kassa.useCases.payInvoiceOnPage.execute({ ...ref, method: 'card', card: card(TEST_ENVIRONMENT_CARDS.expired) }))).toMatchObject({ status: 'FAILED', resultCode: 211 });
    expect(value(await kassa.useCases.payInvoiceOnPage.execute({ ...ref, method: 'card', card: card('5555555555554444') }))).toMatchObject({ status: 'FAILED', resultCode: 212 });
    expect(value(await kassa.useCases.payInvoiceOnPage.execute({ ...ref, method: 'card', card: card(TEST_ENVIRONMENT_CARDS.success) }))).toMatchObject({ status: 'SUCCESS', sequenceNumber: 4 });
  });

  it('no card data is kept on the invoice or in its events', async () => {
    const { kassa, ref } = await cardInvoice();
    await kassa.useCases.payInvoiceOnPage.execute({ ...ref, method: 'card', card: card(TEST_ENVIRONMENT_CARDS.success) });
    const stored = JSON.stringify([value(await kassa.useCases.getInvoice.execute(ref)), await kassa.ports.outbox.pending(10)]);
    expect(stored).not.toContain(TEST_ENVIRONMENT_CARDS.success);
    expect(stored).not.toContain('"123"');
  });

  it('a QR or wallet payment needs the method offered by the project; the outcome is the invoice test_info', async () => {
    const { kassa, ref } = await cardInvoice();
    expect(codeOf(await kassa.useCases.payInvoiceOnPage.execute({ ...ref, method: 'tpay' }))).toBe('INVALID_PAYMENT_METHOD');
    expect(codeOf(await kassa.useCases.payInvoiceOnPage.execute({ ...ref, method: 'card' }))).toBe('INVALID_PAYMENT_METHOD');
    expect(value(await kassa.useCases.payInvoiceOnPage.execute({ ...ref, method: 'sbp' }))).toMatchObject({ status: 'SUCCESS' });
  });

  it('only AUTH_PAGE invoices are paid on the page; another project does not find it', async () => {
    const kassa = testKassa();
    const { invoice } = value(await kassa.useCases.createInvoice.execute({ projectId: 1, partnerLogin: 'merchant', merchantOrderId: 'o2', customer: phone() }));
    expect(codeOf(await kassa.useCases.payInvoiceOnPage.execute({ projectId: 1, invoiceId: invoice.id, method: 'sbp' }))).toBe('INVOICE_WRONG_STATE');
    const { ref } = await cardInvoice(kassa);
    expect(codeOf(await kassa.useCases.payInvoiceOnPage.execute({ ...ref, projectId: 2, method: 'sbp' }))).toBe('INVOICE_NOT_FOUND');
  });
});

describe('readPaymentCard', () => {
  const read = (form: Partial<Parameters<typeof readPaymentCard>[0]>) => readPaymentCard({ pan: '4111 1111 1111 1111', expiry: '12/30', securityCode: '123', ...form }, now);
  it('accepts a Luhn-valid number with spaces, MM/YY and MM/YYYY, and names the wrong field otherwise', () => {
    expect(value(read({}))).toEqual({ pan: '4111111111111111', expirationMonth: 12, expirationYear: 2030, securityCode: '123' });
    expect(value(read({ expiry: '11/2026' })).expirationYear).toBe(2026);
    const field = (form: Parameters<typeof read>[0]) => {
      const r = read(form);
      return r.ok ? 'ok' : r.error.details?.['field'];
    };
    expect([field({ pan: '4111111111111112' }), field({ pan: '12' }), field({ expiry: '13/30' }), field({ expiry: '10/26' }), field({ securityCode: '12' })]).toEqual([
      'pan',
      'pan',
      'expiry',
      'expiry',
      'securityCode',
    ]);
  });
});
