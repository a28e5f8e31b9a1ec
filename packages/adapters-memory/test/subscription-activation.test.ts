import { describe, expect, it } from 'vitest';
import { TEST_ENVIRONMENT_CARDS } from '../src/index.js';
import { readPaymentCard } from '@kassa-payments/domain';
import { codeOf, testKassa, value } from './kassa.fixture.js';

const card = (pan: string) => value(readPaymentCard({ pan, expiry: '12/30', securityCode: '123' }, new Date('2026-11-23T10:00:00Z')));
const status = async (kassa: ReturnType<typeof testKassa>, subscriptionId: string) => value(await kassa.useCases.getSubscriptionStatus.execute({ projectId: 1, by: { subscriptionId } })).state;

describe('AUTH_PAGE activation by paying on the page', () => {
  it('a declined card leaves it Pending; the success card activates it, with one ACTIVATED event, and the first charge a period later', async () => {
    const kassa = testKassa();
    const { subscription, authorizeUrl } = value(await kassa.useCases.createSubscription.execute({ projectId: 1, customerType: 'Card', customerId: 'c-1', testInfo: { billingPeriodSeconds: 60 } }));
    expect([subscription.acceptanceChannel, authorizeUrl !== undefined]).toEqual(['AUTH_PAGE', true]);
    const ref = { projectId: 1, subscriptionId: subscription.id };
    expect(value(await kassa.useCases.paySubscriptionOnPage.execute({ ...ref, method: 'card', card: card(TEST_ENVIRONMENT_CARDS.declined) }))).toMatchObject({ status: 'FAILED', resultCode: 210 });
    expect(await status(kassa, subscription.id)).toBe('pending');
    expect(value(await kassa.useCases.paySubscriptionOnPage.execute({ ...ref, method: 'card', card: card(TEST_ENVIRONMENT_CARDS.success) }))).toMatchObject({ status: 'SUCCESS' });
    expect(await status(kassa, subscription.id)).toBe('active');
    expect(value(await kassa.useCases.paySubscriptionOnPage.execute({ ...ref, method: 'card', card: card(TEST_ENVIRONMENT_CARDS.success) }))).toBeNull();
    expect((await kassa.ports.outbox.pending(10)).map((e) => e.type)).toEqual(['SubscriptionActivated']);
    expect(kassa.ports.gateway.chargeCount).toBe(2); // the declined try and the paid one: two keys
    await kassa.advance(60);
    expect((await kassa.ports.outbox.pending(10)).map((e) => e.type)).toEqual(['SubscriptionActivated', 'SubscriptionCharged']);
  });

  it('by QR (a method of the project); an SMS_PIN or WAP subscription is not paid on the page', async () => {
    const kassa = testKassa();
    const page = value(await kassa.useCases.createSubscription.execute({ projectId: 1, customerType: 'Card', customerId: 'c-2' })).subscription;
    expect(codeOf(await kassa.useCases.paySubscriptionOnPage.execute({ projectId: 1, subscriptionId: page.id, method: 'tpay' }))).toBe('INVALID_PAYMENT_METHOD');
    expect(value(await kassa.useCases.paySubscriptionOnPage.execute({ projectId: 1, subscriptionId: page.id, method: 'sbp' }))).toMatchObject({ status: 'SUCCESS' });
    const sms = value(await kassa.useCases.createSubscription.execute({ projectId: 1, msisdn: '79001234567' })).subscription;
    const wap = value(await kassa.useCases.createSubscription.execute({ projectId: 1, clientIp: '203.0.113.9' })).subscription;
    for (const s of [sms, wap]) expect(codeOf(await kassa.useCases.paySubscriptionOnPage.execute({ projectId: 1, subscriptionId: s.id, method: 'sbp' }))).toBe('SUBSCRIPTION_WRONG_STATE');
  });
});

describe('WAP activation at the operator gateway', () => {
  it('approved: Active with the number the gateway determined; the same number again: alreadyexist; declined: Cancelled', async () => {
    const kassa = testKassa();
    const create = async () => value(await kassa.useCases.createSubscription.execute({ projectId: 1, clientIp: '203.0.113.9' })).subscription;
    const first = await create();
    expect(first.acceptanceChannel).toBe('AUTH_PAGE');
    const approved = value(await kassa.useCases.confirmWapSubscription.execute({ projectId: 1, subscriptionId: first.id, msisdn: '79005550001', confirmed: true }));
    expect([approved.action, approved.subscription.subscriberMsisdn, approved.subscription.state]).toEqual(['approved', '79005550001', 'active']);
    const second = await create();
    expect(value(await kassa.useCases.confirmWapSubscription.execute({ projectId: 1, subscriptionId: second.id, msisdn: '79005550001', confirmed: true })).action).toBe('alreadyexist');
    expect(await status(kassa, second.id)).toBe('pending');
    const declined = value(await kassa.useCases.confirmWapSubscription.execute({ projectId: 1, subscriptionId: second.id, msisdn: '79005550002', confirmed: false }));
    expect([declined.action, declined.subscription.state]).toEqual(['cancelled', 'cancelled']);
    const events = await kassa.ports.outbox.pending(10);
    expect(events.map((e) => e.type)).toEqual(['SubscriptionActivated', 'SubscriptionCancelled']);
    expect(events[0]).toMatchObject({ subscriberMsisdn: '79005550001', operatorId: 22 });
  });

  it('a number sent with ClientIP must be in the address country (the sandbox: 198.51.100.0/24 is abroad)', async () => {
    const { useCases } = testKassa();
    expect(codeOf(await useCases.createSubscription.execute({ projectId: 1, msisdn: '79001234567', clientIp: '203.0.113.9' }))).toBe('ok');
    const abroad = await useCases.createSubscription.execute({ projectId: 1, msisdn: '79001234567', clientIp: '198.51.100.7' });
    expect(abroad).toMatchObject({ ok: false, error: { code: 'SUBSCRIPTION_WRONG_PARAMS' } });
  });
});
