import type { z } from 'zod';
import type { JsonErrorCode } from './error-codes.js';
import {
  advanceTestClockRequest,
  billingCheckRequest,
  clientIpRequest,
  contractCancelRequest,
  contractPinRequest,
  createContractRequest,
  createInvoiceRequest,
  createTestClockRequest,
  pinRequest,
} from './requests.js';
import {
  EVENT_TYPES,
  eventsPageSchema,
  webhookDeliveriesSchema,
  webhookDeliverySchema,
  testDataResetSchema,
  billingCheckSchema,
  contractActiveSchema,
  contractCancelledSchema,
  contractSchema,
  invoiceAuthorizedSchema,
  invoiceCancelledSchema,
  invoiceSchema,
  refundSchema,
  testClockSchema,
  testClocksSchema,
} from './responses.js';
import type { SignedOperation } from './signature-payload.js';
import { eventStreamEntrySchema, requestStreamEntrySchema, STREAM_PATH_MAX, STREAM_SINCE_MAX, STREAM_TYPES_MAX } from './streams.js';
import {
  createWebhookEndpointRequest,
  rotateWebhookEndpointSecretRequest,
  updateWebhookEndpointRequest,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookEndpointWithSecretSchema,
} from './webhook-endpoints.js';

/** One operation of the JSON v3 API: its route, its shapes and the error codes it can answer with. */
/**
 * When the deprecated names (paths, parameters, fields) became so, as RFC 9745's `Deprecation`
 * header says it (`@` and Unix seconds): 2026-11-26T00:00:00Z, the release of one API style (snake_case
 * paths, one list shape).
 */
export const DEPRECATED_SINCE = '@1795651200';

/** Where every operation's `path` lives (an OpenAPI template; projectId is an int32). */
export const OPERATIONS_PREFIX = '/api/v3/projects/{projectId}';

/** The resources of the JSON v3 API, as its paths name them: each operation's OpenAPI tag. */
export type OperationTag = 'contracts' | 'billing' | 'invoices' | 'refunds' | 'events' | 'webhook_deliveries' | 'webhook_endpoints' | 'requests' | 'test_data' | 'test_clocks';

/**
 * The OpenAPI document's tags, in its order, with their descriptions: one per resource, each
 * operation under exactly one. Generators group operations by their tag (openapi-python-client's
 * modules: kassa_client.api.invoices.create_invoice). Production's document leaves out the test environment's.
 */
export const OPERATION_TAGS: Readonly<Record<OperationTag, string>> = {
  contracts: 'A phone number (or, on the PCI host, a card) bound by PIN once, then charged without one: created, confirmed, cancelled',
  billing: 'Whether carrier billing is possible for a number',
  invoices: 'One-time payments: created, confirmed by PIN, cancelled, read back by id or by merchant order id',
  refunds: "A paid invoice's refund",
  events: "The project's event log: a page at a time, or as a stream",
  webhook_deliveries: "Each event's deliveries with their attempts, and a new attempt on demand",
  webhook_endpoints: "The project's own webhook endpoints: created, listed, changed, deleted, their secrets rotated",
  requests: "The project's signed API calls, as a stream",
  test_data: "The test environment only: a project's data removed",
  test_clocks: 'The test environment only: clocks that objects attached to them live by',
};

