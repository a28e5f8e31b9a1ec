export * from './contract.fields.js';
import type { EventStamp } from '../shared/events.js';
import { appliedOrNot, appliedOrRefused, applyToAggregate, type Change } from '../shared/lifecycle.js';
import { pinStep, type PinAnswers } from '../shared/pin-confirmation.js';
import { addSeconds } from '../shared/time.js';
import { contractEvents, type ContractEvent } from './contract.events.js';
import type { Contract, ContractFields, ContractState } from './contract.fields.js';
import { contractLifecycle } from './contract.lifecycle.js';
import { startContract, type ContractMachineEvent } from './contract.machine.js';

/** A new contract's own fields, and when and for how long it is opened. */
export type OpenContractInput = Pick<ContractFields, 'id' | 'projectId' | 'merchantContractId' | 'customer' | 'authorizationType' | 'pinDigest' | 'testClockId'> & {
  readonly now: string;
  readonly lifetimeSeconds: number;
};

export function openContract(input: OpenContractInput): Contract {
  const fields: ContractFields = {
    id: input.id,
    projectId: input.projectId,
    merchantContractId: input.merchantContractId,
    customer: input.customer,
    authorizationType: input.authorizationType,
    pinDigest: input.authorizationType === 'SMS_PIN' ? input.pinDigest : null,
    pinAttempts: 0,
    createdAt: input.now,
    expiresAt: addSeconds(input.now, input.lifetimeSeconds),
    ...(input.testClockId ? { testClockId: input.testClockId } : {}),
  };
  const started = startContract(fields);
  return { ...started.context, state: started.state as ContractState, version: 1 };
}

const apply = (contract: Contract, event: ContractMachineEvent, stamp: EventStamp) => applyToAggregate(contractLifecycle.machine, contract, event, contractEvents, stamp);

const PIN_ANSWERS: PinAnswers = { wrong: 'CONTRACT_NOT_AUTHORIZED', wording: 'Wrong PIN code', exhausted: 'CONTRACT_AUTH_ATTEMPTS_EXCEEDED' };

/**
 * POST contracts/{id}/authorize: the spec's PIN rows, three attempts, wrong PINs counted and saved.
 * `pinDigest` is the PIN entered, as its digest (`PinDigests.digest(contract.id, pin)`).
 */
export function enterContractPin(contract: Contract, pinDigest: string, stamp: EventStamp): Change<Contract, Contract, ContractEvent> {
  const applied = apply(contract, { type: 'PIN', pinDigest }, stamp);
  return pinStep(
    contract,
    applied,
    (next) => next.state === 'active',
    PIN_ANSWERS,
    () => contractLifecycle.refusal(contract, 'PIN'),
  );
}

/** POST contracts/{id}/cancel. A cancelled or closed contract is not found. */
export function cancelContract(contract: Contract, stamp: EventStamp): Change<Contract, Contract, ContractEvent> {
  return appliedOrRefused(contract, apply(contract, { type: 'CANCEL' }, stamp), () => contractLifecycle.refusal(contract, 'CANCEL'));
}

/** Expiry: closes the contract once expires_at is reached; earlier, or when already over, nothing. */
export function expireContract(contract: Contract, stamp: EventStamp): Change<Contract, boolean, ContractEvent> {
  return appliedOrNot(apply(contract, { type: 'EXPIRE', now: stamp.now }, stamp));
}
