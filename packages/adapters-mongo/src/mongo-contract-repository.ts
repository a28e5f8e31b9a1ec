import type { Collection } from 'mongodb';
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
import { fieldsOf, fromDocument, type StoredDocument } from './documents.js';
import type { KeyLocks } from './key-lock.js';
import { storage } from './mongo-errors.js';

export type ContractDocument = StoredDocument<Contract, { clientKey: string; holdsKey: boolean; dueAt: string | null }>;
const DERIVED = ['clientKey', 'holdsKey', 'dueAt'] as const;

const derived = (c: Contract) => ({ clientKey: customerKey(c.customer), holdsKey: contractHoldsKey(c), dueAt: contractDueAt(c) });
const lockKey = (projectId: number, clientKey: string, merchantContractId: string) => JSON.stringify(['contract', projectId, clientKey, merchantContractId]);
const keyOf = (c: Contract) => lockKey(c.projectId, customerKey(c.customer), c.merchantContractId);
const toContract = (doc: ContractDocument) => fromDocument<Contract>(doc as unknown as Record<string, unknown>, DERIVED);

/** Contracts in MongoDB; the live key (client + merchant_contract_id) is a lock document. */
export class MongoContractRepository implements ContractRepository {
  constructor(
    private readonly contracts: Collection<ContractDocument>,
    private readonly locks: KeyLocks,
  ) {}

  async get(projectId: number, contractId: string): Promise<Contract | undefined> {
    // By _id alone: every server answers that from the _id index (FerretDB scans on a compound filter).
    const doc = await storage(() => this.contracts.findOne({ _id: contractId }));
    if (doc?.projectId !== projectId) return undefined;
    return doc ? toContract(doc) : undefined;
  }

  async findLive(projectId: number, clientKey: string, merchantContractId: string): Promise<Contract | undefined> {
    const holder = await this.locks.holderOf(lockKey(projectId, clientKey, merchantContractId));
    const contract = holder === undefined ? undefined : await this.get(projectId, holder);
    return contract && contractHoldsKey(contract) ? contract : undefined;
  }

  /** Inserts the contract, then claims its key; a live holder wins, and this contract is removed again. */
  async create(contract: Contract, events: readonly DomainEvent[]): Promise<CreateResult<'contract'>> {
    const doc = { _id: contract.id, ...fieldsOf(contract, derived(contract)), outbox: [...events], outboxCount: events.length } as ContractDocument;
    await storage(() => this.contracts.insertOne(doc));
    if (!contractHoldsKey(contract)) return created();
    const holder = await this.locks.claim(keyOf(contract), contract.id, (id) => this.isLive(id));
    if (holder === undefined) return created();
    await storage(() => this.contracts.deleteOne({ _id: contract.id }));
    return duplicateKey('contract', holder);
  }

  async save(contract: Contract, events: readonly DomainEvent[]): Promise<SaveResult> {
    const result = await storage(() =>
      this.contracts.updateOne(
        { _id: contract.id, version: contract.version - 1 },
        { $set: fieldsOf(contract, derived(contract)), $push: { outbox: { $each: [...events] } }, $inc: { outboxCount: events.length } },
      ),
    );
    if (result.matchedCount === 0) return versionConflict();
    if (!contractHoldsKey(contract)) await this.locks.release(keyOf(contract), contract.id);
    return saved();
  }

  async findDue(now: string, limit: number): Promise<Contract[]> {
    const docs = await storage(() => this.contracts.find({ dueAt: { $ne: null, $lte: now } }).sort({ dueAt: 1 }).limit(limit).toArray());
    return docs.map(toContract);
  }

  private async isLive(id: string): Promise<boolean> {
    const doc = await storage(() => this.contracts.findOne({ _id: id }, { projection: { holdsKey: 1 } }));
    return doc?.holdsKey === true;
  }
}
