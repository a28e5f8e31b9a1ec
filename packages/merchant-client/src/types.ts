import type { ErrorCode } from '@kassa/domain';

export interface MoneyDto {
  amount: string;
  currency: string;
  vat_included?: boolean;
}

export interface BankCardDto {
  pan: string;
  expiration_month: number | string;
  expiration_year: number | string;
  security_code: string;
  cardholder?: string;
}

export type CustomerDto =
  | { type: 'mobile_phone'; msisdn: string; email?: string }
  | { type: 'undefined_bank_card' | 'bank_card'; source: string; country: string; merchant_customer_id: string; email?: string; bank_card?: BankCardDto };

export interface CustomerView {
  type: CustomerDto['type'];
  msisdn?: string;
  email?: string;
  country?: string;
  network?: { id: number; name: string };
  operator?: { id: number; name: string };
  source?: string;
  merchant_customer_id?: string;
}

export interface CreateContractRequest {
  client_ip?: string;
  customer: CustomerDto;
  merchant_contract_id: string;
}

export interface ContractData {
  contract_id: string;
  authorization_type: 'SMS_PIN' | 'EXTERNAL' | 'SKIP';
  expires_at: string;
  merchant_contract_id: string;
  customer: CustomerView;
}

export interface CreateInvoiceRequest {
  client_ip?: string;
  customer: CustomerDto;
  order: { merchant_order_id: string; price?: MoneyDto; description?: string };
  contract?: { merchant_contract_id?: string; create_if_not_exists?: boolean };
  application?: { name?: string };
  product?: { name?: string };
  /** @deprecated no effect on the response; removed in 3.0.0 */
  payment_method?: string;
  test_info?: { expected_billing_result?: 'SuccessSequencePayment' | 'FailedSequencePayment'; callback_url?: string };
}

export interface TransactionData {
  transaction_id: string;
  part_number: number;
  sequence_number: number;
  status: 'SUCCESS' | 'FAILED';
  result_code: number;
  result_description: string;
  paid_at?: string;
  price: MoneyDto;
  partner_profit: MoneyDto;
  total_paid: MoneyDto;
  total_remaining: MoneyDto;
  billing_channel: string;
  service_number: string;
}

export interface InvoiceData {
  invoice_id: string;
  status: 'Created' | 'Authorize' | 'Processed' | 'Cancelled';
  payment_status: 'NOT_PAID' | 'PAID';
  authorization: { type: 'SMS_PIN' | 'BY_CONTRACT' | 'AUTH_PAGE'; is_authorized: boolean; url?: string; token?: string };
  price: MoneyDto;
  merchant_order_id: string;
  created_at: string;
  expires_at: string;
  billing_channel: string;
  customer: CustomerView;
  contract?: { contract_id: string; authorization_type: string; expires_at: string; merchant_contract_id: string };
  transactions: TransactionData[];
  refund_status?: 'processing' | 'completed';
}

export interface KassaError {
  code: ErrorCode;
  message: string;
  next_step?: string;
  details?: Record<string, unknown>;
}

/** Every answer: the data on success, the error (branch on `error.code`) otherwise, with the HTTP status. */
export type KassaResponse<T> =
  | { readonly ok: true; readonly status: number; readonly data: T; readonly headers: Headers }
  | { readonly ok: false; readonly status: number; readonly error: KassaError; readonly headers: Headers };
