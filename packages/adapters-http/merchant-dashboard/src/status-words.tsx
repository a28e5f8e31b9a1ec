import type { ContractState, InvoiceState, SubscriptionState } from '@kassa-payments/domain';
import { INVOICE_STATUS_BY_STATE, SUBSCRIPTION_STATUS_BY_STATE } from '@kassa-payments/protocol';

// The one vocabulary of statuses the dashboard shows: the words the APIs answer a merchant (the
// spec's), never the domain's own state names. Every page (lists, a record's page, the overview,
// the filters and the addresses they make) takes its words from here, so a record reads the same
// on each of them.

/**
 * A contract's status: the JSON API answers `active` (authorize) and `cancelled` (cancel); the
 * spec's state table names the others "awaiting PIN" and "closed" (the contract.closed event).
 */
export const CONTRACT_STATUS_BY_STATE = { awaitingPin: 'awaiting PIN', active: 'active', cancelled: 'cancelled', closed: 'closed' } as const satisfies Record<ContractState, string>;

export const invoiceStatus = (state: InvoiceState): string => INVOICE_STATUS_BY_STATE[state];
export const contractStatus = (state: ContractState): string => CONTRACT_STATUS_BY_STATE[state];
export const subscriptionStatus = (state: SubscriptionState): string => SUBSCRIPTION_STATUS_BY_STATE[state];

/** A table's words in the order of `states` (a filter's options). */
export const statusWords = <S extends string>(states: readonly S[], table: Readonly<Record<S, string>>): string[] => states.map((s) => table[s]);

/**
 * The state a list's `?state=` names: its status word (what the filter sends), or the domain's name
 * of it (an address of an earlier dashboard); undefined for anything else (the list is unfiltered).
 */
export function stateNamed<S extends string>(value: unknown, states: readonly S[], table: Readonly<Record<S, string>>): S | undefined {
  return typeof value === 'string' ? states.find((s) => table[s] === value || s === value) : undefined;
}

/** A status as every page shows it: the API's word, marked up alike (so that a reader, and a test, finds it). */
export const Status = ({ word }: { word: string }) => <span class="status">{word}</span>;
