import type { RequestContext } from '../../ports/request-context.port.js';
import { cancelContract, type Contract } from '../contract.js';
import { fail, type DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { onContract, type ContractPorts, type ContractRef } from './contract-command.js';

/** POST /contracts/{id}/cancel: the contract is cancelled and contract.closed recorded. */
export class CancelContract {
  constructor(private readonly ports: ContractPorts) {}

  execute(input: ContractRef, context?: RequestContext): Promise<Result<Contract, DomainError>> {
    return onContract(this.ports, input, fail('CONTRACT_NOT_FOUND'), cancelContract, context);
  }
}
