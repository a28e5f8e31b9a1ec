import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { contractMachine, type ContractFields, type ContractMachineEvent } from './contract.js';
import { emittedOf } from '../shared/machine-step.js';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const LIFETIME_MS = 24 * 3600 * 1000;

/** The spec's contract table, written out again without XState. */
type ModelState = 'awaitingPin' | 'active' | 'cancelled' | 'closed';
interface Model {
  state: ModelState;
  attempts: number;
  emitted: string[];
}
const model = {
  initial: (skip: boolean): Model => ({ state: skip ? 'active' : 'awaitingPin', attempts: 0, emitted: [] }),
  step(m: Model, e: ContractMachineEvent): Model {
    const next = { ...m, emitted: [] as string[] };
    if (m.state === 'cancelled' || m.state === 'closed') return next; // terminal: any action changes nothing
    if (e.type === 'PIN') {
      if (m.state !== 'awaitingPin' || m.attempts >= 3) return next; // active: 409; used up: refused
      if (e.pinDigest === '1234') return { ...next, state: 'active', emitted: ['ContractAuthorized'] };
      return { ...next, attempts: m.attempts + 1 };
    }
    if (e.type === 'CANCEL') return { ...next, state: 'cancelled', emitted: ['ContractClosed:cancelled'] };
    if (Date.parse(e.now) >= T0 + LIFETIME_MS) return { ...next, state: 'closed', emitted: ['ContractClosed:expired'] };
    return next;
  },
};

const eventArb: fc.Arbitrary<ContractMachineEvent> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('1234', '0000', '4321', '').map((pin) => ({ type: 'PIN' as const, pinDigest: pin })) },
  { weight: 1, arbitrary: fc.constant({ type: 'CANCEL' as const }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: -10, max: 10 }).map((h) => ({ type: 'EXPIRE' as const, now: new Date(T0 + LIFETIME_MS + h * 3600_000).toISOString() })),
  },
);

const fieldsFor = (skip: boolean): ContractFields => ({
  id: 'c1',
  projectId: 1,
  merchantContractId: 'm1',
  customer: skip ? { type: 'bank_card', source: 's', merchantCustomerId: 'u', country: 'RU', card: { last4: '1111' } } : { type: 'mobile_phone', msisdn: '79001234567' },
  authorizationType: skip ? 'SKIP' : 'SMS_PIN',
  pinDigest: skip ? null : '1234',
  pinAttempts: 0,
  createdAt: new Date(T0).toISOString(),
  expiresAt: new Date(T0 + LIFETIME_MS).toISOString(),
});

describe('contract machine', () => {
  test.prop([fc.boolean(), fc.array(eventArb, { maxLength: 30, size: 'max' })], { numRuns: 300 })(
    'follows the spec table, step by step, through JSON persistence',
    (skip, events) => {
      let [snapshot] = initialTransition(contractMachine, fieldsFor(skip));
      let m = model.initial(skip);
      expect(snapshot.value).toBe(m.state);
      for (const e of events) {
        const stored = JSON.parse(JSON.stringify({ value: snapshot.value, context: snapshot.context }));
        const [next, actions] = transition(contractMachine, contractMachine.resolveState(stored), e);
        m = model.step(m, e);
        expect({ state: next.value, attempts: next.context.pinAttempts }).toEqual({ state: m.state, attempts: m.attempts });
        expect(emittedOf(actions).map((e) => (e.type === 'ContractClosed' ? `${e.type}:${e.reason}` : e.type))).toEqual(m.emitted);
        expect(next.context.pinAttempts).toBeLessThanOrEqual(3);
        if (snapshot.context.pinAttempts === 3 && e.type === 'PIN' && e.pinDigest === '1234') {
          expect(next.value).not.toBe('active');
        }
        if (snapshot.value === 'cancelled' || snapshot.value === 'closed') {
          expect({ value: next.value, context: next.context }).toEqual({ value: snapshot.value, context: snapshot.context });
        }
        snapshot = next;
      }
      // Pure CPU (about 2 s alone): a budget for a busy 2-core machine, not a wait (the default 5 s ran out beside the suite).
    },
    30_000,
  );
});
