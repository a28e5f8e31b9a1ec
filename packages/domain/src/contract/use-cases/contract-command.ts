import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { EventStamp } from '../../shared/events.js';
import type { Change } from '../../shared/lifecycle.js';
import { stampFor } from '../../application/clock-time.js';
import { runCommand } from '../../application/run-command.js';
import type { Contract } from '../contract.js';
import type { ContractEvent } from '../contract.events.js';
import { contractLifecycle } from '../contract.lifecycle.js';

export interface ContractRef {
  readonly projectId: number;
  readonly contractId: string;
}

export type ContractPorts = Pick<KassaPorts, 'contracts' | 'clock' | 'ids' | 'requests' | 'scheduler' | 'testClocks'>;

/** Load the contract of this project, run one command on it, save. Another project's contract is `missing`. */
export function onContract<T, M>(ports: ContractPorts, ref: ContractRef, missing: M, command: (c: Contract, s: EventStamp) => Change<Contract, T, ContractEvent>) {
  return runCommand({
    scheduler: ports.scheduler,
    lifecycle: contractLifecycle,
    load: () => ports.contracts.get(ref.projectId, ref.contractId),
    missing,
    command: async (contract) => command(contract, await stampFor(ports, contract)),
    save: (contract, events) => ports.contracts.save(contract, events),
  });
}
