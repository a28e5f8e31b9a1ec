import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { emit, initialTransition, setup, transition } from 'xstate';
import { contractMachine, startContract, type ContractFields } from '../contract/contract.js';
import { stepMachine } from './machine-step.js';

const fields = (type: 'SMS_PIN' | 'SKIP', msisdn: string): ContractFields => ({
  id: `c-${msisdn}`,
  projectId: 1,
  merchantContractId: 'm',
  customer: { type: 'mobile_phone', msisdn },
  authorizationType: type,
  pinDigest: type === 'SMS_PIN' ? '1234' : null,
  pinAttempts: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2027-01-01T00:00:00.000Z',
});

describe("rememberedStart (the machines' remembered first states)", () => {
  test.prop([fc.array(fc.tuple(fc.constantFrom<'SMS_PIN' | 'SKIP'>('SMS_PIN', 'SKIP'), fc.stringMatching(/^7[0-9]{10}$/)), { minLength: 1, maxLength: 20 })])(
    'remembering the initial state per dependency gives what initialTransition gives',
    (inputs) => {
      for (const [type, msisdn] of inputs) {
        const input = fields(type, msisdn);
        const [snapshot] = initialTransition(contractMachine, input);
        expect(startContract(input)).toEqual({ state: snapshot.value, context: snapshot.context, emitted: [] });
      }
    },
  );
});

describe('emitted events (XState public API)', () => {
  // Events come from `transition`'s actions: an `emit` comes back as `xstate.emit` with the event in
  // its params. XState types that action only loosely, so the shape we read is held here.
  const probe = setup({ types: {} as { context: { n: number }; events: { type: 'GO' } | { type: 'NOTHING' }; emitted: { type: 'Went'; n: number } } }).createMachine({
    context: { n: 1 },
    initial: 'a',
    states: { a: { on: { GO: { target: 'b', actions: emit(({ context }) => ({ type: 'Went', n: context.n }) as const) } } }, b: {} },
  });

  it("transition returns an emit as 'xstate.emit' with the event in params", () => {
    const [, actions] = transition(probe, probe.resolveState({ value: 'a', context: { n: 7 } }), { type: 'GO' });
    expect(actions.map((a) => [a.type, a.params])).toEqual([['xstate.emit', { event: { type: 'Went', n: 7 } }]]);
  });

  it('stepMachine gives the emitted events in order, and undefined for a refused event', () => {
    expect(stepMachine(probe, 'a', { n: 3 }, { type: 'GO' })).toEqual({ state: 'b', context: { n: 3 }, emitted: [{ type: 'Went', n: 3 }] });
    expect(stepMachine(probe, 'a', { n: 3 }, { type: 'NOTHING' })).toBeUndefined();
    expect(stepMachine(probe, 'b', { n: 3 }, { type: 'GO' })).toBeUndefined();
  });

  it("the contract machine emits its events' own facts", () => {
    const input = fields('SMS_PIN', '79001234567');
    expect(stepMachine(contractMachine, 'awaitingPin', input, { type: 'PIN', pinDigest: '1234' })?.emitted).toEqual([{ type: 'ContractAuthorized' }]);
    expect(stepMachine(contractMachine, 'awaitingPin', input, { type: 'PIN', pinDigest: '9999' })).toMatchObject({ state: 'awaitingPin', emitted: [] });
    expect(stepMachine(contractMachine, 'active', input, { type: 'CANCEL' })?.emitted).toEqual([{ type: 'ContractClosed', reason: 'cancelled' }]);
  });
});
