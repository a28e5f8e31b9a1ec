import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { invoiceMachine, type InvoiceAuthorizationType, type InvoiceFields, type InvoiceMachineEvent } from './invoice.js';
import type { Transaction } from './transaction.js';
import { emittedOf } from '../shared/machine-step.js';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const LIFETIME_MS = 24 * 3600 * 1000;

/** The spec's invoice table, written out again without XState. */
type ModelState = 'created' | 'authorized' | 'processed' | 'cancelled';
interface Model {
  state: ModelState;
  attempts: number;
  transactions: number;
  refund: null | 'processing' | 'completed' | 'failed';
  emitted: string[];
}
const model = {
  initial: (): Model => ({ state: 'created', attempts: 0, transactions: 0, refund: null, emitted: [] }),
  step(m: Model, e: InvoiceMachineEvent, type: InvoiceAuthorizationType): Model {
    const next: Model = { ...m, emitted: [] };
    const chargeable = (m.state === 'created' && type !== 'SMS_PIN') || m.state === 'authorized';
    const open = m.state === 'created' || m.state === 'authorized';
    switch (e.type) {
      case 'PIN':
        if (m.state !== 'created' || type !== 'SMS_PIN' || m.attempts >= 3) return next;
        return e.pinDigest === '1234' ? { ...next, state: 'authorized' } : { ...next, attempts: m.attempts + 1 };
      case 'CANCEL':
        return open ? { ...next, state: 'cancelled' } : next;
      case 'CHARGE_SUCCEEDED':
        return chargeable ? { ...next, state: 'processed', transactions: m.transactions + 1, emitted: ['PaymentUpdated'] } : next;
      case 'CHARGE_FAILED':
        return chargeable ? { ...next, transactions: m.transactions + 1, emitted: ['PaymentUpdated'] } : next;
      case 'REFUND':
        // A refund the gateway refused may be asked for again.
        return m.state === 'processed' && (m.refund === null || m.refund === 'failed') ? { ...next, refund: 'processing' } : next;
      case 'REFUND_COMPLETED':
        return m.state === 'processed' && m.refund === 'processing' ? { ...next, refund: 'completed', emitted: ['RefundCompleted'] } : next;
      case 'REFUND_FAILED':
        return m.state === 'processed' && m.refund === 'processing' ? { ...next, refund: 'failed', emitted: ['RefundFailed'] } : next;
      case 'EXPIRE':
        return open && Date.parse(e.now) >= T0 + LIFETIME_MS ? { ...next, state: 'cancelled' } : next;
      case 'CHARGE':
        return next;
    }
  },
};

const tx = (status: 'SUCCESS' | 'FAILED'): Transaction => {
  const m = { minor: 1000, currency: 'RUB' };
  return {
    id: 't',
    partNumber: 1,
    sequenceNumber: 1,
    status,
    resultCode: status === 'SUCCESS' ? 0 : 210,
    resultDescription: '',
    paidAt: null,
    price: m,
    partnerProfit: m,
    totalPaid: m,
    totalRemaining: m,
    billingChannel: 'MC',
    serviceNumber: '0',
  };
};

const eventArb: fc.Arbitrary<InvoiceMachineEvent> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('1234', '0000', '9999').map((pin) => ({ type: 'PIN' as const, pinDigest: pin })) },
  { weight: 1, arbitrary: fc.constant({ type: 'CANCEL' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'CHARGE_SUCCEEDED' as const, transaction: tx('SUCCESS') }) },
  { weight: 2, arbitrary: fc.constant({ type: 'CHARGE_FAILED' as const, transaction: tx('FAILED') }) },
  { weight: 2, arbitrary: fc.constant({ type: 'REFUND' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'REFUND_COMPLETED' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'REFUND_FAILED' as const, resultCode: 213, resultDescription: 'REFUND_REFUSED' }) },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 5 }).map((h) => ({ type: 'EXPIRE' as const, now: new Date(T0 + LIFETIME_MS + h * 3600_000).toISOString() })) },
);

const fieldsFor = (type: InvoiceAuthorizationType): InvoiceFields => ({
  id: 'i1',
  projectId: 1,
  merchantOrderId: 'o1',
  customer: { type: 'mobile_phone', msisdn: '79001234567' },
  price: { minor: 1000, currency: 'RUB' },
  vatIncluded: false,
  description: null,
  applicationName: null,
  productName: null,
  authorizationType: type,
  contract: null,
  billingChannel: 'MC',
  pinDigest: type === 'SMS_PIN' ? '1234' : null,
  pinAttempts: 0,
  transactions: [],
  refundStatus: null,
  testInfo: null,
  createdAt: new Date(T0).toISOString(),
  expiresAt: new Date(T0 + LIFETIME_MS).toISOString(),
});

describe('invoice machine', () => {
  test.prop([fc.constantFrom<InvoiceAuthorizationType>('SMS_PIN', 'BY_CONTRACT', 'AUTH_PAGE'), fc.array(eventArb, { maxLength: 30, size: 'max' })], { numRuns: 300 })(
    'follows the spec table, step by step, through JSON persistence',
    (type, events) => {
      let [snapshot] = initialTransition(invoiceMachine, fieldsFor(type));
      let m = model.initial();
      for (const e of events) {
        const stored = JSON.parse(JSON.stringify({ value: snapshot.value, context: snapshot.context }));
        const [next, actions] = transition(invoiceMachine, invoiceMachine.resolveState(stored), e);
        m = model.step(m, e, type);
        const view = { state: next.value, attempts: next.context.pinAttempts, transactions: next.context.transactions.length, refund: next.context.refundStatus };
        expect(view).toEqual({ state: m.state, attempts: m.attempts, transactions: m.transactions, refund: m.refund });
        expect(emittedOf(actions).map((e) => e.type)).toEqual(m.emitted);
        expect(next.context.pinAttempts).toBeLessThanOrEqual(3);
        // "May a charge begin" is the machine's answer to CHARGE: exactly where a charge result is accepted.
        expect(next.can({ type: 'CHARGE' })).toBe((m.state === 'created' && type !== 'SMS_PIN') || m.state === 'authorized');
        if (snapshot.context.pinAttempts === 3 && e.type === 'PIN') expect(next.value).toBe(snapshot.value);
        if (e.type === 'REFUND' && next.context.refundStatus !== snapshot.context.refundStatus) expect(snapshot.value).toBe('processed');
        if (snapshot.value === 'cancelled') {
          expect({ value: next.value, context: next.context }).toEqual({ value: snapshot.value, context: snapshot.context });
        }
        snapshot = next;
      }
    },
    // Pure CPU (about 3 s alone): a budget for a busy 2-core machine, not a wait (the default 5 s ran out beside the suite).
    30_000,
  );
});
