/**
 * The spec's requestPayload for signature version 4: request fields concatenated without
 * separators, a missing field as the empty string, invoice and contract ids from the URL path.
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
  | 'checkBilling'
  | 'listEvents'
  | 'listWebhookDeliveries'
  | 'redeliverWebhook'
  | 'resetTestData'
  | 'createTestClock'
  | 'getTestClock'
  | 'listTestClocks'
  | 'advanceTestClock'
  | 'deleteTestClock'
  | 'streamEvents'
  | 'streamRequests'
  | 'createWebhookEndpoint'
  | 'listWebhookEndpoints'
  | 'getWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'rotateWebhookEndpointSecret';

export interface SignedRequest {
  readonly body?: unknown;
  /** The invoice, contract, delivery, test clock or webhook endpoint id from the path. */
  readonly pathId?: string;
  /** GET /invoices?merchant_order_id=... */
  readonly merchantOrderId?: string;
  /** The query parameters of the listing operations. */
  readonly query?: Readonly<Record<string, string | undefined>>;
}

/** One field of a requestPayload: its name (as a developer would look for it) and its value. */
export interface PayloadPart {
  readonly field: string;
  readonly value: string;
}

/** A value printed: strings as they are, numbers and booleans as JavaScript prints them, anything else empty. */
const scalar = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');

/**
 * The value at a path of keys as a string: a scalar printed, a list its items printed and joined
 * with `,` in the order sent (`event_types`), anything else empty.
 */
function field(body: unknown, ...path: string[]): string {
  let value: unknown = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
    value = (value as Record<string, unknown>)[key];
  }
  return Array.isArray(value) ? value.map(scalar).join(',') : scalar(value);
}

/** customerPayload by customer.type: msisdn, or source+country+merchant_customer_id+email for cards. */
function customerParts(body: unknown): PayloadPart[] {
  const c = (key: string): PayloadPart => ({ field: `customer.${key}`, value: field(body, 'customer', key) });
  const type = field(body, 'customer', 'type');
  if (type === 'mobile_phone') return [c('msisdn')];
  if (type === 'undefined_bank_card' || type === 'bank_card') return [c('source'), c('country'), c('merchant_customer_id'), c('email')];
  return [];
}

export const customerPayload = (body: unknown): string =>
  customerParts(body)
    .map((p) => p.value)
    .join('');

/** The listing's query parameters `names`, in order, a missing one as the empty string. */
const queryParts = (request: SignedRequest, names: readonly string[]): PayloadPart[] => names.map((name) => ({ field: name, value: request.query?.[name] ?? '' }));

/** The fields of an operation's requestPayload, in order. */
export function requestPayloadParts(operation: SignedOperation, request: SignedRequest): PayloadPart[] {
  const { body } = request;
  const f = (...path: string[]): PayloadPart => ({ field: path.join('.'), value: field(body, ...path) });
  const id = (name: string): PayloadPart => ({ field: name, value: request.pathId ?? '' });
  switch (operation) {
    case 'createInvoice':
      return [f('order', 'merchant_order_id'), ...customerParts(body), f('order', 'price', 'amount'), f('order', 'price', 'currency'), f('contract', 'merchant_contract_id'), f('client_ip')];
    case 'authorizeInvoice':
      return [id('invoiceId'), f('pin_code'), f('client_ip')];
    case 'cancelInvoice':
    case 'refundInvoice':
      return [id('invoiceId'), f('client_ip')];
    case 'getInvoice':
      return [id('invoiceId')];
    case 'findInvoiceByOrderId':
      return [{ field: 'merchant_order_id', value: request.merchantOrderId ?? '' }];
    case 'createContract':
      return [f('merchant_contract_id'), ...customerParts(body), f('pin_code'), f('client_ip')];
    case 'authorizeContract':
      return [id('contractId'), f('merchant_contract_id'), f('pin_code'), f('client_ip')];
    case 'cancelContract':
      return [id('contractId'), f('merchant_contract_id'), f('client_ip')];
    case 'listEvents':
      // `cursor` (and the limit of the lists that had none) came last: a client of before, sending neither, signs the same bytes.
      return queryParts(request, ['type', 'after', 'limit', 'cursor']);
    case 'listWebhookDeliveries':
      // endpoint_id came last: a client of before, sending none, signs the same bytes.
      return queryParts(request, ['status', 'event_id', 'limit', 'cursor', 'endpoint_id']);
    case 'streamEvents':
      return queryParts(request, ['types', 'since']);
    case 'streamRequests':
      return queryParts(request, ['status', 'path']);
    case 'redeliverWebhook':
      return [id('deliveryId')];
    case 'listTestClocks':
      return queryParts(request, ['limit', 'cursor']);
    case 'resetTestData':
      return [];
    case 'createTestClock':
      return [f('frozen_time'), f('name')];
    case 'getTestClock':
    case 'deleteTestClock':
      return [id('testClockId')];
    case 'advanceTestClock':
      return [id('testClockId'), f('frozen_time')];
    // The whole body of the endpoints' operations: they are new, so no client of before signs less.
    case 'createWebhookEndpoint':
      return [f('url'), f('event_types'), f('description')];
    case 'listWebhookEndpoints':
      return queryParts(request, ['limit', 'cursor']);
    case 'getWebhookEndpoint':
    case 'deleteWebhookEndpoint':
      return [id('endpointId')];
    case 'updateWebhookEndpoint':
      return [id('endpointId'), f('url'), f('event_types'), f('description'), f('status')];
    case 'rotateWebhookEndpointSecret':
      return [id('endpointId'), f('expires_in_hours')];
    case 'checkBilling':
      // The spec's rule, customerPayload: the msisdn of {customer: {type: mobile_phone, msisdn}}, and
      // nothing for the spec's own {msisdn} shape (no customer object), whose number goes unsigned.
      return customerParts(body);
  }
}

/** The parts' values concatenated without separators: the requestPayload. */
export function payloadOf(parts: readonly PayloadPart[]): string {
  let payload = '';
  for (const part of parts) payload += part.value;
  return payload;
}

export const requestPayload = (operation: SignedOperation, request: SignedRequest): string => payloadOf(requestPayloadParts(operation, request));
