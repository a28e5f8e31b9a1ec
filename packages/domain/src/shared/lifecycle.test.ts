import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { CONTRACT_RECORD_ACTIONS } from '../contract/contract.events.js';
import { INVOICE_RECORD_ACTIONS } from '../invoice/invoice.events.js';
import { invoiceMachine } from '../invoice/invoice.machine.js';
import { SUBSCRIPTION_RECORD_ACTIONS } from '../subscription/subscription.events.js';
import { subscriptionMachine } from '../subscription/subscription.machine.js';
import { initialTransition } from 'xstate';
import { contractMachine, startContract } from '../contract/contract.machine.js';
import type { ContractFields } from '../contract/contract.fields.js';

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
        expect(startContract(input)).toEqual({ state: snapshot.value, context: snapshot.context, actions: [] });
      }
    },
  );
});

describe('recording actions', () => {
  // Machine actions become events through each aggregate's RECORDERS table: a `record*` action the
  // table does not know would be dropped silently, so the two lists are held equal.
  it.each([
    ['contract', contractMachine, CONTRACT_RECORD_ACTIONS],
    ['invoice', invoiceMachine, INVOICE_RECORD_ACTIONS],
    ['subscription', subscriptionMachine, SUBSCRIPTION_RECORD_ACTIONS],
  ] as const)('every record* action of the %s machine has its event', (_name, machine, recorded) => {
    const actions = Object.keys(machine.implementations.actions).filter((a) => a.startsWith('record'));
    expect([...actions].sort()).toEqual([...recorded].sort());
  });
});
