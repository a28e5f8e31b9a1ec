import type { KassaError } from '@kassa-payments/protocol';

// The shapes come from @kassa-payments/protocol: one source with the server.
export type {
  BankCardRequest,
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
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  RotateWebhookEndpointSecretRequest,
  WebhookEndpointData,
  WebhookEndpointWithSecretData,
  WebhookEndpointsPage,
} from '@kassa-payments/protocol';
/** Every answer: the data on success, the error (branch on `error.code`) otherwise, with the HTTP status. */
export type KassaResponse<T> =
  | { readonly ok: true; readonly status: number; readonly data: T; readonly headers: Headers }
  | { readonly ok: false; readonly status: number; readonly error: KassaError; readonly headers: Headers };
