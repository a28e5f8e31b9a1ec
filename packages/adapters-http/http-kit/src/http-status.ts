import type { ErrorCode } from '@kassa-payments/domain';
import type { JsonErrorCode } from '@kassa-payments/protocol';

/**
 * The HTTP status each domain error answers with on the JSON hosts: the spec's table, and ours for
 * the codes it leaves open (docs/decisions.md). Exhaustive: a new code does not compile until it has one.
 */
export const HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
  AUTH_INVALID_SIGNATURE: 401,
  AUTH_INVALID_TIMESTAMP: 401,
  AUTH_INVALID_PROJECT: 403,
  BAD_REQUEST: 400,
  TEST_CALLBACK_URL_FORBIDDEN: 400,
  TEST_CALLBACK_URL_REJECTED: 400,
  TEST_CALLBACK_URL_RATE_LIMITED: 429,
  INVOICE_ALREADY_EXISTS: 409,
  INVOICE_NOT_FOUND: 404,
  INVALID_PAYMENT_METHOD: 422,
  INVOICE_NOT_PAID: 422,
  INVOICE_NOT_AUTHORIZED: 422,
  INVOICE_AUTH_ATTEMPTS_EXCEEDED: 422,
  INVOICE_WRONG_STATE: 409,
  CONTRACT_DRAFT_EXISTS: 409,
  CONTRACT_ALREADY_EXISTS: 409,
  CONTRACT_NOT_FOUND: 404,
  CONTRACT_ALREADY_AUTHORIZED: 409,
  CONTRACT_NOT_AUTHORIZED: 422,
  CONTRACT_AUTH_ATTEMPTS_EXCEEDED: 422,
  WIDGET_TOKEN_INVALID: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  SERVICE_UNAVAILABLE: 503,
  IDEMPOTENCY_KEY_MISMATCH: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  SUBSCRIPTION_INVALID_PIN_CODE: 422,
  SUBSCRIPTION_WRONG_PARAMS: 400,
  SUBSCRIPTION_ALREADY_APPROVED: 409,
  SUBSCRIPTION_APPROVING_FAILED: 409,
  SUBSCRIPTION_WRONG_STATE: 409,
  SUBSCRIPTION_RESEND_LIMIT_EXCEEDED: 429,
  SUBSCRIPTION_NOT_FOUND: 404,
  BILLING_OPERATION_NOT_FOUND: 404,
  PIN_NOT_DELIVERED: 422,
  TEST_CLOCK_NOT_FOUND: 404,
  TEST_CLOCK_ADVANCING: 409,
  TEST_CLOCK_TIME_INVALID: 400,
  TEST_CLOCK_LIMIT_EXCEEDED: 400,
  STREAM_LIMIT_EXCEEDED: 429,
  WEBHOOK_ENDPOINT_URL_REJECTED: 400,
  WEBHOOK_ENDPOINT_LIMIT_EXCEEDED: 400,
};

export const httpStatusOf = (code: ErrorCode): number => HTTP_STATUS[code];

/**
 * Every code the JSON hosts can answer with is one the protocol lists (clients branch on them): a
 * domain code added without its place in @kassa-payments/protocol's JSON_ERROR_CODES does not compile here.
 * The subscription codes belong to the XML subscription service.
 */
type JsonHostCode = Exclude<ErrorCode, `SUBSCRIPTION_${string}` | 'BILLING_OPERATION_NOT_FOUND'>;
const everyJsonHostCodeIsInTheProtocol: Exclude<JsonHostCode, JsonErrorCode> extends never ? true : never = true;
void everyJsonHostCodeIsInTheProtocol;
