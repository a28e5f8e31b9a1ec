import type { RequestContext } from '../../ports/request-context.port.js';
import { enterContractPin, type Contract } from '../contract.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { fail, type DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { onContract, type ContractPorts, type ContractRef } from './contract-command.js';

export interface AuthorizeContractInput extends ContractRef {
  readonly pinCode: string;
}

/** POST /contracts/{id}/authorize: the PIN confirms the contract; wrong PINs are counted and saved. */
export class AuthorizeContract {
  constructor(private readonly ports: ContractPorts & Pick<KassaPorts, 'pinDigests'>) {}

  execute(input: AuthorizeContractInput, context?: RequestContext): Promise<Result<Contract, DomainError>> {
    const { pinDigests } = this.ports;
    return onContract(this.ports, input, fail('CONTRACT_NOT_FOUND'), (contract, stamp) => enterContractPin(contract, pinDigests.digest(contract.id, input.pinCode), stamp), context);
  }
}
