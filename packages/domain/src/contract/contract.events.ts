import type { Customer } from '../shared/customer.js';
import { recordedActions, stamped, type EventEnvelope, type EventStamp } from '../shared/events.js';
import type { Contract } from './contract.fields.js';

interface ContractFacts {
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

const facts = (c: Contract): ContractFacts => ({ merchantContractId: c.merchantContractId, customer: c.customer });

/** Each recording action of the contract machine and the event it records (exhaustive over those actions). */
const RECORDERS = {
  recordAuthorized: (c: Contract, s: EventStamp): ContractAuthorized => stamped('contract', c, { type: 'ContractAuthorized', ...facts(c) }, s),
  recordCancelled: (c: Contract, s: EventStamp): ContractClosed => stamped('contract', c, { type: 'ContractClosed', ...facts(c), reason: 'cancelled' }, s),
  recordExpired: (c: Contract, s: EventStamp): ContractClosed => stamped('contract', c, { type: 'ContractClosed', ...facts(c), reason: 'expired' }, s),
} as const;

export type ContractRecordAction = keyof typeof RECORDERS;

/** The recording actions this file turns into events: a test holds them equal to the machine's `record*` actions. */
export const CONTRACT_RECORD_ACTIONS = Object.keys(RECORDERS) as ContractRecordAction[];

/** The events a step of the contract machine recorded, from the actions it asked for. */
export function contractEvents(contract: Contract, actions: readonly string[], stamp: EventStamp): ContractEvent[] {
  return recordedActions(actions, RECORDERS).map((action) => RECORDERS[action](contract, stamp));
}
