import {
  contractDueAt,
  contractHoldsKey,
  created,
  customerKey,
  duplicateKey,
  saved,
  versionConflict,
  type Contract,
  type ContractRepository,
  type CreateResult,
  type DomainEvent,
  type SaveResult,
} from '@kassa/domain';
import { fromDocument, toDocument } from './documents.js';
import { insertHoldingKey } from './insert-holding-key.js';
import type { KeyLocks } from './key-lock.js';
import type { CurrentDocument, VersionedCollection } from './versioned-collection.js';

const DERIVED = ['clientKey', 'holdsKey', 'dueAt'] as const;
const derived = (c: Contract) => ({ clientKey: customerKey(c.customer), holdsKey: contractHoldsKey(c), dueAt: contractDueAt(c) });
const lockKey = (projectId: number, clientKey: string, merchantContractId: string) => JSON.stringify(['contract', projectId, clientKey, merchantContractId]);
const toContract = (doc: CurrentDocument) => fromDocument<Contract>(doc, DERIVED);

/** Contracts in MongoDB; the live key (client + merchant_contract_id) is a lock document. */
export class MongoContractRepository implements ContractRepository {
  constructor(
    private readonly contracts: VersionedCollection,
    private readonly locks: KeyLocks,
  ) {}

  async get(projectId: number, contractId: string): Promise<Contract | undefined> {
    const doc = await this.contracts.load(contractId);
    return doc && doc['projectId'] === projectId ? toContract(doc) : undefined;
  }

  async findLive(projectId: number, clientKey: string, merchantContractId: string): Promise<Contract | undefined> {
    const holder = await this.locks.holderOf(lockKey(projectId, clientKey, merchantContractId));
    const contract = holder === undefined ? undefined : await this.get(projectId, holder);
    return contract && contractHoldsKey(contract) ? contract : undefined;
  }

  /** Inserts the contract, then claims its key; a live holder wins, and this contract is removed again. */
  async create(contract: Contract, events: readonly DomainEvent[]): Promise<CreateResult<'contract'>> {
    const key = lockKey(contract.projectId, customerKey(contract.customer), contract.merchantContractId);
    const holder = await insertHoldingKey(this.contracts, this.locks, toDocument(contract, derived(contract)), events, key, 'holdsKey');
    return holder === undefined ? created() : duplicateKey('contract', holder);
  }

  async save(contract: Contract, events: readonly DomainEvent[]): Promise<SaveResult> {
    return (await this.contracts.save(toDocument(contract, derived(contract)), events)) ? saved() : versionConflict();
  }

  async findDue(now: string, limit: number): Promise<Contract[]> {
    return (await this.contracts.due(now, limit)).map(toContract);
  }
}
