import { z } from 'zod';
import { JSON_ERROR_CODES, type JsonErrorCode } from './error-codes.js';
import { COMMON_ERRORS, OPERATION_TAGS, OPERATIONS, OPERATIONS_PREFIX as PREFIX, PAGING, type Operation } from './operations.js';
import { requestPayload, requestPayloadParts } from './signature-payload.js';
import { hmacHex, innerHash, signRequest } from './signature.js';
import { bodyDigest, canonicalQuery, canonicalRequest } from './signature-v5.js';
import { forEnvironment, hasValue } from './openapi-environment.js';
import type { ApiEnvironment } from './test-only.js';
import { FEED_POSITION } from './streams.js';
import {
  contractAuthorizedWebhook,
  contractClosedWebhook,
  legacyPaymentWebhook,
  paymentUpdatedWebhook,
  refundCompletedWebhook,
  refundFailedWebhook,
  testClockReadyWebhook,
  subscriptionStatusNotification,
  webhookEndpointDisabledWebhook,
} from './webhook-payloads.js';

export interface OpenApiOptions {
  /** Where the API is served, e.g. from the app's configuration. */
  readonly servers: readonly { readonly url: string; readonly description?: string }[];
  /** The HTTP status of each error code: the HTTP adapter's table. */
  readonly statusOf: (code: JsonErrorCode) => number;
  /**
   * The environment the document describes. Production's has none of the test environment's
   * operations (test_data/reset, test_clocks), fields (test_info, next_step), outcomes (the sandbox's
   * numbers and cards) or test clock events and refusals: there they answer 404 or do nothing.
   */
  readonly environment: ApiEnvironment;
}

const { maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT } = PAGING.limit.integer;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const idOf = (schema: z.ZodType): string => {
  const id = z.globalRegistry.get(schema)?.id;
  if (typeof id !== 'string') throw new Error('every request and response schema of an operation needs an id');
  return id;
};

/** The registered schemas as JSON Schema 2020-12 components, as `io` sees them (requests: input; answers: output). */
function components(io: 'input' | 'output'): Record<string, Record<string, unknown>> {
  // Request schemas transform (a card's month to a number): seen as output they have no JSON Schema, and are not used as such.
  const { schemas } = z.toJSONSchema(z.globalRegistry, { target: 'draft-2020-12', io, unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema as Record<string, unknown>]));
}

/** Only the components the operations reach (the global registry may hold an embedding app's schemas too). */
function reachable(all: Record<string, Record<string, unknown>>, roots: readonly string[]): Record<string, Record<string, unknown>> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !all[id]) return;
    seen.add(id);
    for (const m of JSON.stringify(all[id]).matchAll(/#\/components\/schemas\/([A-Za-z0-9_]+)/g)) visit(m[1] as string);
  };
  roots.forEach(visit);
  return Object.fromEntries([...seen].sort().map((id) => [id, all[id] as Record<string, unknown>]));
}

/** A worked example of the request signature: fixed inputs, and everything else computed by the protocol's own functions. */
const EXAMPLE_BODY = { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: '79001234567' }, order: { merchant_order_id: 'order-1', price: { amount: '10.00', currency: 'RUB' } } };
const EXAMPLE = { password: 'secret-password', login: 'shop', timestamp: '2026-11-24T10:00:00Z', payload: requestPayload('createInvoice', { body: EXAMPLE_BODY }) } as const;

/** The version 5 worked example: the same invoice, sent to project 1 with an Idempotency-Key. */
const EXAMPLE_V5 = canonicalRequest({
  method: 'POST',
  path: '/api/v3/projects/1/invoices',
  query: [],
  bodySha256: bodyDigest(JSON.stringify(EXAMPLE_BODY)),
  timestamp: EXAMPLE.timestamp,
  login: EXAMPLE.login,
  idempotencyKey: 'order-1-create',
});

/** A query as sent, and its line of the canonical request: decoding (+ and %20), encoding (%2B, ~) and the order of encoded names shown. */
const EXAMPLE_QUERY = 'type=payment.updated&after=x+y&%C3%A4=%7E&-=%2B&limit=';