export interface Operation {
  readonly id: SignedOperation;
  /** Its tag in the OpenAPI document (OPERATION_TAGS): the resource it acts on. */
  readonly tag: OperationTag;
  readonly method: 'get' | 'post' | 'patch' | 'delete';
  /** Under OPERATIONS_PREFIX. */
  readonly path: string;
  readonly summary: string;
  /** Registered with an `id` (a component of the OpenAPI document). */
  readonly request?: z.ZodType;
  /** The server takes the request without a body too (the cancellations: "an empty body is also used"). */
  readonly optionalBody?: true;
  /** Query parameters: text of at most `maxLength`, or an integer between `minimum` and `maximum`. */
  readonly query?: Readonly<
    Record<
      string,
      | { readonly maxLength: number; readonly example: string; readonly optional?: boolean; readonly enum?: readonly string[]; readonly deprecated?: string }
      | { readonly integer: { readonly minimum: number; readonly maximum: number; readonly default?: number }; readonly example: number; readonly optional?: boolean }
    >
  >;
  readonly status: 200 | 201 | 202;
  /** A second success the operation may answer with the same body, and when (advance?wait=true: 200 once ready). */
  readonly alsoAnswers?: { readonly status: 200; readonly when: string };
  /** The envelope's `data`, registered with an `id`. */
  readonly response: z.ZodType;
  /** Beyond those of every operation (authentication, bad request, unavailable). */
  readonly errors: readonly JsonErrorCode[];
  /** A response example, in the spec's shapes. */
  readonly example: unknown;
  /** The test environment's only (the sandbox): production serves it not (404), and its OpenAPI document leaves it out. */
  readonly testOnly?: true;
  /**
   * A former path (under the same prefix) still served for one minor version, marked deprecated in
   * the document; its answers carry `Deprecation` and a `Link` to `path` (DEPRECATED_PATHS).
   */
  readonly deprecatedPath?: string;
  /** Deprecated request fields the operation still takes, its answer then carrying `Deprecation`. */
  readonly deprecatedFields?: string;
  /**
   * A Server-Sent Events stream (text/event-stream) rather than the envelope: `response` is the JSON
   * of each `data:` line, `example` the stream's first bytes; `resumable`: it takes Last-Event-ID.
   */
  readonly stream?: { readonly resumable: boolean };
}

/** What any operation may answer: bad input or path, the signature, the project, an outage. */
export const COMMON_ERRORS: readonly JsonErrorCode[] = ['BAD_REQUEST', 'AUTH_INVALID_SIGNATURE', 'AUTH_INVALID_TIMESTAMP', 'AUTH_INVALID_PROJECT', 'SERVICE_UNAVAILABLE'];

const ID = '3f2b8c1e-6a4d-4e8b-9c0a-1d2e3f405a6b';

/** Every list's query: a page of `limit` (1-100, default 20), from `cursor` (the previous page's next_cursor). */
export const PAGING = {
  limit: { integer: { minimum: 1, maximum: 100, default: 20 }, example: 20, optional: true },
  cursor: { maxLength: 200, example: '', optional: true },
} as const;

/** A list's example answer: one page, the last, its items under the name of before too. */
const listExample = (items: readonly unknown[], former: string) => ({ items, next_cursor: null, [former]: items });
const money = { amount: '10.00', currency: 'RUB' };
const customer = { type: 'mobile_phone', msisdn: '79001234567', country: 'RU', network: { id: 1, name: 'Sandbox network' }, operator: { id: 22, name: 'Sandbox operator' } };
const invoice = {
  invoice_id: ID,
  status: 'Created',
  payment_status: 'NOT_PAID',
  authorization: { type: 'SMS_PIN', is_authorized: false },
  price: money,
  merchant_order_id: 'order-1',
  created_at: '2026-11-22T10:00:00Z',
  expires_at: '2026-11-23T10:00:00Z',
  billing_channel: 'MC',
  customer,
  transactions: [],
};
const testClock = { test_clock_id: ID, name: 'renewals', frozen_time: '2027-01-01T00:00:00Z', status: 'ready', advancing_to: null, created_at: '2026-11-22T10:00:00Z' };
const webhookEndpoint = {
  id: ID,
  url: 'https://shop.example/kassa-events',
  event_types: ['payment.updated', 'refund.completed'],
  description: 'orders service',
  status: 'enabled',
  failing_since: null,
  disabled_at: null,
  created_at: '2026-11-22T10:00:00Z',
};
const withSecret = { ...webhookEndpoint, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };
const contract = { contract_id: ID, authorization_type: 'SMS_PIN', expires_at: '2027-11-22T10:00:00Z', merchant_contract_id: 'contract-1', customer };

