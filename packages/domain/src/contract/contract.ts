export * from './contract.fields.js';
import { fail } from '../shared/errors.js';
import type { EventStamp } from '../shared/events.js';
import { applyToAggregate, MAX_PIN_ATTEMPTS, type Change } from '../shared/lifecycle.js';
import { ok } from '../shared/result.js';
import { addSeconds } from '../shared/time.js';
import { contractEvents, type ContractEvent } from './contract.events.js';
import type { Contract, ContractFields, ContractState } from './contract.fields.js';
import { contractMachine, startContract, type ContractMachineEvent } from './contract.machine.js';
import { contractRefusal } from './contract.refusals.js';

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

/** A contract in these states holds its key (client + merchant_contract_id) against new ones. */
export const contractHoldsKey = (c: Pick<Contract, 'state'>): boolean => c.state === 'awaitingPin' || c.state === 'active';

/** When the contract next needs attention from a job (its expiry), or null once it is over. */
export const contractDueAt = (c: Contract): string | null => (contractHoldsKey(c) ? c.expiresAt : null);

const apply = (contract: Contract, event: ContractMachineEvent, stamp: EventStamp) => applyToAggregate(contractMachine, contract, event, contractEvents, stamp);

/** POST contracts/{id}/authorize: the spec's PIN rows, three attempts, wrong PINs counted and saved. */
/** The PIN entered, as its digest (`PinDigests.digest(contract.id, pin)`). */
export function enterContractPin(contract: Contract, pinDigest: string, stamp: EventStamp): Change<Contract, Contract, ContractEvent> {
  const applied = apply(contract, { type: 'PIN', pinDigest }, stamp);
  if (!applied) return { events: [], outcome: contractRefusal(contract, 'PIN') };
  const { next, events } = applied;
  if (next.state === 'active') return { next, events, outcome: ok(next) };
  const left = MAX_PIN_ATTEMPTS - next.pinAttempts;
  const outcome = left > 0 ? fail('CONTRACT_NOT_AUTHORIZED', `Wrong PIN code; attempts left: ${left}`, { attempts_left: left }) : fail('CONTRACT_AUTH_ATTEMPTS_EXCEEDED');
  return { next, events, outcome };
}

/** POST contracts/{id}/cancel. A cancelled or closed contract is not found. */
export function cancelContract(contract: Contract, stamp: EventStamp): Change<Contract, Contract, ContractEvent> {
  const applied = apply(contract, { type: 'CANCEL' }, stamp);
  if (!applied) return { events: [], outcome: contractRefusal(contract, 'CANCEL') };
  return { ...applied, outcome: ok(applied.next) };
}

/** Expiry: closes the contract once expires_at is reached; earlier, or when already over, nothing. */
export function expireContract(contract: Contract, stamp: EventStamp): Change<Contract, boolean, ContractEvent> {
  const applied = apply(contract, { type: 'EXPIRE', now: stamp.now }, stamp);
  if (!applied) return { events: [], outcome: ok(false) };
  return { ...applied, outcome: ok(true) };
}
