import type { ErrorCode } from '@kassa-payments/domain';
import type { IntakeRefusal } from '../shared/xml-intake.js';

/**
 * The XML 2.9 ResultCode of every domain error code (0 is success). 240 and 242 are the spec's; the
 * rest are Kassa's, grouped by aggregate (docs/decisions.md). Exhaustive: the compiler refuses a
 * missing code.
 */
export const RESULT_CODES = {
  BAD_REQUEST: 100,
  AUTH_INVALID_SIGNATURE: 101,
  AUTH_INVALID_TIMESTAMP: 102,
  AUTH_INVALID_PROJECT: 103,
  TEST_CALLBACK_URL_FORBIDDEN: 110,
  TEST_CALLBACK_URL_REJECTED: 111,
  TEST_CALLBACK_URL_RATE_LIMITED: 112,
  INVOICE_ALREADY_EXISTS: 200,
  INVOICE_NOT_FOUND: 201,
  INVALID_PAYMENT_METHOD: 202,
  INVOICE_NOT_PAID: 203,
  INVOICE_NOT_AUTHORIZED: 204,
  INVOICE_AUTH_ATTEMPTS_EXCEEDED: 205,
  INVOICE_WRONG_STATE: 206,
  PIN_NOT_DELIVERED: 207,
  CONTRACT_DRAFT_EXISTS: 230,
  CONTRACT_ALREADY_EXISTS: 231,
  CONTRACT_NOT_FOUND: 232,
  CONTRACT_ALREADY_AUTHORIZED: 233,
  CONTRACT_NOT_AUTHORIZED: 240,
  CONTRACT_AUTH_ATTEMPTS_EXCEEDED: 242,
  /** Never answered by the XML service (widget host only); here because the table is exhaustive. */
  WIDGET_TOKEN_INVALID: 250,
  SUBSCRIPTION_INVALID_PIN_CODE: 300,
  SUBSCRIPTION_WRONG_PARAMS: 301,
  SUBSCRIPTION_ALREADY_APPROVED: 302,
  SUBSCRIPTION_APPROVING_FAILED: 303,
  SUBSCRIPTION_WRONG_STATE: 304,
  SUBSCRIPTION_RESEND_LIMIT_EXCEEDED: 305,
  SUBSCRIPTION_NOT_FOUND: 306,
  BILLING_OPERATION_NOT_FOUND: 307,
  NOT_FOUND: 404,
  // The XML services are raw endpoints answering every method themselves (ResultCode 16): never raised there.
  METHOD_NOT_ALLOWED: 16,
  SERVICE_UNAVAILABLE: 900,
  /** The JSON API's Idempotency-Key only; here because the table is exhaustive. */
  IDEMPOTENCY_KEY_MISMATCH: 100,
  IDEMPOTENCY_KEY_IN_USE: 900,
  /** The JSON API's test clocks only; here because the table is exhaustive. */
  TEST_CLOCK_NOT_FOUND: 260,
  TEST_CLOCK_ADVANCING: 261,
  TEST_CLOCK_TIME_INVALID: 262,
  TEST_CLOCK_LIMIT_EXCEEDED: 263,
  /** The JSON API's event and request streams only; here because the table is exhaustive. */
  STREAM_LIMIT_EXCEEDED: 900,
  /** The JSON API's webhook endpoints only; here because the table is exhaustive. */
  WEBHOOK_ENDPOINT_URL_REJECTED: 270,
  WEBHOOK_ENDPOINT_LIMIT_EXCEEDED: 271,
} as const satisfies Record<ErrorCode, number>;

/** ResultCodes of a document that is not an operation at all (answered with HTTP 400 or 415). */
export const REFUSAL_CODES = {
  too_large: 10,
  doctype: 11,
  malformed: 12,
  too_deep: 13,
  not_a_request: 14,
  content_type: 15,
  method: 16,
  http: 17,
} as const satisfies Record<IntakeRefusal['kind'] | 'http', number>;
