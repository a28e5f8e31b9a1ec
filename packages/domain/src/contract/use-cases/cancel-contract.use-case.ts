import { cancelContract, type Contract } from '../contract.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { fail, type DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { stampFor } from '../../application/clock-time.js';
import { runCommand } from '../../application/run-command.js';

/** POST /contracts/{id}/cancel: the contract is cancelled and contract.closed recorded. */
export class CancelContract {
  constructor(private readonly ports: Pick<KassaPorts, 'contracts' | 'clock' | 'ids' | 'requests' | 'testClocks'>) {}

  execute(input: { readonly projectId: number; readonly contractId: string }): Promise<Result<Contract, DomainError>> {
    const { contracts } = this.ports;
    return runCommand({
      load: () => contracts.get(input.projectId, input.contractId),
      missing: fail('CONTRACT_NOT_FOUND'),
      command: async (contract) => cancelContract(contract, await stampFor(this.ports, contract)),
      save: (contract, events) => contracts.save(contract, events),
    });
  }
}
