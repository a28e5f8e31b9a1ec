import { fail, type DomainError, type ErrorCode } from '../shared/errors.js';
import type { Err } from '../shared/result.js';
import type { Contract, ContractState } from './contract.fields.js';

/** The contract's commands its machine may refuse. */
export type ContractRefusable = 'PIN' | 'CANCEL';

/** The machine decides what is possible; this names, by state and command, what its refusal answers. */
const REFUSALS: Record<ContractState, Partial<Record<ContractRefusable, ErrorCode>>> = {
  awaitingPin: { PIN: 'CONTRACT_AUTH_ATTEMPTS_EXCEEDED' },
  active: { PIN: 'CONTRACT_ALREADY_AUTHORIZED' },
  // The spec: a cancelled contract is not found for any action; an expired one is the same to the caller.
  cancelled: { PIN: 'CONTRACT_NOT_FOUND', CANCEL: 'CONTRACT_NOT_FOUND' },
  closed: { PIN: 'CONTRACT_NOT_FOUND', CANCEL: 'CONTRACT_NOT_FOUND' },
};

/** The answer to a command the contract's machine refused. */
export function contractRefusal(contract: Contract, command: ContractRefusable): Err<DomainError> {
  const code = REFUSALS[contract.state][command] ?? 'CONTRACT_NOT_FOUND';
  return code === 'CONTRACT_ALREADY_AUTHORIZED' ? fail(code, undefined, { contract_id: contract.id }) : fail(code);
}