export const OPERATIONS: readonly Operation[] = [
  {
    id: 'createContract',
    tag: 'contracts',
    method: 'post',
    path: '/contracts',
    summary: 'Bind a phone number (or, on the PCI host, a card)',
    request: createContractRequest,
    status: 201,
    response: contractSchema,
    errors: ['CONTRACT_DRAFT_EXISTS', 'CONTRACT_ALREADY_EXISTS', 'PIN_NOT_DELIVERED', 'TEST_CLOCK_NOT_FOUND', 'TEST_CLOCK_LIMIT_EXCEEDED'],
    example: contract,
  },
  {
    id: 'authorizeContract',
    tag: 'contracts',
    method: 'post',
    path: '/contracts/{contractId}/authorize',
    summary: 'Confirm a contract by PIN',
    request: contractPinRequest,
    status: 200,
    response: contractActiveSchema,
    errors: ['CONTRACT_NOT_FOUND', 'CONTRACT_ALREADY_AUTHORIZED', 'CONTRACT_NOT_AUTHORIZED', 'CONTRACT_AUTH_ATTEMPTS_EXCEEDED'],
    example: { contract_id: ID, status: 'active' },
  },
  {
    id: 'cancelContract',
    tag: 'contracts',
    method: 'post',
    path: '/contracts/{contractId}/cancel',
    summary: 'Cancel a contract (an empty body is fine)',
    request: contractCancelRequest,
    optionalBody: true,
    status: 200,
    response: contractCancelledSchema,
    errors: ['CONTRACT_NOT_FOUND'],
    example: { contract_id: ID, status: 'cancelled' },
  },
  {
    id: 'checkBilling',
    tag: 'billing',
    method: 'post',
    path: '/billing/check',
    summary: 'Whether carrier billing is possible for a number',
    request: billingCheckRequest,
    status: 200,
    response: billingCheckSchema,
    errors: [],
    example: { supported: true, customer },
  },
  {
    id: 'createInvoice',
    tag: 'invoices',
    method: 'post',
    path: '/invoices',
    summary: 'Create an invoice (DCB, or card: pay at authorization.url)',
    request: createInvoiceRequest,
    deprecatedFields: 'customer.type bank_card (an alias of the card types) and payment_method',
    status: 201,
    response: invoiceSchema,
    // The contract codes come from create_if_not_exists losing a race for the contract's key.
    errors: [
      'TEST_CALLBACK_URL_FORBIDDEN',
      'TEST_CALLBACK_URL_REJECTED',
      'TEST_CALLBACK_URL_RATE_LIMITED',
      'INVOICE_ALREADY_EXISTS',
      'INVALID_PAYMENT_METHOD',
      'CONTRACT_NOT_FOUND',
      'CONTRACT_DRAFT_EXISTS',
      'CONTRACT_ALREADY_EXISTS',
      'PIN_NOT_DELIVERED',
      'TEST_CLOCK_NOT_FOUND',
      'TEST_CLOCK_LIMIT_EXCEEDED',
    ],
    example: invoice,
  },
  {
    id: 'findInvoiceByOrderId',
    tag: 'invoices',
    method: 'get',
    path: '/invoices',
    summary: 'The invoice of a merchant order id (msisdn masked)',
    query: { merchant_order_id: { maxLength: 38, example: 'order-1' } },
    status: 200,
    response: invoiceSchema,
    errors: ['INVOICE_NOT_FOUND'],
    example: { ...invoice, customer: { ...customer, msisdn: '7900****567' } },
  },
  {
    id: 'getInvoice',
    tag: 'invoices',
    method: 'get',
    path: '/invoices/{invoiceId}',
    summary: 'An invoice with its transactions',
    status: 200,
    response: invoiceSchema,
    errors: ['INVOICE_NOT_FOUND'],
    example: invoice,
  },
  {
    id: 'authorizeInvoice',
    tag: 'invoices',
    method: 'post',
    path: '/invoices/{invoiceId}/authorize',
    summary: 'Confirm an SMS_PIN invoice by PIN',
    request: pinRequest,
    status: 200,
    response: invoiceAuthorizedSchema,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_WRONG_STATE', 'INVOICE_NOT_AUTHORIZED', 'INVOICE_AUTH_ATTEMPTS_EXCEEDED'],
    example: { invoice_id: ID, status: 'Authorize' },
  },
  {
    id: 'cancelInvoice',
    tag: 'invoices',
    method: 'post',
    path: '/invoices/{invoiceId}/cancel',
    summary: 'Cancel an invoice (an empty body is fine when the project does not require client_ip)',
    request: clientIpRequest,
    optionalBody: true,
    status: 200,
    response: invoiceCancelledSchema,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_WRONG_STATE'],
    example: { invoice_id: ID, status: 'Cancelled' },
  },
  {
    id: 'refundInvoice',
    tag: 'refunds',
    method: 'post',
    path: '/invoices/{invoiceId}/refund',
    summary: 'Refund a paid invoice (202; the result comes as refund.completed, or refund.failed when the gateway refuses it: it may then be asked for again)',
    request: clientIpRequest,
    optionalBody: true,
    status: 202,
    response: refundSchema,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_NOT_PAID'],
    example: { invoice_id: ID, refund_status: 'processing' },
  },
  {
    id: 'listEvents',
    tag: 'events',
    method: 'get',
    path: '/events',
    summary: "The project's events, newest first, a page at a time",
    query: {
      type: { maxLength: 40, example: 'payment.updated', optional: true, enum: EVENT_TYPES },
      ...PAGING,
      after: { maxLength: 200, example: '', optional: true, deprecated: 'the name of `cursor` before: still read for one minor version (the answer then carries Deprecation)' },
    },
    status: 200,
    response: eventsPageSchema,
    errors: [],
    example: listExample(
      [{ id: ID, type: 'contract.authorized', occurred_at: '2026-11-22T10:00:00Z', request_id: 'req-7f3a', data: { customer, contract: { contract_id: ID, merchant_contract_id: 'contract-1' } } }],
      'events',
    ),
  },
  {
    id: 'listWebhookDeliveries',
    tag: 'webhook_deliveries',
    method: 'get',
    path: '/webhook_deliveries',
    deprecatedPath: '/webhook-deliveries',
    summary: 'Webhook deliveries with their attempts, newest first',
    query: {
      status: { maxLength: 9, example: 'dead', optional: true, enum: ['pending', 'succeeded', 'dead'] },
      event_id: { maxLength: 64, example: ID, optional: true },
      endpoint_id: { maxLength: 64, example: ID, optional: true },
      ...PAGING,
    },
    status: 200,
    response: webhookDeliveriesSchema,
    errors: [],
    example: listExample([], 'deliveries'),
  },
  {
    id: 'redeliverWebhook',
    tag: 'webhook_deliveries',
    method: 'post',
    path: '/webhook_deliveries/{deliveryId}/redeliver',
    deprecatedPath: '/webhook-deliveries/{deliveryId}/redeliver',
    summary: 'A new attempt now (same webhook-id); a dead delivery comes back to life',
    status: 202,
    response: webhookDeliverySchema,
    errors: ['NOT_FOUND'],
    example: {
      delivery_id: `${ID}-webhook`,
      event_id: ID,
      event_type: 'payment.updated',
      url: 'https://shop.example/hooks',
      endpoint_id: null,
      status: 'pending',
      created_at: '2026-11-22T10:00:00Z',
      next_attempt_at: '2026-11-22T12:00:00Z',
      attempts: [],
    },
  },
  {
    id: 'streamEvents',
    tag: 'events',
    method: 'get',
    path: '/events/stream',
    summary:
      "The project's events as they enter the event log, and each redelivery of one, as Server-Sent Events (what `kassa listen` forwards), in the feed's order: `event: ready` first (data {since}: the place the stream starts after; send it back as `since` when reconnecting), then one `event: event` per entry, its `id:` the entry's place; a comment every 15 s. since: an ISO time, an event's id (the entries after it), or a place. Reconnect with Last-Event-ID to resume after the last entry received. The partner and project are checked again every 5 s (a changed password, an inactive project: `event: error` {code, message}, then the end); a stream lives 10 minutes at most (`event: reconnect`, then the end: connect again, signed anew). At most 5 event streams and 5 request streams of a project at once per API process (429 with Retry-After beyond), 50 of a partner's projects together (by default; 429 with Retry-After), and 200 streams per process (503 with Retry-After)",
    query: {
      types: { maxLength: STREAM_TYPES_MAX, example: 'payment.updated,refund.completed', optional: true },
      since: { maxLength: STREAM_SINCE_MAX, example: '2026-11-22T10:00:00Z', optional: true },
    },
    status: 200,
    response: eventStreamEntrySchema,
    errors: ['STREAM_LIMIT_EXCEEDED'],
    stream: { resumable: true },
    example: `event: ready\ndata: {"since":"41"}\n\nid: 42\nevent: event\ndata: {"entry_id":"${ID}","event_id":"${ID}","type":"contract.authorized","recorded_at":"2026-11-22T10:00:01.000Z","redelivery":false,"payload":{"type":"contract.authorized","data":{}}}\n\n`,
  },
  {
    id: 'streamRequests',
    tag: 'requests',
    method: 'get',
    path: '/requests/stream',
    summary:
      "The project's signed API calls as they are stored (within about a second of their answer), as Server-Sent Events (what `kassa logs tail` prints): one `event: request` each, the bodies masked as on the dashboard's requests page; a comment every 15 s. status: 4xx, 5xx or a code; path: a route prefix. Not resumable: Last-Event-ID is ignored. Checked again and ended as the events stream is (`event: error`, `event: reconnect`)",
    query: {
      status: { maxLength: 3, example: '4xx', optional: true },
      path: { maxLength: STREAM_PATH_MAX, example: '/api/v3/projects/:projectId/invoices', optional: true },
    },
    status: 200,
    response: requestStreamEntrySchema,
    errors: ['STREAM_LIMIT_EXCEEDED'],
    stream: { resumable: false },
    example: `event: ready\ndata: {}\n\nid: ${ID}\nevent: request\ndata: {"id":"${ID}","at":"2026-11-22T10:00:01.000Z","method":"POST","route":"/api/v3/projects/:projectId/invoices","status":201,"request_id":"req-7f3a","ms":12}\n\n`,
  },
  {
    id: 'createWebhookEndpoint',
    tag: 'webhook_endpoints',
    method: 'post',
    path: '/webhook_endpoints',
    summary:
      'A webhook endpoint of your own (16 a project at most): the events of its types are POSTed to it, signed with its own secret, which this answer alone shows. The URL must be an http(s) URL of a public address',
    request: createWebhookEndpointRequest,
    status: 201,
    response: webhookEndpointWithSecretSchema,
    errors: ['WEBHOOK_ENDPOINT_URL_REJECTED', 'WEBHOOK_ENDPOINT_LIMIT_EXCEEDED'],
    example: withSecret,
  },
  {
    id: 'listWebhookEndpoints',
    tag: 'webhook_endpoints',
    method: 'get',
    path: '/webhook_endpoints',
    summary: "The project's webhook endpoints, newest first (never their secrets)",
    query: PAGING,
    status: 200,
    response: webhookEndpointsSchema,
    errors: [],
    example: { items: [webhookEndpoint], next_cursor: null },
  },
  {
    id: 'getWebhookEndpoint',
    tag: 'webhook_endpoints',
    method: 'get',
    path: '/webhook_endpoints/{endpointId}',
    summary: 'A webhook endpoint (never its secret)',
    status: 200,
    response: webhookEndpointSchema,
    errors: ['NOT_FOUND'],
    example: webhookEndpoint,
  },
  {
    id: 'updateWebhookEndpoint',
    tag: 'webhook_endpoints',
    method: 'patch',
    path: '/webhook_endpoints/{endpointId}',
    summary: 'Changes any of its url, event_types, description and status (enabled/disabled)',
    request: updateWebhookEndpointRequest,
    status: 200,
    response: webhookEndpointSchema,
    errors: ['NOT_FOUND', 'WEBHOOK_ENDPOINT_URL_REJECTED'],
    example: webhookEndpoint,
  },
  {
    id: 'deleteWebhookEndpoint',
    tag: 'webhook_endpoints',
    method: 'delete',
    path: '/webhook_endpoints/{endpointId}',
    summary: 'Deletes the endpoint (its slot is free again); its deliveries stay listed, pending ones are not sent',
    status: 200,
    response: webhookEndpointSchema,
    errors: ['NOT_FOUND'],
    example: webhookEndpoint,
  },
  {
    id: 'rotateWebhookEndpointSecret',
    tag: 'webhook_endpoints',
    method: 'post',
    path: '/webhook_endpoints/{endpointId}/rotate_secret',
    summary: 'A new secret, shown in this answer only; the old one keeps signing beside it (two v1, signatures) for expires_in_hours (0-168, default 24)',
    request: rotateWebhookEndpointSecretRequest,
    optionalBody: true,
    status: 200,
    response: webhookEndpointWithSecretSchema,
    errors: ['NOT_FOUND'],
    example: withSecret,
  },
  {
    id: 'resetTestData',
    tag: 'test_data',
    testOnly: true,
    method: 'post',
    path: '/test_data/reset',
    summary: "The test environment only: removes the project's contracts, invoices, subscriptions, events, deliveries, test clocks and webhook endpoints (not its settings); 404 in production",
    status: 200,
    response: testDataResetSchema,
    errors: ['NOT_FOUND'],
    example: { contracts: 2, invoices: 5, subscriptions: 1, events: 9, deliveries: 9, test_clocks: 1, webhook_endpoints: 1 },
  },
  {
    id: 'createTestClock',
    tag: 'test_clocks',
    testOnly: true,
    method: 'post',
    path: '/test_clocks',
    summary:
      'The test environment only: a clock that stands still at frozen_time. Attach a contract or invoice with test_info.test_clock_id, a subscription with TestInfo/TestClockID; they then live in its time',
    request: createTestClockRequest,
    status: 201,
    response: testClockSchema,
    errors: ['NOT_FOUND', 'TEST_CLOCK_LIMIT_EXCEEDED'],
    example: testClock,
  },
  {
    id: 'listTestClocks',
    tag: 'test_clocks',
    testOnly: true,
    method: 'get',
    path: '/test_clocks',
    summary: "The test environment only: the project's test clocks, newest first",
    query: PAGING,
    status: 200,
    response: testClocksSchema,
    errors: ['NOT_FOUND'],
    example: listExample([testClock], 'test_clocks'),
  },
  {
    id: 'getTestClock',
    tag: 'test_clocks',
    testOnly: true,
    method: 'get',
    path: '/test_clocks/{testClockId}',
    summary: 'The test environment only: a test clock (poll it until status is ready)',
    status: 200,
    response: testClockSchema,
    errors: ['NOT_FOUND', 'TEST_CLOCK_NOT_FOUND'],
    example: testClock,
  },
  {
    id: 'advanceTestClock',
    tag: 'test_clocks',
    testOnly: true,
    method: 'post',
    path: '/test_clocks/{testClockId}/advance',
    summary:
      'The test environment only: moves the clock to frozen_time (202, advancing). Every piece of work of the attached objects that falls due on the way runs in time order, each at its own time (charges, expiries, webhook retries); then the clock is ready and test_clock.ready is sent. ?wait=true answers once ready (200; at most 25 s, then 202 still advancing: poll GET)',
    request: advanceTestClockRequest,
    query: { wait: { maxLength: 5, example: 'true', optional: true, enum: ['true', 'false'] } },
    status: 202,
    alsoAnswers: { status: 200, when: 'with ?wait=true, once the clock is ready (status ready)' },
    response: testClockSchema,
    errors: ['NOT_FOUND', 'TEST_CLOCK_NOT_FOUND', 'TEST_CLOCK_ADVANCING', 'TEST_CLOCK_TIME_INVALID', 'TEST_CLOCK_LIMIT_EXCEEDED'],
    example: { ...testClock, status: 'advancing', advancing_to: '2028-01-01T00:00:00Z' },
  },
  {
    id: 'deleteTestClock',
    tag: 'test_clocks',
    testOnly: true,
    method: 'delete',
    path: '/test_clocks/{testClockId}',
    summary: 'The test environment only: deletes the clock and everything attached to it (contracts, invoices, subscriptions, their events and deliveries)',
    status: 200,
    response: testClockSchema,
    errors: ['NOT_FOUND', 'TEST_CLOCK_NOT_FOUND', 'TEST_CLOCK_ADVANCING'],
    example: testClock,
  },
];

/**
 * The operations whose answer carries a secret (a webhook endpoint's, on its creation and
 * rotation): each signature of one is used once, whatever its version and Idempotency-Key, so a
 * captured request replayed within its window hands the secret to no one (docs/security.md).
 */
export const SECRET_ANSWERING_OPERATIONS: ReadonlySet<string> = new Set(OPERATIONS.filter((o) => o.response === webhookEndpointWithSecretSchema).map((o) => o.id));
