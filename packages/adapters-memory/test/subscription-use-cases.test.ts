import { describe, expect, it } from 'vitest';
import { codeOf, testKassa, value } from './kassa.fixture.js';

const bySms = (testInfo = {}) => ({ projectId: 1, msisdn: '79001234567', testInfo });

describe('subscription use cases', () => {
  it('SMS_PIN: Pending; wrong PINs give InvalidPinCode with attempts left; 1234 activates with a notification; again is SubscriptionAlreadyApproved', async () => {
    const kassa = testKassa();
    const { subscription } = value(await kassa.useCases.createSubscription.execute(bySms()));
    expect([subscription.state, subscription.acceptanceChannel, subscription.operatorId, subscription.country]).toEqual(['pending', 'SMS_PIN', 22, 'ru']);
    expect(await kassa.ports.outbox.pending(10)).toEqual([]); // no notification at creation
    const ref = { projectId: 1, subscriptionId: subscription.id };
    const wrong = await kassa.useCases.approveSubscription.execute({ ...ref, pinCode: '0000' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'SUBSCRIPTION_INVALID_PIN_CODE', details: { attempts_left: 2 } } });
    expect(value(await kassa.useCases.approveSubscription.execute({ ...ref, pinCode: '1234' })).state).toBe('active');
    expect(codeOf(await kassa.useCases.approveSubscription.execute({ ...ref, pinCode: '1234' }))).toBe('SUBSCRIPTION_ALREADY_APPROVED');
    expect((await kassa.ports.outbox.pending(10)).map((e) => e.type)).toEqual(['SubscriptionActivated']);
  });

  it('the third wrong PIN makes it ApprovingFailed for good', async () => {
    const { useCases } = testKassa();
    const { subscription } = value(await useCases.createSubscription.execute(bySms()));
    const ref = { projectId: 1, subscriptionId: subscription.id };
    const codes = [];
    for (const pin of ['1', '2', '3', '1234']) codes.push(codeOf(await useCases.approveSubscription.execute({ ...ref, pinCode: pin })));
    expect(codes).toEqual(['SUBSCRIPTION_INVALID_PIN_CODE', 'SUBSCRIPTION_INVALID_PIN_CODE', 'SUBSCRIPTION_INVALID_PIN_CODE', 'SUBSCRIPTION_APPROVING_FAILED']);
    expect(value(await useCases.getSubscriptionStatus.execute({ projectId: 1, by: ref })).state).toBe('approvingFailed');
  });

  it('not confirmed within 3 hours: ApprovingFailed', async () => {
    const kassa = testKassa();
    const { subscription } = value(await kassa.useCases.createSubscription.execute(bySms()));
    await kassa.advance(3 * 3600 - 1);
    expect(value(await kassa.useCases.getSubscriptionStatus.execute({ projectId: 1, by: { subscriptionId: subscription.id } })).state).toBe('pending');
    await kassa.advance(1);
    expect(value(await kassa.useCases.getSubscriptionStatus.execute({ projectId: 1, by: { subscriptionId: subscription.id } })).state).toBe('approvingFailed');
  });

  it('charge cycle: every BillingPeriodSeconds from activation, CustomerPrice and BillingOperationID in each notification, closed after MaxIterations', async () => {
    const kassa = testKassa();
    const { subscription } = value(await kassa.useCases.createSubscription.execute(bySms({ billingPeriodSeconds: 60, maxIterations: 2, billingAmount: { minor: 2550, currency: 'RUB' } })));
    const ref = { projectId: 1, subscriptionId: subscription.id };
    await kassa.useCases.approveSubscription.execute({ ...ref, pinCode: '1234' });
    await kassa.advance(59);
    expect(kassa.ports.gateway.chargeCount).toBe(0);
    await kassa.advance(1);
    await kassa.advance(60);
    await kassa.advance(600);
    const after = value(await kassa.useCases.getSubscriptionStatus.execute({ projectId: 1, by: ref }));
    expect([after.state, after.successfulCharges]).toEqual(['closed', 2]);
    const charges = (await kassa.ports.outbox.pending(20)).flatMap((e) => (e.type === 'SubscriptionCharged' ? [e] : []));
    expect(charges.map((e) => [e.amount, e.result])).toEqual([
      [{ minor: 2550, currency: 'RUB' }, 'Success'],
      [{ minor: 2550, currency: 'RUB' }, 'Success'],
    ]);
    expect(charges.map((e) => e.billingOperationId)).toEqual(after.billingOperations.map((op) => op.id));
  });

  it('a declined charge is retried after the same period; RefundBillingOperation changes neither status nor schedule', async () => {
    const kassa = testKassa();
    const { subscription } = value(await kassa.useCases.createSubscription.execute(bySms({ billingPeriodSeconds: 30, expectedBillingResult: 'Failed' })));
    const ref = { projectId: 1, subscriptionId: subscription.id };
    await kassa.useCases.approveSubscription.execute({ ...ref, pinCode: '1234' });
    await kassa.advance(30);
    await kassa.advance(30);
    const s = value(await kassa.useCases.getSubscriptionStatus.execute({ projectId: 1, by: ref }));
    expect([s.state, s.chargeAttempts, s.successfulCharges]).toEqual(['active', 2, 0]);

    const ok = testKassa();
    const created = value(await ok.useCases.createSubscription.execute(bySms({ billingPeriodSeconds: 30, maxIterations: 5 }))).subscription;
    const okRef = { projectId: 1, subscriptionId: created.id };
    await ok.useCases.approveSubscription.execute({ ...okRef, pinCode: '1234' });
    await ok.advance(30);
    const before = value(await ok.useCases.getSubscriptionStatus.execute({ projectId: 1, by: okRef }));
    const opId = before.billingOperations[0]?.id ?? '';
    expect(value(await ok.useCases.refundBillingOperation.execute({ projectId: 1, billingOperationId: opId }))).toBe(opId);
    const refunded = value(await ok.useCases.getSubscriptionStatus.execute({ projectId: 1, by: okRef }));
    expect([refunded.state, refunded.nextChargeAt, refunded.billingOperations[0]?.refunded]).toEqual([before.state, before.nextChargeAt, true]);
  });

  it('ResendPinCode at most three times; not for AUTH_PAGE', async () => {
    const { useCases } = testKassa();
    const { subscription } = value(await useCases.createSubscription.execute(bySms()));
    const ref = { projectId: 1, subscriptionId: subscription.id };
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(codeOf(await useCases.resendSubscriptionPin.execute(ref)));
    expect(codes).toEqual(['ok', 'ok', 'ok', 'SUBSCRIPTION_RESEND_LIMIT_EXCEEDED']);
    const card = value(await useCases.createSubscription.execute({ projectId: 1, customerType: 'Card', customerId: 'c1' })).subscription;
    expect(codeOf(await useCases.resendSubscriptionPin.execute({ projectId: 1, subscriptionId: card.id }))).toBe('SUBSCRIPTION_WRONG_STATE');
  });

  it('ResendPinCode in production sends a new PIN (only digests are kept): the first no longer confirms, the new one does', async () => {
    const { useCases, ports } = testKassa('production');
    const { subscription } = value(await useCases.createSubscription.execute(bySms()));
    expect(subscription.pinDigest).toBe(`test-digest:${subscription.id}:4821`);
    const ref = { projectId: 1, subscriptionId: subscription.id };
    expect(codeOf(await useCases.resendSubscriptionPin.execute(ref))).toBe('ok');
    expect(ports.sms.sent.map((s) => s.pin)).toEqual(['4821', '9157']);
    expect(codeOf(await useCases.approveSubscription.execute({ ...ref, pinCode: '4821' }))).toBe('SUBSCRIPTION_INVALID_PIN_CODE');
    expect(value(await useCases.approveSubscription.execute({ ...ref, pinCode: '9157' })).state).toBe('active');
  });

  it('AUTH_PAGE: an AuthorizeUrl; activated by a completed payment, not by a PIN', async () => {
    const { useCases, ports } = testKassa();
    const created = value(await useCases.createSubscription.execute({ projectId: 1, customerType: 'Card', customerId: 'c1' }));
    expect(created.subscription.acceptanceChannel).toBe('AUTH_PAGE');
    expect(created.authorizeUrl).toContain(created.subscription.id);
    const ref = { projectId: 1, subscriptionId: created.subscription.id };
    expect(codeOf(await useCases.approveSubscription.execute({ ...ref, pinCode: '1234' }))).toBe('SUBSCRIPTION_WRONG_STATE');
    expect(value(await useCases.completeSubscriptionPayment.execute(ref)).state).toBe('active');
    expect((await ports.outbox.pending(10)).map((e) => e.type)).toEqual(['SubscriptionActivated']);
  });

  it('CancelSubscription by msisdn: Cancelled with a CANCELLED notification', async () => {
    const { useCases, ports } = testKassa();
    value(await useCases.createSubscription.execute(bySms()));
    const cancelled = value(await useCases.cancelSubscription.execute({ projectId: 1, by: { msisdn: '79001234567' } }));
    expect(cancelled.state).toBe('cancelled');
    expect((await ports.outbox.pending(10)).map((e) => e.type)).toEqual(['SubscriptionCancelled']);
    expect(codeOf(await useCases.cancelSubscription.execute({ projectId: 1, by: { msisdn: '70000000000' } }))).toBe('SUBSCRIPTION_NOT_FOUND');
  });

  it('GetSubscriptions: newest first, active and closed, filtered by subscriber, capped at 50 in test', async () => {
    const kassa = testKassa();
    const ids: string[] = [];
    for (let i = 0; i < 55; i++) {
      kassa.ports.clock.advance(1);
      const msisdn = i % 2 === 0 ? '79000000000' : '79111111111';
      ids.push(value(await kassa.useCases.createSubscription.execute({ projectId: 1, msisdn })).subscription.id);
    }
    await kassa.useCases.cancelSubscription.execute({ projectId: 1, by: { subscriptionId: ids[54] ?? '' } });
    const all = await kassa.useCases.listSubscriptions.execute({ projectId: 1 });
    expect(all).toHaveLength(50);
    expect(all.map((s) => s.id)).toEqual([...ids].reverse().slice(0, 50));
    expect(all[0]?.state).toBe('cancelled');
    const one = await kassa.useCases.listSubscriptions.execute({ projectId: 1, filter: { msisdn: '79111111111' } });
    expect(one).toHaveLength(27);
    expect(await kassa.useCases.listSubscriptions.execute({ projectId: 2 })).toEqual([]);
  });

  it('validates TestInfo ranges and the customer elements', async () => {
    const { useCases } = testKassa();
    expect(codeOf(await useCases.createSubscription.execute(bySms({ billingPeriodSeconds: 0 })))).toBe('SUBSCRIPTION_WRONG_PARAMS');
    expect(codeOf(await useCases.createSubscription.execute(bySms({ billingPeriodSeconds: 86401 })))).toBe('SUBSCRIPTION_WRONG_PARAMS');
    expect(codeOf(await useCases.createSubscription.execute(bySms({ billingPeriodSeconds: 86400, maxIterations: 100 })))).toBe('ok');
    expect(codeOf(await useCases.createSubscription.execute(bySms({ maxIterations: 101 })))).toBe('SUBSCRIPTION_WRONG_PARAMS');
    expect(codeOf(await useCases.createSubscription.execute({ projectId: 1 }))).toBe('SUBSCRIPTION_WRONG_PARAMS');
    expect(codeOf(await useCases.createSubscription.execute({ projectId: 1, customerType: 'Card' }))).toBe('SUBSCRIPTION_WRONG_PARAMS');
  });
});