const SIGNATURE = [
  "Every request carries four headers: X-Login (the partner login), X-Timestamp (UTC, YYYY-MM-DDThh:mm:ssZ, within 20 minutes of the server), X-Signature-Version (5, or the spec's 3 or 4) and X-Signature (64 lowercase hex digits).",
  'Version 5 signs the whole request: X-Signature = lowercase hex hmac_sha256(password, canonical request), the canonical request being these lines joined with "\\n": KASSA-HMAC-SHA256-5, the method in capitals, the path as sent (with the project, without the query), the query (each name and value first decoded as application/x-www-form-urlencoded reads them: + a space, %XX a byte, the bytes as UTF-8, a name without = given the empty value; then percent-encoded as RFC 3986 says: A-Z a-z 0-9 - . _ ~ as they are, every other byte of its UTF-8 as %XX in capitals; the pairs sorted by encoded name, then encoded value, in byte order, so %2F comes before - and a; written name=value and joined with "&"; empty without a query), the lowercase hex SHA-256 of the body\'s bytes as sent (of no bytes without a body; with a Content-Encoding such as gzip, of the bytes it decodes to), X-Timestamp, the login, and the Idempotency-Key header (empty without one).',
  'A captured version 5 signature can only repeat its identical request within the 20 minutes, which is what a retry does (under its Idempotency-Key, the stored answer); a POST without an Idempotency-Key is done once per signature, and its repeat is refused (401, error.details.reason signature_already_used: sign it again for a second call, or send an Idempotency-Key to retry safely). Versions 3 and 4 name neither the method, the path nor the project: a call that changes state (POST, PATCH, DELETE) is refused (401) when its signature was first used on another operation or project, and a project whose minSignatureVersion is 5 refuses them.',
  `Worked example (version 5, POST /api/v3/projects/1/invoices): password "${EXAMPLE.password}", login "${EXAMPLE.login}", X-Timestamp "${EXAMPLE.timestamp}", Idempotency-Key "order-1-create", body ${JSON.stringify(EXAMPLE_BODY)} (exactly these bytes):`,
  `canonical request ${JSON.stringify(EXAMPLE_V5)}, X-Signature ${hmacHex(EXAMPLE.password, EXAMPLE_V5)}.`,
  `Query example (version 5): the query ?${EXAMPLE_QUERY} is the line "${canonicalQuery(new URLSearchParams(EXAMPLE_QUERY))}" of the canonical request.`,
  'The key of every HMAC is the partner password (never sent). innerHash = lowercase hex hmac_sha256(password, X-Timestamp).',
  'Version 3: X-Signature = lowercase hex hmac_sha256(password, login + innerHash).',
  "Version 4: X-Signature = lowercase hex hmac_sha256(password, requestPayload + login + innerHash), requestPayload being the operation's fields (listed in each operation's description) concatenated without separators, a missing field as the empty string, the invoice or contract id from the path;",
  'customerPayload is the msisdn for mobile_phone, source + country + merchant_customer_id + email for the card types, and empty otherwise.',
  `Worked example (version 4, POST /invoices): password "${EXAMPLE.password}", login "${EXAMPLE.login}", X-Timestamp "${EXAMPLE.timestamp}", body ${JSON.stringify(EXAMPLE_BODY)}:`,
  `requestPayload "${EXAMPLE.payload}", innerHash ${innerHash(EXAMPLE.password, EXAMPLE.timestamp)}, X-Signature ${signRequest(EXAMPLE.password, EXAMPLE.login, EXAMPLE.timestamp, 4, EXAMPLE.payload)}.`,
].join(' ');

/** The fields of each operation's requestPayload, in order, as requestPayloadParts names them. */
const payloadFields = (op: Operation['id']): string =>
  requestPayloadParts(op, { body: { customer: { type: 'mobile_phone' } }, pathId: 'id', query: {} })
    .map((p) => (p.field === 'customer.msisdn' ? 'customerPayload' : p.field))
    .join(', ');

/** Follow-up operations on what a creation returned (stateful fuzzers follow these links). */
const LINKS: Partial<Record<Operation['id'], { readonly field: string; readonly param: string; readonly to: readonly Operation['id'][] }>> = {
  createInvoice: { field: 'invoice_id', param: 'invoiceId', to: ['getInvoice', 'authorizeInvoice', 'cancelInvoice', 'refundInvoice'] },
  createContract: { field: 'contract_id', param: 'contractId', to: ['authorizeContract', 'cancelContract'] },
  createWebhookEndpoint: { field: 'id', param: 'endpointId', to: ['getWebhookEndpoint', 'updateWebhookEndpoint', 'deleteWebhookEndpoint', 'rotateWebhookEndpointSecret'] },
};

