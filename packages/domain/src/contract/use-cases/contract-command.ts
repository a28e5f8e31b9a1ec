import type { RequestContext } from '../../ports/request-context.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { EventStamp } from '../../shared/events.js';
import type { Change } from '../../shared/lifecycle.js';
import { runStampedCommand } from '../../application/run-command.js';
import { contractLifecycle, type Contract, type ContractEvent } from '../contract.js';

export interface ContractRef {
  readonly projectId: number;
  readonly contractId: string;
}

export type ContractPorts = Pick<KassaPorts, 'contracts' | 'clock' | 'ids' | 'scheduler' | 'time'>;

/** Load the contract of this project, run one command on it, save. Another project's contract is `missing`. */
export function onContract<T, M>(ports: ContractPorts, ref: ContractRef, missing: M, command: (c: Contract, s: EventStamp) => Change<Contract, T, ContractEvent>, context?: RequestContext) {
  const { contracts } = ports;
  return runStampedCommand(ports, { lifecycle: contractLifecycle, load: () => contracts.get(ref.projectId, ref.contractId), missing, command, save: (c, e) => contracts.save(c, e) }, context);
}
