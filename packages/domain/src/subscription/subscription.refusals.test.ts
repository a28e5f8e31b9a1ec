import { describe, expect, it } from 'vitest';
import { approveSubscription, cancelSubscription, completeSubscriptionPayment, openSubscription, resendSubscriptionPin, type Subscription, type SubscriptionState } from './subscription.js';

// Every state x command a machine refuses, with the answer the spec (or decisions) gives it.
const stamp = { now: '2026-01-01T00:10:00.000Z', newId: () => 'e' };
const make = (channel: 'SMS_PIN' | 'AUTH_PAGE', state: SubscriptionState): Subscription => ({
  ...openSubscription({
    id: 's',
    projectId: 1,
    acceptanceChannel: channel,
    subscriberMsisdn: channel === 'SMS_PIN' ? '79001234567' : null,
    subscriberId: channel === 'AUTH_PAGE' ? 'c-1' : null,
    country: 'ru',
    operatorId: 22,
    pinDigest: '1234',
    billing: { periodSeconds: null, maxIterations: 3, expectedResult: 'Success', amount: { minor: 1000, currency: 'RUB' } },
    now: '2026-01-01T00:00:00.000Z',
  }),
  state,
  pinResends: state === 'pending' && channel === 'SMS_PIN' ? 3 : 0,
});
const answer = (change: { outcome: { ok: boolean; error?: { code: string } }; next?: unknown }) => (change.outcome.ok ? (change.next ? 'changed' : 'unchanged') : change.outcome.error?.code);

describe('subscription refusals', () => {
  const commands = {
    approve: (s: Subscription) => answer(approveSubscription(s, '1234', stamp)),
    payment: (s: Subscription) => answer(completeSubscriptionPayment(s, stamp)),
    resend: (s: Subscription) => answer(resendSubscriptionPin(s, '1234', stamp)),
    cancel: (s: Subscription) => answer(cancelSubscription(s, stamp)),
  };
  it.each([
    ['SMS_PIN', 'pending', 'payment', 'SUBSCRIPTION_WRONG_STATE'],
    ['SMS_PIN', 'pending', 'resend', 'SUBSCRIPTION_RESEND_LIMIT_EXCEEDED'],
    ['AUTH_PAGE', 'pending', 'approve', 'SUBSCRIPTION_WRONG_STATE'],
    ['AUTH_PAGE', 'pending', 'resend', 'SUBSCRIPTION_WRONG_STATE'],
    ['SMS_PIN', 'active', 'approve', 'SUBSCRIPTION_ALREADY_APPROVED'],
    ['AUTH_PAGE', 'active', 'payment', 'SUBSCRIPTION_ALREADY_APPROVED'],
    ['SMS_PIN', 'active', 'resend', 'SUBSCRIPTION_WRONG_STATE'],
    ['SMS_PIN', 'approvingFailed', 'approve', 'SUBSCRIPTION_APPROVING_FAILED'],
    ['SMS_PIN', 'approvingFailed', 'cancel', 'unchanged'],
    ['SMS_PIN', 'cancelled', 'approve', 'SUBSCRIPTION_WRONG_STATE'],
    ['AUTH_PAGE', 'cancelled', 'payment', 'SUBSCRIPTION_WRONG_STATE'],
    ['SMS_PIN', 'cancelled', 'cancel', 'unchanged'],
    ['SMS_PIN', 'closed', 'approve', 'SUBSCRIPTION_WRONG_STATE'],
    ['SMS_PIN', 'closed', 'resend', 'SUBSCRIPTION_WRONG_STATE'],
    ['SMS_PIN', 'closed', 'cancel', 'unchanged'],
  ] as const)('%s %s, %s: %s', (channel, state, command, expected) => {
    expect(commands[command](make(channel, state))).toBe(expected);
  });
});