/** The headers a merchant may read, declared on the answers that carry them (and listed in components.headers). */
const HEADERS = {
  'X-Request-Id': {
    description: "The request's id, on every answer: the caller's X-Request-Id when it sent one of 1-128 visible ASCII characters, a new one otherwise (the logs and the requests page name it)",
    schema: { type: 'string', minLength: 1, maxLength: 128 },
  },
  'Idempotent-Replayed': {
    description: 'true: this is the stored answer to an earlier request with the same Idempotency-Key (nothing was done again)',
    schema: { type: 'string', enum: ['true'] },
  },
  'Retry-After': { description: 'Seconds to wait before trying again (RFC 9110)', schema: { type: 'string', pattern: '^[0-9]+$' } },
  Deprecation: {
    description: 'RFC 9745: the path, or a parameter name the request used, is deprecated since this time (@ and Unix seconds); it is served for one more minor version',
    schema: { type: 'string', pattern: '^@[0-9]+$' },
  },
  Link: { description: 'On a deprecated path: the path that replaces it, rel="successor-version" (RFC 8594)', schema: { type: 'string' } },
  Allow: { description: 'The methods the path serves (RFC 9110)', schema: { type: 'string' } },
} as const;
type HeaderName = keyof typeof HEADERS;
// Inline, not a $ref: OpenAPI 3.1 allows no `required` beside a reference.
const header = (name: HeaderName, required = false) => ({ [name]: { ...HEADERS[name], ...(required ? { required: true } : {}) } });
/** What every answer carries, and what every answer of a POST may (a replay of any stored answer). */
const answerHeaders = (op: Operation) => ({ ...header('X-Request-Id', true), ...(op.method === 'post' ? header('Idempotent-Replayed') : {}) });

/** A path asked with a method it does not serve: the v3 envelope and the methods it does serve. */
const METHOD_NOT_ALLOWED = {
  description: 'METHOD_NOT_ALLOWED: a known path asked with a method it does not serve',
  headers: { ...header('X-Request-Id', true), ...header('Allow', true) },
  content: {
    'application/json': {
      schema: ref('ErrorEnvelope'),
      example: { success: false, error: { code: 'METHOD_NOT_ALLOWED', message: 'DELETE is not served at /api/v3/projects/1/invoices; it takes POST' } },
    },
  },
};

function errorResponses(op: Operation, options: OpenApiOptions): Record<string, unknown> {
  const byStatus = new Map<number, JsonErrorCode[]>();
  const keyed: readonly JsonErrorCode[] = op.method === 'post' ? ['IDEMPOTENCY_KEY_MISMATCH', 'IDEMPOTENCY_KEY_IN_USE'] : [];
  const codes = [...COMMON_ERRORS, ...op.errors, ...keyed].filter((code) => hasValue(options.environment, code));
  for (const code of codes) byStatus.set(options.statusOf(code), [...(byStatus.get(options.statusOf(code)) ?? []), code]);
  if (op.request) byStatus.set(413, ['BAD_REQUEST']);
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: codes.join(', '),
          headers: {
            ...answerHeaders(op),
            // 429 and 503 always say when to try again; a 409 does for IDEMPOTENCY_KEY_IN_USE.
            ...(status === 429 || status === 503 ? header('Retry-After', true) : codes.includes('IDEMPOTENCY_KEY_IN_USE') ? header('Retry-After') : {}),
          },
          content: {
            'application/json': {
              schema: { allOf: [ref('ErrorEnvelope'), { properties: { error: { properties: { code: { enum: codes } } } } }] },
              example: { success: false, error: { code: codes[0], message: '…' } },
            },
          },
        },
      ]),
  );
}

/** A stream's success: text/event-stream, each `data:` line the JSON of `op.response` (a component). */
const streamSuccess = (op: Operation) => ({
  description: `success: a Server-Sent Events stream; each data line is the JSON of ${idOf(op.response)}`,
  headers: answerHeaders(op),
  content: {
    'text/event-stream': {
      schema: { type: 'string', description: `Server-Sent Events; data lines: #/components/schemas/${idOf(op.response)}` },
      // The schema of each data line (OpenAPI 3.1 has no place for it: 3.2's itemSchema); the merchant tools' check reads it.
      'x-sse-data': ref(idOf(op.response)),
      example: op.example,
    },
  },
});

