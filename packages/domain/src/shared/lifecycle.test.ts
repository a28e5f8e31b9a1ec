import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { initialTransition } from 'xstate';
import { contractMachine, startContract } from '../contract/contract.machine.js';
import type { ContractFields } from '../contract/contract.fields.js';

const fields = (type: 'SMS_PIN' | 'SKIP', msisdn: string): ContractFields => ({
  id: `c-${msisdn}`,
  projectId: 1,
  merchantContractId: 'm',
  customer: { type: 'mobile_phone', msisdn },
  authorizationType: type,
  pinCode: type === 'SMS_PIN' ? '1234' : null,
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
