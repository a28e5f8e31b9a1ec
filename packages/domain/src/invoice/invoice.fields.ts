import type { Customer } from '../shared/customer.js';
import type { Money } from '../shared/money.js';
import type { Transaction } from './transaction.js';

export type InvoiceAuthorizationType = 'SMS_PIN' | 'BY_CONTRACT' | 'AUTH_PAGE';
export type ExpectedBillingResult = 'SuccessSequencePayment' | 'FailedSequencePayment';

/** The contract an invoice charges under, as the invoice shows it. */
export interface InvoiceContractRef {
  readonly contractId: string;
  readonly authorizationType: 'SMS_PIN' | 'EXTERNAL' | 'SKIP';
  readonly expiresAt: string;
  readonly merchantContractId: string;
}

/** The test environment's `test_info` block. */
export interface InvoiceTestInfo {
  readonly expectedBillingResult?: ExpectedBillingResult;
  readonly callbackUrl?: string;
}

/** The invoice's data; also the machine's context. */
export interface InvoiceFields {
  readonly id: string;
  readonly projectId: number;
  readonly merchantOrderId: string;
  readonly customer: Customer;
  readonly price: Money;
  /** Whether the price includes VAT, as the merchant said. */
  readonly vatIncluded: boolean;
  readonly description: string | null;
  readonly applicationName: string | null;
  readonly productName: string | null;
  readonly authorizationType: InvoiceAuthorizationType;
  readonly contract: InvoiceContractRef | null;
  readonly billingChannel: string;
  /** The keyed digest of the PIN sent for confirmation (never the PIN); null without one. */
  readonly pinDigest: string | null;
  readonly pinAttempts: number;
  readonly transactions: readonly Transaction[];
  /** `failed`: the gateway refused the refund (its notification says so); the merchant may ask again. */
  readonly refundStatus: 'processing' | 'completed' | 'failed' | null;
  /** How many refunds were asked for (absent: none); each is a refund of its own at the gateway. */
  readonly refundAttempts?: number;
  readonly testInfo: InvoiceTestInfo | null;
  readonly createdAt: string;
  /** The test clock it lives on (test environment): its times are that clock's. */
  readonly testClockId?: string;
  readonly expiresAt: string;
}

export interface Invoice extends InvoiceFields {
  readonly state: InvoiceState;
  readonly version: number;
}

/** Every state of an invoice, in the order lists offer them. */
export const INVOICE_STATES = ['created', 'authorized', 'processed', 'cancelled'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