/** Last-Event-ID (the SSE reconnection header) of a resumable stream. */
const LAST_EVENT_ID = {
  name: 'Last-Event-ID',
  in: 'header',
  required: false,
  schema: { type: 'string', maxLength: 15, pattern: FEED_POSITION.source },
  description: 'The SSE id of the last entry received (its place in the feed): the stream resumes after it. Anything else is 400 BAD_REQUEST',
};

/** A success answer: the envelope with the operation's data, and the headers it may carry. */
const success = (op: Operation) => ({
  description: 'success',
  headers: { ...answerHeaders(op), ...(op.deprecatedFields || Object.values(op.query ?? {}).some((q) => 'deprecated' in q && q.deprecated) ? header('Deprecation') : {}) },
  content: {
    'application/json': {
      schema: { type: 'object', required: ['success', 'data'], properties: { success: { const: true }, data: ref(idOf(op.response)) } },
      example: { success: true, data: op.example },
    },
  },
});

function operationObject(op: Operation, options: OpenApiOptions) {
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: m[1] === 'deliveryId' ? { type: 'string', maxLength: 100 } : { type: 'string', format: 'uuid' },
  }));
  const query = Object.entries(op.query ?? {}).map(([name, q]) => ({
    name,
    in: 'query',
    required: !q.optional,
    schema:
      'integer' in q
        ? { type: 'integer', minimum: q.integer.minimum, maximum: q.integer.maximum, ...(q.integer.default === undefined ? {} : { default: q.integer.default }) }
        : { type: 'string', ...(q.optional ? {} : { minLength: 1 }), maxLength: q.maxLength, ...(q.enum ? { enum: q.enum } : {}) },
    ...(q.example !== '' ? { example: q.example } : {}),
    ...('deprecated' in q && q.deprecated ? { deprecated: true, description: q.deprecated } : {}),
  }));
  const links = LINKS[op.id];
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    description: `Signed payload (version 4): ${op.id === 'checkBilling' ? "customerPayload: the msisdn for {customer: {type: 'mobile_phone', msisdn}}; empty for the spec's {msisdn} shape, whose number is not signed" : payloadFields(op.id)}.`,
    parameters: [
      { name: 'projectId', in: 'path', required: true, schema: { type: 'integer', format: 'int32', minimum: 0 } },
      ...pathParams,
      ...query,
      ...(op.method === 'post' ? [IDEMPOTENCY_KEY] : []),
      ...(op.stream?.resumable ? [LAST_EVENT_ID] : []),
    ],
    ...(op.request ? { requestBody: { required: !op.optionalBody, content: { 'application/json': { schema: ref(idOf(op.request)), example: z.globalRegistry.get(op.request)?.['example'] } } } } : {}),
    responses: {
      ...(op.alsoAnswers ? { [String(op.alsoAnswers.status)]: { ...success(op), description: `success, ${op.alsoAnswers.when}` } } : {}),
      [String(op.status)]: {
        ...(op.stream ? streamSuccess(op) : success(op)),
        ...(links
          ? { links: Object.fromEntries(links.to.map((to) => [to, { operationId: to, parameters: { projectId: '$request.path.projectId', [links.param]: `$response.body#/data/${links.field}` } }])) }
          : {}),
      },
      ...errorResponses(op, options),
    },
  };
}

/** The test environment's documented outcomes (docs/merchants/sandbox.md, "Testing"; the sandbox's gateway and carrier directory implement them). */
const TESTING = [
  'Testing (the test environment only): the PIN is always 1234; test_info.expected_billing_result chooses a charge outcome; and these numbers behave so, whatever test_info says:',
  '79990000001 is not billable (billing/check: supported false);',
  'every charge to 79990000210 declines with result_code 210 (PAYMENT_CHANNEL_NOT_ENOUGH_MONEY), to 79990000211 with 211 (CARD_EXPIRED), to 79990000212 with 212 (TEST_CARD_UNKNOWN);',
  'a charge to 79990000504 gets no answer at its first attempt (its outcome unknown: Kassa retries it with the same idempotency key) and is found paid at the retry;',
  'a charge to 79990000202 succeeds after 2 seconds;',
  'charges to 79990000402 succeed and its refunds are refused (result_code 213, REFUND_REFUSED: refund_status failed, refund.failed);',
  'the SMS of 79990000404 cannot be delivered: a contract, SMS_PIN invoice or subscription for it answers 422 PIN_NOT_DELIVERED and is closed at once.',
  'Cards on the payment page: 4111111111111111 pays, 4000000000000002 declines (210), 4000000000000069 expires (211), any other 212.',
  'POST test_data/reset empties a project.',
  "Test clocks (POST test_clocks) let objects attached to them live in the clock's time: advance it and every expiry, charge and webhook retry that falls due runs in order, each at its own time; a subscription on a clock without BillingPeriodSeconds is charged every 30 days.",
].join(' ');

