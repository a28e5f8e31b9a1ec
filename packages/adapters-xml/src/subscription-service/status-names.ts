import type { ErrorCode } from '@kassa-payments/domain';
import type { IntakeRefusal } from '../shared/xml-intake.js';

/** A StatusID and its StatusName, as the subscription service answers. */
export interface Status {
  readonly id: number;
  readonly name: string;
}

export const ACCEPTED: Status = { id: 0, name: 'REQUEST_ACCEPTED' };
const WRONG_PARAMS: Status = { id: 1, name: 'WRONG_PARAMS' };

/**
 * The subscription service's StatusID and StatusName of every domain code (success is 0,
 * REQUEST_ACCEPTED). WRONG_PARAMS, InvalidPinCode (as WRONG_PARAMS) and SubscriptionAlreadyApproved
 * are the spec's; the rest are Kassa's (docs/decisions.md). The invoice and contract codes never
 * arise here: they read as WRONG_PARAMS. Exhaustive: the compiler refuses a missing code.
 */
export const SUBSCRIPTION_STATUS_NAMES: Readonly<Record<ErrorCode, Status>> = {
  BAD_REQUEST: WRONG_PARAMS,
  SUBSCRIPTION_WRONG_PARAMS: WRONG_PARAMS,
  SUBSCRIPTION_INVALID_PIN_CODE: WRONG_PARAMS,
  SUBSCRIPTION_WRONG_STATE: WRONG_PARAMS,
  SUBSCRIPTION_ALREADY_APPROVED: { id: 2, name: 'SubscriptionAlreadyApproved' },
  SUBSCRIPTION_APPROVING_FAILED: { id: 3, name: 'ApprovingFailed' },
  SUBSCRIPTION_RESEND_LIMIT_EXCEEDED: { id: 4, name: 'ResendLimitExceeded' },
  SUBSCRIPTION_NOT_FOUND: { id: 5, name: 'SubscriptionNotFound' },
  BILLING_OPERATION_NOT_FOUND: { id: 6, name: 'BillingOperationNotFound' },
  AUTH_INVALID_SIGNATURE: { id: 7, name: 'InvalidSignature' },
  AUTH_INVALID_TIMESTAMP: { id: 8, name: 'InvalidTimestamp' },
  AUTH_INVALID_PROJECT: { id: 9, name: 'ProjectNotAvailable' },
  NOT_FOUND: { id: 10, name: 'MethodNotFound' },
  METHOD_NOT_ALLOWED: { id: 10, name: 'MethodNotFound' },
  SERVICE_UNAVAILABLE: { id: 11, name: 'ServiceUnavailable' },
  PIN_NOT_DELIVERED: { id: 12, name: 'PinNotDelivered' },
  INVALID_PAYMENT_METHOD: WRONG_PARAMS,
  WIDGET_TOKEN_INVALID: WRONG_PARAMS,
  IDEMPOTENCY_KEY_MISMATCH: WRONG_PARAMS,
  IDEMPOTENCY_KEY_IN_USE: WRONG_PARAMS,
  TEST_CALLBACK_URL_FORBIDDEN: WRONG_PARAMS,
  TEST_CALLBACK_URL_REJECTED: WRONG_PARAMS,
  TEST_CALLBACK_URL_RATE_LIMITED: WRONG_PARAMS,
  INVOICE_ALREADY_EXISTS: WRONG_PARAMS,
  INVOICE_NOT_FOUND: WRONG_PARAMS,
  INVOICE_NOT_PAID: WRONG_PARAMS,
  INVOICE_NOT_AUTHORIZED: WRONG_PARAMS,
  INVOICE_AUTH_ATTEMPTS_EXCEEDED: WRONG_PARAMS,
  INVOICE_WRONG_STATE: WRONG_PARAMS,
  CONTRACT_DRAFT_EXISTS: WRONG_PARAMS,
  CONTRACT_ALREADY_EXISTS: WRONG_PARAMS,
  CONTRACT_NOT_FOUND: WRONG_PARAMS,
  CONTRACT_ALREADY_AUTHORIZED: WRONG_PARAMS,
  CONTRACT_NOT_AUTHORIZED: WRONG_PARAMS,
  CONTRACT_AUTH_ATTEMPTS_EXCEEDED: WRONG_PARAMS,
  TEST_CLOCK_NOT_FOUND: WRONG_PARAMS,
  TEST_CLOCK_ADVANCING: WRONG_PARAMS,
  TEST_CLOCK_TIME_INVALID: WRONG_PARAMS,
  TEST_CLOCK_LIMIT_EXCEEDED: WRONG_PARAMS,
  STREAM_LIMIT_EXCEEDED: WRONG_PARAMS,
  WEBHOOK_ENDPOINT_URL_REJECTED: WRONG_PARAMS,
  WEBHOOK_ENDPOINT_LIMIT_EXCEEDED: WRONG_PARAMS,
};

/** A document that is no request at all (HTTP 4xx, still in XML), as on the XML 2.9 service. */
export const SUBSCRIPTION_REFUSALS: Readonly<Record<IntakeRefusal['kind'] | 'http', Status>> = {
  too_large: { id: 20, name: 'DocumentTooLarge' },
  doctype: { id: 21, name: 'DoctypeNotAccepted' },
  malformed: { id: 22, name: 'MalformedXml' },
  too_deep: { id: 23, name: 'NestedTooDeep' },
  not_a_request: { id: 24, name: 'NotARequest' },
  content_type: { id: 25, name: 'WrongContentType' },
  method: { id: 26, name: 'MethodNotAllowed' },
  http: { id: 27, name: 'BadHttpRequest' },
};
