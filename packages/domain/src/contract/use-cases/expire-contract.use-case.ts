import { expireContract } from '../contract.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { ok, type Result } from '../../shared/result.js';
import type { DomainError } from '../../shared/errors.js';
import { stampOf } from '../../shared/application/event-stamp.js';
import { runCommand } from '../../shared/application/run-command.js';

/** Job: closes the contract once its expires_at is reached; early, late or repeated runs are harmless. */
export class ExpireContract {
  constructor(private readonly ports: Pick<KassaPorts, 'contracts' | 'clock' | 'ids' | 'requests'>) {}

  /** ok(true) when this run closed the contract. */
  execute(input: { readonly projectId: number; readonly contractId: string }): Promise<Result<boolean, DomainError>> {
    const { contracts, clock, ids, requests } = this.ports;
    return runCommand({
      load: () => contracts.get(input.projectId, input.contractId),
      missing: ok(false),
      command: (contract) => expireContract(contract, stampOf(clock, ids, requests)),
      save: (contract, events) => contracts.save(contract, events),
    });
  }
}