/** Every POST takes an Idempotency-Key (draft-ietf-httpapi-idempotency-key-header). */
const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 257, pattern: '^[\\x20-\\x7e]+$' },
  example: '"8e03978e-40d5-43e8-bc93-6894a57f9324"',
  description:
    'Optional, sent once: 1-255 printable characters, as a structured-field string (a comma inside is part of the key) or bare without a comma; two of this header are 400 BAD_REQUEST. The first answer to a key (any but a 5xx or a 429) is replayed for 24 hours (KASSA_IDEMPOTENCY_HOURS) to every retry with the same key, partner and project, with the header Idempotent-Replayed: true; the same key with another request is 422 IDEMPOTENCY_KEY_MISMATCH; while the first is running, 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Without a key every request is new.',
};

/** The headers of every delivery (Standard Webhooks). */
const DELIVERY_HEADERS = [
  { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' }, description: "the event's stable id: the same on every retry; de-duplicate on it" },
  { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string', pattern: '^[0-9]+$' }, description: "this attempt's time, unix seconds" },
  {
    name: 'webhook-signature',
    in: 'header',
    required: false,
    schema: { type: 'string' },
    description:
      'v1, + base64 HMAC-SHA256 over id.timestamp.body with the base64-decoded secret after whsec_ (space-separated signatures while a secret rotates); absent when the project has no secret',
  },
];

/** Each body Kassa POSTs to merchants: the JSON events to webhookUrl (and test callbacks), the legacy envelope, and the XML subscription notification. */
const WEBHOOKS: readonly {
  readonly name: string;
  readonly schema: z.ZodType;
  readonly contentType: string;
  readonly summary: string;
  /** The summary of the test environment's document, where it says more. */
  readonly testSummary?: string;
  /** Sent in the test environment only (production's document leaves it out). */
  readonly testOnly?: true;
}[] = [
  { name: 'contract.authorized', schema: contractAuthorizedWebhook, contentType: 'application/json', summary: 'A contract was confirmed (to webhookUrl)' },
  { name: 'contract.closed', schema: contractClosedWebhook, contentType: 'application/json', summary: 'A contract was cancelled or expired (to webhookUrl)' },
  {
    name: 'payment.updated',
    schema: paymentUpdatedWebhook,
    contentType: 'application/json',
    summary: 'A charge attempt (to webhookUrl)',
    testSummary: "A charge attempt (to webhookUrl, and an invoice's test_info.callback_url)",
  },
  { name: 'refund.completed', schema: refundCompletedWebhook, contentType: 'application/json', summary: 'A refund completed (the refund notification, to webhookUrl)' },
  { name: 'refund.failed', schema: refundFailedWebhook, contentType: 'application/json', summary: 'A refund the gateway refused (the refund notification, to webhookUrl)' },
  {
    name: 'test_clock.ready',
    schema: testClockReadyWebhook,
    contentType: 'application/json',
    summary: 'The test environment only: a test clock finished an advance (to webhookUrl)',
    testOnly: true,
  },
  {
    name: 'webhook_endpoint.disabled',
    schema: webhookEndpointDisabledWebhook,
    contentType: 'application/json',
    summary: "Kassa disabled one of the project's webhook endpoints for failing (to webhookUrl and the project's other endpoints that take it)",
  },
  { name: 'payment.updated (legacy envelope)', schema: legacyPaymentWebhook, contentType: 'application/json', summary: 'A charge attempt, for projects with webhookFormat "legacy"' },
  {
    name: 'SubscriptionStatusNotification',
    schema: subscriptionStatusNotification,
    contentType: 'text/xml',
    summary: 'A subscription event (XML, to subscriptionNotificationUrl); the Standard Webhooks headers are keyed by the subscription secret',
  },
];

function webhookObject(w: (typeof WEBHOOKS)[number], environment: ApiEnvironment) {
  return {
    post: {
      summary: environment === 'test' ? (w.testSummary ?? w.summary) : w.summary,
      // Kassa signs these itself (the headers below); the API's own security schemes do not apply.
      security: [],
      parameters: DELIVERY_HEADERS,
      requestBody: { required: true, content: { [w.contentType]: { schema: ref(idOf(w.schema)) } } },
      responses: {
        '200': { description: 'any 2xx: delivered' },
        '410': { description: 'gone: no more attempts' },
        default: { description: 'anything else: retried (Retry-After honoured on 429 and 503)' },
      },
    },
  };
}

/** The OpenAPI 3.1 document of the JSON v3 API in `options.environment`, generated from the protocol's zod schemas. */
export function openApiDocument(options: OpenApiOptions) {
  const { environment } = options;
  const operations = OPERATIONS.filter((op) => environment === 'test' || !op.testOnly);
  const webhooks = WEBHOOKS.filter((w) => environment === 'test' || !w.testOnly);
  const requests = operations.flatMap((op) => (op.request ? [idOf(op.request)] : []));
  const answers = [...operations.map((op) => idOf(op.response)), 'ErrorEnvelope', ...webhooks.map((w) => idOf(w.schema))];
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) paths[PREFIX + op.path] = { ...paths[PREFIX + op.path], [op.method]: operationObject(op, options) };
  // A former path: the same operation, deprecated, under an operationId of its own (ids are unique).
  for (const op of operations) {
    if (!op.deprecatedPath) continue;
    const current = operationObject(op, options);
    // The answers of a former path say so: Deprecation, and a Link to the path that replaces it (every
    // answer of its route; one refused before the route, a body that is no JSON say, may not).
    const responses = Object.fromEntries(
      Object.entries(current.responses as Record<string, { headers?: Record<string, unknown> }>).map(([status, r]) => [
        status,
        { ...r, headers: { ...r.headers, ...header('Deprecation', status === String(op.status)), ...header('Link', status === String(op.status)) } },
      ]),
    );
    const former = {
      ...current,
      responses,
      operationId: `${op.id}Deprecated`,
      deprecated: true,
      description: `Deprecated: use ${PREFIX}${op.path}; answers carry Deprecation and a Link to it. ${current.description}`,
    };
    paths[PREFIX + op.deprecatedPath] = { ...paths[PREFIX + op.deprecatedPath], [op.method]: former };
  }
  const codes = JSON_ERROR_CODES.filter((code) => hasValue(environment, code)).length;
  return forEnvironment(
    {
      openapi: '3.1.0',
      info: {
        title: 'Kassa JSON API',
        version: '3.0.0',
        description: `One-time payments: contracts, invoices, refunds. Errors use the envelope {success:false, error:{code, message, ${environment === 'test' ? 'next_step?, ' : ''}details?}}; clients branch on error.code (${codes} codes). Any path asked with a method it does not serve answers 405 METHOD_NOT_ALLOWED with an Allow header (components.responses.MethodNotAllowed). Every list pages one way: limit (1-${PAGE_SIZE_MAX}, default ${PAGE_SIZE_DEFAULT}) and cursor; data is {items, next_cursor}, newest first, next_cursor null on the last page. ${SIGNATURE}${environment === 'test' ? ` ${TESTING}` : ''}`,
      },
      servers: options.servers.map((s) => ({ ...s })),
      security: [{ login: [], timestamp: [], signatureVersion: [], signature: [] }],
      // The tags the environment's operations use, in OPERATION_TAGS's order.
      tags: Object.entries(OPERATION_TAGS).flatMap(([name, description]) => (operations.some((op) => op.tag === name) ? [{ name, description }] : [])),
      paths,
      webhooks: Object.fromEntries(webhooks.map((w) => [w.name, webhookObject(w, environment)])),
      components: {
        securitySchemes: {
          login: { type: 'apiKey', in: 'header', name: 'X-Login', description: 'the partner login' },
          timestamp: { type: 'apiKey', in: 'header', name: 'X-Timestamp', description: 'UTC, YYYY-MM-DDThh:mm:ssZ, within 20 minutes of the server' },
          signatureVersion: { type: 'apiKey', in: 'header', name: 'X-Signature-Version', description: "5, or the spec's 3 or 4" },
          signature: { type: 'apiKey', in: 'header', name: 'X-Signature', description: `Not a static key: an HMAC computed per request. ${SIGNATURE}` },
        },
        schemas: { ...reachable(components('input'), requests), ...reachable(components('output'), answers) },
        headers: HEADERS,
        responses: { MethodNotAllowed: METHOD_NOT_ALLOWED },
      },
    },
    environment,
  ) as Record<string, unknown>;
}
