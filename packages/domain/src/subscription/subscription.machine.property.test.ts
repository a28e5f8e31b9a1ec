import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { subscriptionMachine, type AcceptanceChannel, type SubscriptionFields, type SubscriptionMachineEvent } from './subscription.js';
import { emittedOf } from '../shared/machine-step.js';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const WINDOW_MS = 3 * 3600 * 1000;
const amount = { minor: 1000, currency: 'RUB' };

/** The spec's subscription table, written out again without XState; times in ms. */
type ModelState = 'pending' | 'active' | 'cancelled' | 'approvingFailed' | 'closed';
interface Model {
  state: ModelState;
  attempts: number;
  resends: number;
  /** The PIN that confirms now: a resend replaces it. */
  pin: string;
  successes: number;
  charges: number;
  nextChargeAt: number | null;
  refunded: string[];
  ops: { id: string; ok: boolean }[];
  emitted: string[];
}
type Step =
  | { kind: 'approve'; pin: string }
  | { kind: 'payment' }
  | { kind: 'resend'; pin: string }
  | { kind: 'cancel' }
  | { kind: 'expire' }
  | { kind: 'charge'; ok: boolean }
  | { kind: 'refund'; pick: number };

function modelStep(m: Model, s: Step, now: number, channel: AcceptanceChannel, period: number | null, max: number, opId: string): Model {
  const next: Model = { ...m, emitted: [] };
  if (s.kind === 'refund') {
    const op = m.ops[s.pick % Math.max(1, m.ops.length)];
    return op?.ok && !m.refunded.includes(op.id) ? { ...next, refunded: [...m.refunded, op.id] } : next;
  }
  const activate = (): Model => ({ ...next, state: 'active', nextChargeAt: period === null ? null : now + period * 1000, emitted: ['SubscriptionActivated'] });
  if (m.state === 'pending') {
    const windowClosed = now >= T0 + WINDOW_MS;
    switch (s.kind) {
      case 'approve':
        // ApproveSubscription is not applicable to AUTH_PAGE subscriptions: it changes nothing there.
        if (channel !== 'SMS_PIN') return next;
        if (windowClosed) return { ...next, state: 'approvingFailed', emitted: ['SubscriptionApprovingFailed'] };
        if (m.attempts >= 3) return next;
        if (s.pin === m.pin) return activate();
        if (m.attempts === 2) return { ...next, attempts: 3, state: 'approvingFailed', emitted: ['SubscriptionApprovingFailed'] };
        return { ...next, attempts: m.attempts + 1 };
      case 'payment':
        return channel === 'AUTH_PAGE' ? activate() : next;
      case 'resend':
        return channel === 'SMS_PIN' && m.resends < 3 ? { ...next, resends: m.resends + 1, pin: s.pin } : next;
      case 'cancel':
        return { ...next, state: 'cancelled', emitted: ['SubscriptionCancelled'] };
      case 'expire':
        return windowClosed ? { ...next, state: 'approvingFailed', emitted: ['SubscriptionApprovingFailed'] } : next;
      default:
        return next;
    }
  }
  if (m.state === 'active') {
    if (s.kind === 'cancel') return { ...next, state: 'cancelled', nextChargeAt: null, emitted: ['SubscriptionCancelled'] };
    if (s.kind === 'charge' && m.nextChargeAt !== null && now >= m.nextChargeAt) {
      const successes = m.successes + (s.ok ? 1 : 0);
      const charges = m.charges + 1;
      const ops = [...m.ops, { id: opId, ok: s.ok }];
      const closes = s.ok ? successes >= max : charges >= 100;
      return closes
        ? { ...next, successes, charges, ops, state: 'closed', nextChargeAt: null, emitted: ['SubscriptionCharged', 'SubscriptionClosed'] }
        : { ...next, successes, charges, ops, nextChargeAt: now + (period ?? 0) * 1000, emitted: ['SubscriptionCharged'] };
    }
  }
  return next; // terminal states absorb everything but refunds
}

const stepArb: fc.Arbitrary<{ step: Step; advance: number }> = fc.record({
  step: fc.oneof(
    fc.constantFrom('1234', '0000', '5555').map((pin): Step => ({ kind: 'approve', pin })),
    fc.constant<Step>({ kind: 'payment' }),
    fc.constantFrom('5555', '0000').map((pin): Step => ({ kind: 'resend', pin })),
    fc.constant<Step>({ kind: 'cancel' }),
    fc.constant<Step>({ kind: 'expire' }),
    fc.boolean().map((ok): Step => ({ kind: 'charge', ok })),
    fc.nat(5).map((pick): Step => ({ kind: 'refund', pick })),
  ),
  advance: fc.constantFrom(0, 1, 30, 60, 3600, 4 * 3600),
});

