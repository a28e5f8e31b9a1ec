import type { Contract, ContractState } from '../contract/contract.js';
import type { PageFilter } from './list-page.port.js';
import type { DomainEvent } from '../events/domain-event.js';
import type { CreateResult, SaveResult } from './save-result.js';

/**
 * Stores contracts. A live contract (awaiting PIN or active, see `contractHoldsKey`) holds its key
 * (project, client, merchant_contract_id) against every other; a cancelled or closed one releases it.
 * Events ride in the same single-document write as the contract (its outbox).
 */
/** What a listing of a project's contracts keeps: a page of a state, or the contracts of one merchant_contract_id. */
export type ContractFilter = PageFilter<ContractState> & { readonly merchantContractId?: string };

export interface ContractRepository {
  /** The project's contracts, newest first (creation time, then id), that `filter` keeps, at most `limit`: a page read from an index. */
  list(projectId: number, filter: ContractFilter, limit: number): Promise<Contract[]>;
  get(projectId: number, contractId: string): Promise<Contract | undefined>;
  /** The live contract holding the key, if any. `clientKey` is `customerKey(customer)`. */
  findLive(projectId: number, clientKey: string, merchantContractId: string): Promise<Contract | undefined>;
  /** Inserts a new contract (version 1), or answers `duplicate` with the live holder of its key. */
  create(contract: Contract, events: readonly DomainEvent[]): Promise<CreateResult<'contract'>>;
  /** Compare-and-set: writes only if the stored version is `contract.version - 1`, else `conflict`. */
  save(contract: Contract, events: readonly DomainEvent[]): Promise<SaveResult>;
  /**
   * Live contracts due (`contractLifecycle.dueAt`) at or before `now`, oldest due first. Without `testClockId`: only those on no test clock (a
   * clock's work runs in its own time, by its advance); with it: only that clock's.
   */
  findDue(now: string, limit: number, testClockId?: string): Promise<Contract[]>;
}
