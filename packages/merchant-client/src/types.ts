import type { BankCardRequest, ContractData, CustomerView, InvoiceData, KassaError, Money, TransactionData } from '@kassa/protocol';

// The shapes come from @kassa/protocol (one source with the server); these names stay for existing code.
export type {
  BillingCheckRequest,
  ClientIpRequest,
  ContractData,
  CreateContractRequest,
  CreateInvoiceRequest,
  CustomerView,
  InvoiceData,
  KassaError,
  PinRequest,
  TransactionData,
} from '@kassa/protocol';
export type MoneyDto = Money;
/** Card data for card binding (PCI host only). */
export type BankCardDto = BankCardRequest;
export type { CustomerView as CustomerViewDto };

/** Every answer: the data on success, the error (branch on `error.code`) otherwise, with the HTTP status. */
export type KassaResponse<T> =
  | { readonly ok: true; readonly status: number; readonly data: T; readonly headers: Headers }
  | { readonly ok: false; readonly status: number; readonly error: KassaError; readonly headers: Headers };

/** Shorthands of the answers' data. */
export type Invoice = InvoiceData;
export type Contract = ContractData;
export type Transaction = TransactionData;
export type Customer = CustomerView;
