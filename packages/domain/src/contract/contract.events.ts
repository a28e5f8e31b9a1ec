import type { Customer } from '../shared/customer.js';
import { stamped, type EmittedPart, type EventEnvelope, type EventStamp } from '../shared/events.js';
import type { Contract } from './contract.fields.js';

export interface ContractFacts {
  readonly merchantContractId: string;
  readonly customer: Customer;
}

/** The contract was confirmed by its PIN. */
export interface ContractAuthorized extends EventEnvelope<'contract'>, ContractFacts {
  readonly type: 'ContractAuthorized';
}

/** The contract ended: cancelled by the merchant, or expired. */
export interface ContractClosed extends EventEnvelope<'contract'>, ContractFacts {
  readonly type: 'ContractClosed';
  readonly reason: 'cancelled' | 'expired';
}

export type ContractEvent = ContractAuthorized | ContractClosed;

/** What the contract machine emits: each event's own facts. */
export type ContractEmitted = EmittedPart<ContractEvent, ContractFacts>;

const facts = (c: Contract): ContractFacts => ({ merchantContractId: c.merchantContractId, customer: c.customer });

/** The events of one step of the contract machine: what it emitted, stamped, with the contract's facts after the step. */
export function contractEvents(contract: Contract, emitted: readonly ContractEmitted[], stamp: EventStamp): ContractEvent[] {
  return emitted.map((e) => stamped('contract', contract, { ...facts(contract), ...e }, stamp));
}
