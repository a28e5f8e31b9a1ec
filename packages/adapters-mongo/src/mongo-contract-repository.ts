import {
  contractLifecycle,
  created,
  customerKey,
  duplicateKey,
  saved,
  versionConflict,
  type Contract,
  type ContractFilter,
  type ContractRepository,
  type CreateResult,
  type DomainEvent,
  type SaveResult,
} from '@kassa-payments/domain';
import type { AggregateCollection } from './aggregate-collection.js';
import { StorageUnavailableError } from './mongo-errors.js';
import { CREATE_ATTEMPTS, duplicateField, liveKey } from './unique-keys.js';

const key = (clientKey: string, merchantContractId: string) => JSON.stringify([clientKey, merchantContractId]);
const fields = (c: Contract) => ({
  testClockId: c.testClockId,
  projectId: c.projectId,
  createdAt: c.createdAt,
  status: c.state,
  merchantContractId: c.merchantContractId,
  liveKey: liveKey(contractLifecycle.isLive(c), key(customerKey(c.customer, c.testClockId), c.merchantContractId), c.id),
  dueAt: contractLifecycle.dueAt(c),
});

/**
 * Contracts in MongoDB: one document each. A live contract (`contractLifecycle.isLive`) holds
 * `liveKey` = its client and merchant_contract_id under a unique index; ending it gives the key
 * back in the same update.
 */
export class MongoContractRepository implements ContractRepository {
  constructor(private readonly contracts: AggregateCollection<Contract>) {}

  async get(projectId: number, contractId: string): Promise<Contract | undefined> {
    return this.contracts.get(projectId, contractId);
  }

  /** Newest first, a page at a time (the dashboard's list); by merchant_contract_id from its index. */
  async list(projectId: number, filter: ContractFilter, limit: number): Promise<Contract[]> {
    return this.contracts.page(projectId, filter, limit, filter.merchantContractId === undefined ? {} : { merchantContractId: filter.merchantContractId });
  }

  async findLive(projectId: number, clientKey: string, merchantContractId: string): Promise<Contract | undefined> {
    return this.contracts.findOne({ projectId, liveKey: key(clientKey, merchantContractId) });
  }

  async create(contract: Contract, events: readonly DomainEvent[]): Promise<CreateResult<'contract'>> {
    // A holder found by its key answers; one that ended between the refused insert and the lookup
    // has given the key back, so the insert is tried again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.contracts.insert(contract, fields(contract), events);
        return created();
      } catch (e) {
        if (duplicateField(e) !== 'liveKey') throw e;
        const holder = await this.findLive(contract.projectId, customerKey(contract.customer, contract.testClockId), contract.merchantContractId);
        if (holder) return duplicateKey('contract', holder.id);
        // Should the key keep changing hands, the caller gets a 503 and retries later.
        if (attempt === CREATE_ATTEMPTS) throw new StorageUnavailableError(e);
      }
    }
  }

  async save(contract: Contract, events: readonly DomainEvent[]): Promise<SaveResult> {
    return (await this.contracts.save(contract, fields(contract), events)) ? saved() : versionConflict();
  }

  async findDue(now: string, limit: number, testClockId?: string): Promise<Contract[]> {
    return this.contracts.due(now, limit, testClockId);
  }
}
