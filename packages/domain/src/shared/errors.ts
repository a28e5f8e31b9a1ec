import { err, type Err } from './result.js';

/**
 * The error catalog: every code of the spec with its default message. Codes marked "Kassa" are
 * ours, for cases where the spec says "not shown" (see docs/decisions.md). What each transport
 * answers for a code (an HTTP status, an XML ResultCode or StatusName) is that transport's table.
 */
export const ERROR_CATALOG = {
  AUTH_INVALID_SIGNATURE: { message: 'Invalid signature' },
  AUTH_INVALID_TIMESTAMP: { message: 'Timestamp is outside the allowed drift' },
  AUTH_INVALID_PROJECT: { message: 'Project is not available to this partner' },
  BAD_REQUEST: { message: 'Bad request' },
  TEST_CALLBACK_URL_FORBIDDEN: { message: 'test_info.callback_url is not allowed for this partner' },
  TEST_CALLBACK_URL_REJECTED: { message: 'test_info.callback_url was rejected' },
  TEST_CALLBACK_URL_RATE_LIMITED: { message: 'test_info.callback_url is rate limited' },
  INVOICE_ALREADY_EXISTS: { message: 'The customer already has an open invoice' },
  INVOICE_NOT_FOUND: { message: 'Invoice not found' },
  INVALID_PAYMENT_METHOD: { message: 'Unknown payment_method' },
  INVOICE_NOT_PAID: { message: 'Invoice is not paid' },
  INVOICE_NOT_AUTHORIZED: { message: 'Wrong PIN code' },
  INVOICE_AUTH_ATTEMPTS_EXCEEDED: { message: 'PIN attempts used up; create a new invoice' },
  /** Kassa: an action the invoice's current state does not allow (authorize a paid invoice, cancel a paid one). */
  INVOICE_WRONG_STATE: { message: 'The invoice does not allow this action in its current state' },
  CONTRACT_DRAFT_EXISTS: { message: 'A contract with this merchant_contract_id awaits its PIN' },
  CONTRACT_ALREADY_EXISTS: { message: 'A contract with this merchant_contract_id is confirmed' },
  CONTRACT_NOT_FOUND: { message: 'Contract not found' },
  CONTRACT_ALREADY_AUTHORIZED: { message: 'Contract already confirmed' },
  CONTRACT_NOT_AUTHORIZED: { message: 'Wrong PIN code' },
  CONTRACT_AUTH_ATTEMPTS_EXCEEDED: { message: 'PIN attempts used up; the contract cannot be confirmed' },
  /** Kassa: the widget or redirect-route token (`t`) is invalid, expired, or for another invoice. */
  WIDGET_TOKEN_INVALID: { message: 'The payment link is invalid or has expired' },
  /** Kassa: no such route or method. */
  NOT_FOUND: { message: 'No such resource' },
  /** Kassa: a known path asked with a method it does not serve (the answer's Allow names those it does). */
  METHOD_NOT_ALLOWED: { message: 'This path does not serve that method' },
  SERVICE_UNAVAILABLE: { message: 'Service temporarily unavailable; retry' },
  /** Kassa (Idempotency-Key): the key was used before with another request. */
  IDEMPOTENCY_KEY_MISMATCH: { message: 'This Idempotency-Key was used with a different request' },
  /** Kassa (Idempotency-Key): the first request with this key is still being answered. */
  IDEMPOTENCY_KEY_IN_USE: { message: 'A request with this Idempotency-Key is still in progress; retry' },
  /** Kassa: the SMS with the PIN of a new confirmation could not be delivered; the record was closed at once. */
  PIN_NOT_DELIVERED: { message: 'The PIN could not be delivered by SMS to this number' },
  /** Kassa (test clocks): no test clock with this id in the project. */
  TEST_CLOCK_NOT_FOUND: { message: 'Test clock not found' },
  /** Kassa (test clocks): the clock is advancing; wait until it is ready. */
  TEST_CLOCK_ADVANCING: { message: 'The test clock is advancing; retry when it is ready' },
  /** Kassa (test clocks): a frozen_time the clock cannot take (not after its time). */
  TEST_CLOCK_TIME_INVALID: { message: "frozen_time must be after the clock's current time" },
  /** Kassa (test clocks): past a budget of the sandbox (clocks a project, objects a clock, work an advance); the message names it. */
  TEST_CLOCK_LIMIT_EXCEEDED: { message: 'A test clock limit is exceeded' },
  /** Kassa: the project has as many event or request streams open as one API process serves; retry after Retry-After. */
  STREAM_LIMIT_EXCEEDED: { message: 'Too many open streams for this project' },
  /** Kassa (webhook endpoints): the URL is not one Kassa may deliver to (not http(s), or not a public address). */
  WEBHOOK_ENDPOINT_URL_REJECTED: { message: 'The webhook endpoint URL was rejected' },
  /** Kassa (webhook endpoints): the project has as many endpoints as it may (16). */
  WEBHOOK_ENDPOINT_LIMIT_EXCEEDED: { message: 'The project has as many webhook endpoints as it may' },
  /** Subscription service: a wrong PIN (StatusName WRONG_PARAMS, InvalidPinCode). */
  SUBSCRIPTION_INVALID_PIN_CODE: { message: 'InvalidPinCode' },
  /** Subscription service: malformed or missing parameters. */
  SUBSCRIPTION_WRONG_PARAMS: { message: 'Wrong parameters' },
  SUBSCRIPTION_ALREADY_APPROVED: { message: 'Subscription already approved' },
  /** Kassa: the subscription is ApprovingFailed (third wrong PIN or 3 hours passed). */
  SUBSCRIPTION_APPROVING_FAILED: { message: 'Approval failed permanently' },
  /** Kassa: ApproveSubscription or ResendPinCode on a subscription that is not SMS_PIN, or not Pending. */
  SUBSCRIPTION_WRONG_STATE: { message: 'Not applicable to this subscription' },
  /** Kassa: ResendPinCode asked a fourth time. */
  SUBSCRIPTION_RESEND_LIMIT_EXCEEDED: { message: 'PIN code resent three times already' },
  /** Kassa: no subscription matches the identifier in this project. */
  SUBSCRIPTION_NOT_FOUND: { message: 'Subscription not found' },
  /** Kassa: RefundBillingOperation names no charge of this project (production only). */
  BILLING_OPERATION_NOT_FOUND: { message: 'Billing operation not found' },
} as const satisfies Record<string, { message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/** An expected failure: a stable code from the catalog, a human message, optional details. */
export interface DomainError<C extends ErrorCode = ErrorCode> {
  readonly code: C;
  readonly message: string;
  readonly details?: Readonly<Record<string, string | number | boolean>>;
}

export function domainError<C extends ErrorCode>(code: C, message: string = ERROR_CATALOG[code].message, details?: DomainError['details']): DomainError<C> {
  return details ? { code, message, details } : { code, message };
}

/** Shorthand for `err(domainError(...))`. */
export function fail<C extends ErrorCode>(code: C, message?: string, details?: DomainError['details']): Err<DomainError<C>> {
  return err(domainError(code, message, details));
}
