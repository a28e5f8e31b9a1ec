import { enterContractPin, type Contract } from '../contract.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { fail, type DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { stampFor } from '../../application/clock-time.js';
import { runCommand } from '../../application/run-command.js';

export interface AuthorizeContractInput {
  readonly projectId: number;
  readonly contractId: string;
  readonly pinCode: string;
}

/** POST /contracts/{id}/authorize: the PIN confirms the contract; wrong PINs are counted and saved. */
export class AuthorizeContract {
  constructor(private readonly ports: Pick<KassaPorts, 'contracts' | 'clock' | 'ids' | 'requests' | 'testClocks' | 'pinDigests'>) {}

  execute(input: AuthorizeContractInput): Promise<Result<Contract, DomainError>> {
    const { contracts, pinDigests } = this.ports;
    return runCommand({
      load: () => contracts.get(input.projectId, input.contractId),
      missing: fail('CONTRACT_NOT_FOUND'),
      command: async (contract) => enterContractPin(contract, pinDigests.digest(contract.id, input.pinCode), await stampFor(this.ports, contract)),
      save: (contract, events) => contracts.save(contract, events),
    });
  }
}
