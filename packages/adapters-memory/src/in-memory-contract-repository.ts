import { contractLifecycle, type Contract } from '@kassa-payments/domain';
import type { ContractFilter, ContractRepository } from '@kassa-payments/domain';
import { created, duplicateKey, type CreateResult, type SaveResult } from '@kassa-payments/domain';
import { customerKey } from '@kassa-payments/domain';
import type { DomainEvent } from '@kassa-payments/domain';
import { InMemoryDocuments } from './in-memory-documents.js';
import { JournaledMap, type Journal } from './journal.js';
import { textValue } from './restored-checks.js';
import { NewestFirstIndex, pageOf } from './newest-first-index.js';

const keyOf = (projectId: number, clientKey: string, merchantContractId: string) => JSON.stringify([projectId, clientKey, merchantContractId]);
const contractKey = (c: Contract) => keyOf(c.projectId, customerKey(c.customer, c.testClockId), c.merchantContractId);

/** Contracts in memory; a key map stands for MongoDB's unique live-key index. */
export class InMemoryContractRepository implements ContractRepository {
  readonly documents: InMemoryDocuments<Contract>;
  private readonly keys: JournaledMap<string, string>;
  /** Newest-first listing per project (rebuilt from the documents at start; a record gone is skipped). */
  private readonly newest = new NewestFirstIndex();

  /** With a `journal`, the contracts and their live keys survive a restart. */
  constructor(journal?: Journal) {
    this.documents = new InMemoryDocuments<Contract>(contractLifecycle, journal, 'contracts');
    this.keys = new JournaledMap<string, string>(journal, 'contract-keys', textValue);
    for (const c of this.documents.filter(() => true)) this.newest.add(c.projectId, c.createdAt, c.id);
  }

  async list(projectId: number, filter: ContractFilter, limit: number): Promise<Contract[]> {
    const mcid = filter.merchantContractId;
    return pageOf(
      this.newest,
      projectId,
      filter,
      limit,
      (id) => this.documents.get(projectId, id),
      (c) => mcid === undefined || c.merchantContractId === mcid,
    );
  }

  async get(projectId: number, contractId: string) {
    return this.documents.get(projectId, contractId);
  }

  async findLive(projectId: number, clientKey: string, merchantContractId: string) {
    const holder = this.liveHolder(keyOf(projectId, clientKey, merchantContractId));
    return holder ? this.documents.get(projectId, holder.id) : undefined;
  }

  async create(contract: Contract, events: readonly DomainEvent[]): Promise<CreateResult<'contract'>> {
    const key = contractKey(contract);
    const holder = this.liveHolder(key);
    if (holder) return duplicateKey('contract', holder.id);
    this.documents.insert(contract, events);
    this.newest.add(contract.projectId, contract.createdAt, contract.id);
    if (contractLifecycle.isLive(contract)) this.keys.set(key, contract.id);
    return created();
  }

  async save(contract: Contract, events: readonly DomainEvent[]): Promise<SaveResult> {
    const result = this.documents.replace(contract, events);
    const key = contractKey(contract);
    if (result.ok && !contractLifecycle.isLive(contract) && this.keys.get(key) === contract.id) this.keys.delete(key);
    return result;
  }

  async findDue(now: string, limit: number, testClockId?: string) {
    return this.documents.due(now, limit, testClockId);
  }

  /** Removes the project's contracts on a test clock, with their live keys; answers how many. */
  removeOnClock(projectId: number, testClockId: string): number {
    return this.forget(this.documents.removeOnClock(projectId, testClockId));
  }

  /** Removes a project's contracts with their keys (the test environment's reset); answers how many. */
  removeProject(projectId: number): number {
    return this.forget(this.documents.filter((c) => c.projectId === projectId).filter((c) => this.documents.remove(projectId, c.id)));
  }

  /** Drops removed contracts from the key map and the listing. */
  private forget(removed: readonly Contract[]): number {
    for (const c of removed) {
      if (this.keys.get(contractKey(c)) === c.id) this.keys.delete(contractKey(c));
      this.newest.remove(c.projectId, c.createdAt, c.id);
    }
    return removed.length;
  }

  /** Evicts cancelled and closed contracts that ended before `before` (the retention); answers how many. */
  evictFinishedBefore(before: string): number {
    return this.forget(this.documents.evict(before));
  }

  private liveHolder(key: string): Contract | undefined {
    const id = this.keys.get(key);
    const holder = id === undefined ? undefined : this.documents.peek(id);
    return holder && contractLifecycle.isLive(holder) ? holder : undefined;
  }
}
