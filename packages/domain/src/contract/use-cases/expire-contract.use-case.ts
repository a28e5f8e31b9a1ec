import { expireContract } from '../contract.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { ok, type Result } from '../../shared/result.js';
import type { DomainError } from '../../shared/errors.js';
import { stampFor } from '../../application/clock-time.js';
import { runCommand } from '../../application/run-command.js';

/** Job: closes the contract once its expires_at is reached; early, late or repeated runs are harmless. */
export class ExpireContract {
  constructor(private readonly ports: Pick<KassaPorts, 'contracts' | 'clock' | 'ids' | 'requests' | 'testClocks'>) {}

  /** ok(true) when this run closed the contract. */
  execute(input: { readonly projectId: number; readonly contractId: string }): Promise<Result<boolean, DomainError>> {
    const { contracts } = this.ports;
    return runCommand({
      load: () => contracts.get(input.projectId, input.contractId),
      missing: ok(false),
      command: async (contract) => expireContract(contract, await stampFor(this.ports, contract)),
      save: (contract, events) => contracts.save(contract, events),
    });
  }
}
