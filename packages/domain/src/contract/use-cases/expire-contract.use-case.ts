import type { RequestContext } from '../../ports/request-context.port.js';
import { expireContract } from '../contract.js';
import { ok, type Result } from '../../shared/result.js';
import type { DomainError } from '../../shared/errors.js';
import { onContract, type ContractPorts, type ContractRef } from './contract-command.js';

/** Job: closes the contract once its expires_at is reached; early, late or repeated runs are harmless. */
export class ExpireContract {
  constructor(private readonly ports: ContractPorts) {}

  /** ok(true) when this run closed the contract. */
  execute(input: ContractRef, context?: RequestContext): Promise<Result<boolean, DomainError>> {
    return onContract(this.ports, input, ok(false), expireContract, context);
  }
}
