import type { Customer } from '../shared/customer.js';

/** Every state of a contract, in the order lists offer them. */
export const CONTRACT_STATES = ['awaitingPin', 'active', 'cancelled', 'closed'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];

export type ContractAuthorizationType = 'SMS_PIN' | 'SKIP';

/** The contract's data; also the machine's context. */
export interface ContractFields {
  readonly id: string;
  readonly projectId: number;
  readonly merchantContractId: string;
  readonly customer: Customer;
  readonly authorizationType: ContractAuthorizationType;
  /** The keyed digest of the PIN sent for confirmation (never the PIN); null without one. */
  readonly pinDigest: string | null;
  readonly pinAttempts: number;
  readonly createdAt: string;
  /** The test clock it lives on (test environment): its times are that clock's. */
  readonly testClockId?: string;
  readonly expiresAt: string;
}

/** A contract binds a phone number (or a card) to a merchant_contract_id. */
export interface Contract extends ContractFields {
  readonly state: ContractState;
  /** Optimistic-concurrency version: 1 when created, +1 on every saved change. */
  readonly version: number;
}