describe('subscription machine', () => {
  test.prop(
    [
      fc.constantFrom<AcceptanceChannel>('SMS_PIN', 'AUTH_PAGE'),
      fc.option(fc.constantFrom(1, 30, 60, 86400), { nil: null }),
      fc.integer({ min: 1, max: 4 }),
      fc.array(stepArb, { maxLength: 40, size: 'max' }),
    ],
    { numRuns: 300 },
  )(
    'follows the spec table, step by step, through JSON persistence',
    (channel, period, max, steps) => {
      const fields: SubscriptionFields = {
        id: 's1',
        projectId: 1,
        acceptanceChannel: channel,
        subscriberMsisdn: '79001234567',
        subscriberId: null,
        country: 'ru',
        operatorId: 22,
        pinDigest: channel === 'SMS_PIN' ? '1234' : null,
        pinAttempts: 0,
        pinResends: 0,
        activationAttempts: 0,
        trialExists: false,
        createdAt: new Date(T0).toISOString(),
        approvalDeadline: new Date(T0 + WINDOW_MS).toISOString(),
        activatedAt: null,
        closedAt: null,
        paidUntil: null,
        billing: { periodSeconds: period, maxIterations: max, expectedResult: 'Success', amount },
        successfulCharges: 0,
        chargeAttempts: 0,
        nextChargeAt: null,
        billingOperations: [],
      };
      let [snapshot] = initialTransition(subscriptionMachine, fields);
      let m: Model = { state: 'pending', attempts: 0, resends: 0, pin: '1234', successes: 0, charges: 0, nextChargeAt: null, refunded: [], ops: [], emitted: [] };
      let now = T0;
      steps.forEach(({ step, advance }, n) => {
        now += advance * 1000;
        const at = new Date(now).toISOString();
        const opId = `op-${n}`;
        const op = m.ops[step.kind === 'refund' ? step.pick % Math.max(1, m.ops.length) : 0];
        const event: SubscriptionMachineEvent = {
          approve: () => ({ type: 'APPROVE' as const, pinDigest: step.kind === 'approve' ? step.pin : '', now: at }),
          payment: () => ({ type: 'PAYMENT_COMPLETED' as const, now: at }),
          resend: () => ({ type: 'RESEND_PIN' as const, pinDigest: step.kind === 'resend' ? step.pin : '' }),
          cancel: () => ({ type: 'CANCEL' as const, now: at }),
          expire: () => ({ type: 'EXPIRE_APPROVAL' as const, now: at }),
          charge: () => ({
            type: step.kind === 'charge' && step.ok ? ('CHARGE_SUCCEEDED' as const) : ('CHARGE_FAILED' as const),
            operation: { id: opId, status: step.kind === 'charge' && step.ok ? ('SUCCESS' as const) : ('FAILED' as const), amount, at, refunded: false },
          }),
          refund: () => ({ type: 'REFUND_OPERATION' as const, operationId: op?.id ?? 'none' }),
        }[step.kind]();
        const stored = JSON.parse(JSON.stringify({ value: snapshot.value, context: snapshot.context }));
        const [next, actions] = transition(subscriptionMachine, subscriptionMachine.resolveState(stored), event);
        m = modelStep(m, step, now, channel, period, max, opId);
        const c = next.context;
        expect({
          state: next.value,
          attempts: c.pinAttempts,
          resends: c.pinResends,
          successes: c.successfulCharges,
          charges: c.chargeAttempts,
          nextChargeAt: c.nextChargeAt === null ? null : Date.parse(c.nextChargeAt),
          refunded: c.billingOperations
            .filter((o) => o.refunded)
            .map((o) => o.id)
            .sort(),
        }).toEqual({ state: m.state, attempts: m.attempts, resends: m.resends, successes: m.successes, charges: m.charges, nextChargeAt: m.nextChargeAt, refunded: [...m.refunded].sort() });
        expect(emittedOf(actions).map((e) => e.type)).toEqual(m.emitted);
        expect(c.pinAttempts).toBeLessThanOrEqual(3);
        expect(c.pinResends).toBeLessThanOrEqual(3);
        if (snapshot.value === 'approvingFailed' && event.type === 'APPROVE') expect(next.value).toBe('approvingFailed');
        const terminal = ['cancelled', 'approvingFailed', 'closed'].includes(String(snapshot.value));
        if (terminal && event.type !== 'REFUND_OPERATION') {
          expect({ value: next.value, context: next.context }).toEqual({ value: snapshot.value, context: snapshot.context });
        }
        if (event.type === 'REFUND_OPERATION') {
          expect(next.value).toBe(snapshot.value);
          expect(c.nextChargeAt).toBe(snapshot.context.nextChargeAt);
        }
        snapshot = next;
      });
      // Pure CPU (about 3 s alone): a budget for a busy 2-core machine, not a wait (the default 5 s ran out beside the suite).
    },
    30_000,
  );
});
