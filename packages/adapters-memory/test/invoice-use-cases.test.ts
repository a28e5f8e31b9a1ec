import { describe, expect, it } from 'vitest';
import { invoiceIsPaid } from '@kassa-payments/domain';
import { codeOf, phone, testKassa, value } from './kassa.fixture.js';

const order = (id: string) => ({ projectId: 1, partnerLogin: 'merchant', merchantOrderId: id });
const card = { type: 'undefined_bank_card' as const, source: 'shop', merchantCustomerId: 'u1', country: 'RU' };
const boundCard = { ...card, type: 'bank_card' as const, card: { last4: '4242', expirationMonth: 1, expirationYear: 2031 } };

describe('invoice use cases', () => {
  it('a charge job that runs at or after the expiry (its gateway down until then) expires the invoice instead of charging it', async () => {
    const kassa = testKassa();
    const { invoice } = value(await kassa.useCases.createInvoice.execute({ ...order('late-charge'), customer: phone() }));
    const ref = { projectId: 1, invoiceId: invoice.id };
    value(await kassa.useCases.authorizeInvoice.execute({ ...ref, pinCode: '1234' }));
    let charges = 0;
    const charge = kassa.ports.gateway.charge.bind(kassa.ports.gateway);
    kassa.ports.gateway.charge = (request) => {
      charges += 1;
      return charge(request);
    };
    // The job never ran (the gateway was unreachable): 24 hours later the sweep runs it again.
    kassa.ports.clock.advance(24 * 3600);
    expect(value(await kassa.useCases.chargeInvoice.execute({ ...ref, trigger: 'job' }))).toBeNull();
    const after = value(await kassa.useCases.getInvoice.execute(ref));
    expect([after.state, after.transactions.length, charges]).toEqual(['cancelled', 0, 0]);
  });

  it('DCB without a contract: SMS_PIN, Created/NOT_PAID; PIN -> Authorize; the charge job -> Processed/PAID with payment.updated', async () => {
    const kassa = testKassa();
    const { invoice } = value(await kassa.useCases.createInvoice.execute({ ...order('o1'), customer: phone() }));
    expect([invoice.authorizationType, invoice.state, invoiceIsPaid(invoice)]).toEqual(['SMS_PIN', 'created', false]);
    expect(invoice.price).toEqual({ minor: 1000, currency: 'RUB' }); // the project's default price
    const ref = { projectId: 1, invoiceId: invoice.id };
    expect(value(await kassa.useCases.authorizeInvoice.execute({ ...ref, pinCode: '1234' })).state).toBe('authorized');
    await kassa.runJobs();
    const paid = value(await kassa.useCases.getInvoice.execute(ref));
    expect([paid.state, invoiceIsPaid(paid)]).toEqual(['processed', true]);
    expect(paid.transactions).toMatchObject([{ status: 'SUCCESS', resultCode: 0, sequenceNumber: 1 }]);
    const events = await kassa.ports.outbox.pending(10);
    expect(events.map((e) => e.type)).toEqual(['PaymentUpdated']);
    expect(events[0]).toMatchObject({
      aggregate: { kind: 'invoice', id: invoice.id },
      merchantOrderId: 'o1',
      invoiceState: 'processed',
      transaction: { status: 'SUCCESS', resultCode: 0, price: { minor: 1000, currency: 'RUB' } },
    });
  });

  it('one active invoice per client per project: 409 INVOICE_ALREADY_EXISTS with the id, free again once paid or cancelled', async () => {
    const { useCases } = testKassa();
    const first = value(await useCases.createInvoice.execute({ ...order('o1'), customer: phone() })).invoice;
    const second = await useCases.createInvoice.execute({ ...order('o2'), customer: phone() });
    expect(second).toEqual({ ok: false, error: expect.objectContaining({ code: 'INVOICE_ALREADY_EXISTS', details: { invoice_id: first.id } }) });
    expect(codeOf(await useCases.createInvoice.execute({ ...order('o3'), customer: phone('79007654321') }))).toBe('ok');
    expect(codeOf(await useCases.createInvoice.execute({ ...order('o4'), projectId: 2, customer: phone() }))).toBe('ok');
    await useCases.cancelInvoice.execute({ projectId: 1, invoiceId: first.id });
    expect(codeOf(await useCases.createInvoice.execute({ ...order('o5'), customer: phone() }))).toBe('ok');
  });

  it('a merchant_order_id is used once per project', async () => {
    const { useCases } = testKassa();
    const first = value(await useCases.createInvoice.execute({ ...order('o1'), customer: phone() })).invoice;
    await useCases.cancelInvoice.execute({ projectId: 1, invoiceId: first.id });
    const again = await useCases.createInvoice.execute({ ...order('o1'), customer: phone('79007654321') });
    expect(again).toMatchObject({ ok: false, error: { code: 'INVOICE_ALREADY_EXISTS', details: { invoice_id: first.id } } });
  });

  it('three wrong invoice PINs, then INVOICE_AUTH_ATTEMPTS_EXCEEDED even for the right PIN', async () => {
    const { useCases } = testKassa();
    const { invoice } = value(await useCases.createInvoice.execute({ ...order('o1'), customer: phone() }));
    const codes = [];
    for (const pin of ['0', '1', '2', '1234']) codes.push(codeOf(await useCases.authorizeInvoice.execute({ projectId: 1, invoiceId: invoice.id, pinCode: pin })));
    expect(codes).toEqual(['INVOICE_NOT_AUTHORIZED', 'INVOICE_NOT_AUTHORIZED', 'INVOICE_AUTH_ATTEMPTS_EXCEEDED', 'INVOICE_AUTH_ATTEMPTS_EXCEEDED']);
  });

  it('under an active contract: BY_CONTRACT with the contract block, charged after creation', async () => {
    const kassa = testKassa();
    const contract = value(await kassa.useCases.createContract.execute({ projectId: 1, merchantContractId: 'mc', customer: phone() }));
    await kassa.useCases.authorizeContract.execute({ projectId: 1, contractId: contract.id, pinCode: '1234' });
    const { invoice } = value(await kassa.useCases.createInvoice.execute({ ...order('o1'), customer: phone(), contract: { merchantContractId: 'mc', createIfNotExists: false } }));
    expect(invoice.authorizationType).toBe('BY_CONTRACT');
    expect(invoice.contract).toEqual({ contractId: contract.id, authorizationType: 'SMS_PIN', expiresAt: contract.expiresAt, merchantContractId: 'mc' });
    await kassa.runJobs();
    expect(value(await kassa.useCases.getInvoice.execute({ projectId: 1, invoiceId: invoice.id })).state).toBe('processed');
  });

  it('FailedSequencePayment: a FAILED transaction with result_code 210, status unchanged, payment.updated recorded', async () => {
    const kassa = testKassa();
    const contract = value(await kassa.useCases.createContract.execute({ projectId: 1, merchantContractId: 'mc', customer: phone() }));
    await kassa.useCases.authorizeContract.execute({ projectId: 1, contractId: contract.id, pinCode: '1234' });
    const { invoice } = value(
      await kassa.useCases.createInvoice.execute({
        ...order('o1'),
        customer: phone(),
        contract: { merchantContractId: 'mc', createIfNotExists: false },
        testInfo: { expectedBillingResult: 'FailedSequencePayment' },
      }),
    );
    await kassa.runJobs();
    const after = value(await kassa.useCases.getInvoice.execute({ projectId: 1, invoiceId: invoice.id }));
    expect([after.state, invoiceIsPaid(after)]).toEqual(['created', false]);
    expect(after.transactions).toMatchObject([{ status: 'FAILED', resultCode: 210 }]);
    expect((await kassa.ports.outbox.pending(10)).filter((e) => e.type === 'PaymentUpdated')).toHaveLength(1);
    await kassa.runJobs(); // a repeated charge job does not charge again
    expect(kassa.ports.gateway.chargeCount).toBe(1);
  });

  it('contract rules: unknown contract is CONTRACT_NOT_FOUND; create_if_not_exists makes one awaiting its PIN', async () => {
    const { useCases } = testKassa();
    const missing = await useCases.createInvoice.execute({ ...order('o1'), customer: phone(), contract: { merchantContractId: 'new', createIfNotExists: false } });
    expect(codeOf(missing)).toBe('CONTRACT_NOT_FOUND');
    const { invoice } = value(await useCases.createInvoice.execute({ ...order('o2'), customer: phone(), contract: { merchantContractId: 'new', createIfNotExists: true } }));
    expect(invoice.authorizationType).toBe('SMS_PIN');
    expect(invoice.contract?.merchantContractId).toBe('new');
  });

  it('card branch: AUTH_PAGE with a payment page link; a contract block is BAD_REQUEST', async () => {
    const { useCases } = testKassa();
    const created = value(await useCases.createInvoice.execute({ ...order('o1'), customer: card }));
    expect(created.invoice.authorizationType).toBe('AUTH_PAGE');
    expect(created.paymentPage?.url).toContain(created.invoice.id);
    expect(created.paymentPage?.token).toBeTruthy();
    expect(codeOf(await useCases.createInvoice.execute({ ...order('o2'), customer: card, contract: { merchantContractId: 'x', createIfNotExists: false } }))).toBe('BAD_REQUEST');
  });

  it('card binding: bank_card needs contract.merchant_contract_id; with it the card is bound (SKIP) and charged BY_CONTRACT', async () => {
    const kassa = testKassa();
    expect(codeOf(await kassa.useCases.createInvoice.execute({ ...order('o1'), customer: boundCard }))).toBe('BAD_REQUEST');
    const { invoice } = value(await kassa.useCases.createInvoice.execute({ ...order('o2'), customer: boundCard, contract: { merchantContractId: 'card-1', createIfNotExists: false } }));
    expect(invoice.authorizationType).toBe('BY_CONTRACT');
    expect(invoice.contract?.authorizationType).toBe('SKIP');
    await kassa.runJobs();
    expect(value(await kassa.useCases.getInvoice.execute({ projectId: 1, invoiceId: invoice.id })).state).toBe('processed');
  });

  it('price: the project default, else order.price is required; it must be positive', async () => {
    const { useCases } = testKassa();
    expect(codeOf(await useCases.createInvoice.execute({ ...order('o1'), projectId: 3, customer: phone() }))).toBe('BAD_REQUEST');
    expect(codeOf(await useCases.createInvoice.execute({ ...order('o2'), projectId: 3, customer: phone(), price: { minor: 0, currency: 'RUB' } }))).toBe('BAD_REQUEST');
    const { invoice } = value(await useCases.createInvoice.execute({ ...order('o3'), projectId: 3, customer: phone(), price: { minor: 4999, currency: 'RUB' } }));
    expect(invoice.price.minor).toBe(4999);
  });

  it('test_info.callback_url needs the partner flag', async () => {
    const { useCases } = testKassa();
    const callback = { callbackUrl: 'http://127.0.0.1:9/cb' };
    expect(codeOf(await useCases.createInvoice.execute({ ...order('o1'), customer: phone(), testInfo: callback }))).toBe('TEST_CALLBACK_URL_FORBIDDEN');
    expect(codeOf(await useCases.createInvoice.execute({ projectId: 4, partnerLogin: 'flagged', merchantOrderId: 'o1', customer: phone(), testInfo: callback }))).toBe('ok');
  });

  it('refund: INVOICE_NOT_PAID before payment; processing, then completed with refund.completed; a repeat is the same refund', async () => {
    const kassa = testKassa();
    const { invoice } = value(await kassa.useCases.createInvoice.execute({ ...order('o1'), customer: phone() }));
    const ref = { projectId: 1, invoiceId: invoice.id };
    expect(codeOf(await kassa.useCases.refundInvoice.execute(ref))).toBe('INVOICE_NOT_PAID');
    await kassa.useCases.authorizeInvoice.execute({ ...ref, pinCode: '1234' });
    await kassa.runJobs();
    expect(value(await kassa.useCases.refundInvoice.execute(ref)).refundStatus).toBe('processing');
    expect(value(await kassa.useCases.refundInvoice.execute(ref)).refundStatus).toBe('processing');
    await kassa.runJobs();
    const done = value(await kassa.useCases.getInvoice.execute(ref));
    expect([done.refundStatus, done.state]).toEqual(['completed', 'processed']);
    expect((await kassa.ports.outbox.pending(10)).filter((e) => e.type === 'RefundCompleted')).toHaveLength(1);
    expect(kassa.ports.gateway.refundCount).toBe(1);
  });

  it('cancel: Cancelled; again is the same answer; a paid invoice refuses', async () => {
    const kassa = testKassa();
    const { invoice } = value(await kassa.useCases.createInvoice.execute({ ...order('o1'), customer: phone() }));
    const ref = { projectId: 1, invoiceId: invoice.id };
    expect(value(await kassa.useCases.cancelInvoice.execute(ref)).state).toBe('cancelled');
    expect(value(await kassa.useCases.cancelInvoice.execute(ref)).state).toBe('cancelled');
    const other = value(await kassa.useCases.createInvoice.execute({ ...order('o2'), customer: phone() })).invoice;
    await kassa.useCases.authorizeInvoice.execute({ projectId: 1, invoiceId: other.id, pinCode: '1234' });
    await kassa.runJobs();
    expect(codeOf(await kassa.useCases.cancelInvoice.execute({ projectId: 1, invoiceId: other.id }))).toBe('INVOICE_WRONG_STATE');
  });

  it('lookups: by id and by merchant_order_id, never across projects', async () => {
    const { useCases } = testKassa();
    const { invoice } = value(await useCases.createInvoice.execute({ ...order('o1'), customer: phone() }));
    expect(value(await useCases.findInvoiceByOrderId.execute({ projectId: 1, merchantOrderId: 'o1' })).id).toBe(invoice.id);
    expect(codeOf(await useCases.findInvoiceByOrderId.execute({ projectId: 2, merchantOrderId: 'o1' }))).toBe('INVOICE_NOT_FOUND');
    expect(codeOf(await useCases.getInvoice.execute({ projectId: 2, invoiceId: invoice.id }))).toBe('INVOICE_NOT_FOUND');
  });

  it('an unpaid invoice is cancelled at expires_at, and the client may open a new one', async () => {
    const kassa = testKassa();
    const { invoice } = value(await kassa.useCases.createInvoice.execute({ ...order('o1'), customer: phone() }));
    await kassa.advance(24 * 3600);
    expect(value(await kassa.useCases.getInvoice.execute({ projectId: 1, invoiceId: invoice.id })).state).toBe('cancelled');
    expect(codeOf(await kassa.useCases.createInvoice.execute({ ...order('o2'), customer: phone() }))).toBe('ok');
  });

  it('the due-work sweep does the work of lost jobs', async () => {
    const kassa = testKassa();
    const { invoice } = value(await kassa.useCases.createInvoice.execute({ ...order('o1'), customer: phone() }));
    await kassa.useCases.authorizeInvoice.execute({ projectId: 1, invoiceId: invoice.id, pinCode: '1234' });
    kassa.ports.scheduler.takeDue(new Date('2100-01-01')); // the scheduler lost every job
    expect(await kassa.useCases.runDueWork.execute()).toBe(1);
    expect(value(await kassa.useCases.getInvoice.execute({ projectId: 1, invoiceId: invoice.id })).state).toBe('processed');
    expect(await kassa.useCases.runDueWork.execute()).toBe(0);
  });
});
