import { err, type Err } from './result.js';

/**
 * The error catalog: every code of the spec, with the HTTP status the spec gives it (JSON v3) and,
 * where the spec shows one, the XML ResultCode or the subscription StatusName. Codes marked
 * "Kassa" are ours, for cases where the spec says "not shown" (see docs/decisions.md).
 */
export const ERROR_CATALOG = {
  AUTH_INVALID_SIGNATURE: { httpStatus: 401, message: 'Invalid signature' },
  AUTH_INVALID_TIMESTAMP: { httpStatus: 401, message: 'Timestamp is outside the allowed drift' },
  AUTH_INVALID_PROJECT: { httpStatus: 403, message: 'Project is not available to this partner' },
  BAD_REQUEST: { httpStatus: 400, message: 'Bad request' },
  TEST_CALLBACK_URL_FORBIDDEN: { httpStatus: 400, message: 'test_info.callback_url is not allowed for this partner' },
  TEST_CALLBACK_URL_REJECTED: { httpStatus: 400, message: 'test_info.callback_url was rejected' },
  TEST_CALLBACK_URL_RATE_LIMITED: { httpStatus: 429, message: 'test_info.callback_url is rate limited' },
  INVOICE_ALREADY_EXISTS: { httpStatus: 409, message: 'The customer already has an open invoice' },
  INVOICE_NOT_FOUND: { httpStatus: 404, message: 'Invoice not found' },
  INVALID_PAYMENT_METHOD: { httpStatus: 422, message: 'Unknown payment_method' },
  INVOICE_NOT_PAID: { httpStatus: 422, message: 'Invoice is not paid' },
  INVOICE_NOT_AUTHORIZED: { httpStatus: 422, message: 'Wrong PIN code' },
  INVOICE_AUTH_ATTEMPTS_EXCEEDED: { httpStatus: 422, message: 'PIN attempts used up; create a new invoice' },
  /** Kassa: an action the invoice's current state does not allow (authorize a paid invoice, cancel a paid one). */
  INVOICE_WRONG_STATE: { httpStatus: 409, message: 'The invoice does not allow this action in its current state' },
  CONTRACT_DRAFT_EXISTS: { httpStatus: 409, message: 'A contract with this merchant_contract_id awaits its PIN' },
  CONTRACT_ALREADY_EXISTS: { httpStatus: 409, message: 'A contract with this merchant_contract_id is confirmed' },
  CONTRACT_NOT_FOUND: { httpStatus: 404, message: 'Contract not found' },
  CONTRACT_ALREADY_AUTHORIZED: { httpStatus: 409, message: 'Contract already confirmed' },
  CONTRACT_NOT_AUTHORIZED: { httpStatus: 422, message: 'Wrong PIN code', xmlResultCode: 240 },
  CONTRACT_AUTH_ATTEMPTS_EXCEEDED: {
    httpStatus: 422,
    message: 'PIN attempts used up; the contract cannot be confirmed',
    xmlResultCode: 242,
  },
  /** Kassa: no such route or method. */
  NOT_FOUND: { httpStatus: 404, message: 'No such resource' },
  SERVICE_UNAVAILABLE: { httpStatus: 503, message: 'Service temporarily unavailable; retry' },
  /** Subscription service: a wrong PIN (StatusName WRONG_PARAMS, InvalidPinCode). */
  SUBSCRIPTION_INVALID_PIN_CODE: { httpStatus: 422, message: 'InvalidPinCode', statusName: 'WRONG_PARAMS' },
  /** Subscription service: malformed or missing parameters. */
  SUBSCRIPTION_WRONG_PARAMS: { httpStatus: 400, message: 'Wrong parameters', statusName: 'WRONG_PARAMS' },
  SUBSCRIPTION_ALREADY_APPROVED: {
    httpStatus: 409,
    message: 'Subscription already approved',
    statusName: 'SubscriptionAlreadyApproved',
  },
  /** Kassa: the subscription is ApprovingFailed (third wrong PIN or 3 hours passed). */
  SUBSCRIPTION_APPROVING_FAILED: { httpStatus: 409, message: 'Approval failed permanently', statusName: 'ApprovingFailed' },
  /** Kassa: ApproveSubscription or ResendPinCode on a subscription that is not SMS_PIN, or not Pending. */
  SUBSCRIPTION_WRONG_STATE: { httpStatus: 409, message: 'Not applicable to this subscription', statusName: 'WRONG_PARAMS' },
  /** Kassa: ResendPinCode asked a fourth time. */
  SUBSCRIPTION_RESEND_LIMIT_EXCEEDED: { httpStatus: 429, message: 'PIN code resent three times already', statusName: 'ResendLimitExceeded' },
  /** Kassa: no subscription matches the identifier in this project. */
  SUBSCRIPTION_NOT_FOUND: { httpStatus: 404, message: 'Subscription not found', statusName: 'SubscriptionNotFound' },
  /** Kassa: RefundBillingOperation names no charge of this project (production only). */
  BILLING_OPERATION_NOT_FOUND: { httpStatus: 404, message: 'Billing operation not found', statusName: 'BillingOperationNotFound' },
} as const satisfies Record<string, { httpStatus: number; message: string; xmlResultCode?: number; statusName?: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/** An expected failure: a stable code from the catalog, a human message, optional details. */
export interface DomainError<C extends ErrorCode = ErrorCode> {
  readonly code: C;
  readonly message: string;
  readonly details?: Readonly<Record<string, string | number | boolean>>;
}

export function domainError<C extends ErrorCode>(
  code: C,
  message: string = ERROR_CATALOG[code].message,
  details?: DomainError['details'],
): DomainError<C> {
  return details ? { code, message, details } : { code, message };
}

/** Shorthand for `err(domainError(...))`. */
export function fail<C extends ErrorCode>(
  code: C,
  message?: string,
  details?: DomainError['details'],
): Err<DomainError<C>> {
  return err(domainError(code, message, details));
}

export const httpStatusOf = (code: ErrorCode): number => ERROR_CATALOG[code].httpStatus;
