import type { ContractFilter } from '../../ports/contract-repository.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { fail, type DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import type { Contract } from '../contract.js';
import { pageSize } from '../../application/page-size.js';

/** A contract of the project; another project's is not found. */
export class GetContract {
  constructor(private readonly ports: Pick<KassaPorts, 'contracts'>) {}

  async execute(input: { readonly projectId: number; readonly contractId: string }): Promise<Result<Contract, DomainError>> {
    const contract = await this.ports.contracts.get(input.projectId, input.contractId);
    return contract ? ok(contract) : fail('CONTRACT_NOT_FOUND');
  }
}

/** A project's contracts, newest first, a page at a time (the dashboard's list). */
export class ListContracts {
  constructor(private readonly ports: Pick<KassaPorts, 'contracts'>) {}

  execute(input: { readonly projectId: number; readonly filter: ContractFilter; readonly limit?: number }): Promise<Contract[]> {
    return this.ports.contracts.list(input.projectId, input.filter, pageSize(input.limit));
  }
}
