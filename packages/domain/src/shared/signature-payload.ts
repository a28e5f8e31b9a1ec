/**
 * The spec's requestPayload for signature version 4: request fields concatenated without
 * separators, a missing field as the empty string, invoice and contract ids from the URL path.
 * Pure string building; the HMAC is the transport's (and the merchant client's) business.
 */
export type SignedOperation =
  | 'createInvoice'
  | 'authorizeInvoice'
  | 'cancelInvoice'
  | 'refundInvoice'
  | 'getInvoice'
  | 'findInvoiceByOrderId'
  | 'createContract'
  | 'authorizeContract'
  | 'cancelContract'
  | 'checkBilling';

export interface SignedRequest {
  readonly body?: unknown;
  /** The invoice or contract id from the path. */
  readonly pathId?: string;
  /** GET /invoices?merchant_order_id=... */
  readonly merchantOrderId?: string;
}

/** The value at a path of keys as a string: numbers and booleans printed, anything else empty. */
function field(body: unknown, ...path: string[]): string {
  let value: unknown = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** customerPayload by customer.type: msisdn, or source+country+merchant_customer_id+email for cards. */
export function customerPayload(body: unknown): string {
  const c = (key: string) => field(body, 'customer', key);
  const type = c('type');
  if (type === 'mobile_phone') return c('msisdn');
  if (type === 'undefined_bank_card' || type === 'bank_card') return c('source') + c('country') + c('merchant_customer_id') + c('email');
  return '';
}

export function requestPayload(operation: SignedOperation, request: SignedRequest): string {
  const { body } = request;
  const id = request.pathId ?? '';
  const f = (...path: string[]) => field(body, ...path);
  switch (operation) {
    case 'createInvoice':
      return f('order', 'merchant_order_id') + customerPayload(body) + f('order', 'price', 'amount') + f('order', 'price', 'currency') + f('contract', 'merchant_contract_id') + f('client_ip');
    case 'authorizeInvoice':
      return id + f('pin_code') + f('client_ip');
    case 'cancelInvoice':
    case 'refundInvoice':
      return id + f('client_ip');
    case 'getInvoice':
      return id;
    case 'findInvoiceByOrderId':
      return request.merchantOrderId ?? '';
    case 'createContract':
      return f('merchant_contract_id') + customerPayload(body) + f('pin_code') + f('client_ip');
    case 'authorizeContract':
      return id + f('merchant_contract_id') + f('pin_code') + f('client_ip');
    case 'cancelContract':
      return id + f('merchant_contract_id') + f('client_ip');
    case 'checkBilling':
      // The request is {msisdn}: signed as the mobile_phone customerPayload it stands for.
      return customerPayload(body) || f('msisdn');
  }
}
