import { dueWhenWorkIs, type DueWork, type Lifecycle } from '../shared/lifecycle.js';
import { statesTagged } from '../shared/machine-step.js';
import type { Contract } from './contract.fields.js';
import { contractMachine } from './contract.machine.js';
import { contractRefusal, type ContractRefusable } from './contract.refusals.js';

/** The contract's one job: its expiry. */
export type ContractJob = 'contract.expire';

const LIVE = statesTagged(contractMachine, 'live');

/** Awaiting its PIN or active (the machine's `live` states): the contract holds its key, client + merchant_contract_id. */
const isLive = (c: Pick<Contract, 'state'>): boolean => LIVE.has(c.state);

/** A live contract expires at its expires_at. */
const nextWork = (c: Contract): DueWork<ContractJob> | null => (isLive(c) ? { job: 'contract.expire', at: c.expiresAt } : null);

/** The contract lifecycle (see `Lifecycle`): storage and scheduling read it here. */
export const contractLifecycle = {
  machine: contractMachine,
  refusal: contractRefusal,
  isLive,
  nextWork,
  dueAt: dueWhenWorkIs(nextWork),
} satisfies Lifecycle<Contract, ContractJob, ContractRefusable>;
