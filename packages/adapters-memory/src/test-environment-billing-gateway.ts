import { RESULT_NOT_ENOUGH_MONEY, RESULT_SUCCESS, UNDELIVERABLE_SMS_TEST_MSISDN, type ChargeOutcome } from '@kassa-payments/domain';
import type { BillingGateway, ChargeRequest, RefundOutcome, RefundRequest } from '@kassa-payments/domain';

/** The test environment's documented test cards (any future expiry, any security code). */
export const TEST_ENVIRONMENT_CARDS = {
  success: '4111111111111111',
  /** Declined: result_code 210, PAYMENT_CHANNEL_NOT_ENOUGH_MONEY. */
  declined: '4000000000000002',
  /** Declined by the issuer as expired: result_code 211, CARD_EXPIRED. */
  expired: '4000000000000069',
} as const;
export const RESULT_CARD_EXPIRED = 211;

/**
 * The test environment's documented phone numbers (docs/merchants/sandbox.md, "Testing"): each makes every charge to it
 * end one way, whatever test_info says; `unsupported` is not billable at billing/check.
 */
export const TEST_ENVIRONMENT_MSISDNS = {
  /** billing/check: not supported (no sandbox operator serves it). */
  unsupported: '79990000001',
  /** Declined: result_code 210, PAYMENT_CHANNEL_NOT_ENOUGH_MONEY. */
  declined: '79990000210',
  /** Declined: result_code 211, CARD_EXPIRED. */
  declinedExpired: '79990000211',
  /** Declined: result_code 212, TEST_CARD_UNKNOWN. */
  declinedUnknown: '79990000212',
  /** The first attempt gets no answer (the outcome is unknown: the job is retried); the retry, same key, finds it succeeded. */
  noAnswerThenSuccess: '79990000504',
  /** Succeeds, after LATE_ANSWER_MS. */
  late: '79990000202',
  /** Charges succeed; every refund is refused: result_code 213, REFUND_REFUSED (refund.failed). */
  refundRefused: '79990000402',
  /** Its SMS cannot be delivered: a new confirmation for it answers PIN_NOT_DELIVERED and is closed at once (the domain's rule: UNDELIVERABLE_SMS_TEST_MSISDN). */
  smsUndeliverable: UNDELIVERABLE_SMS_TEST_MSISDN,
} as const;
/** The sandbox's code of a refused refund. */
export const RESULT_REFUND_REFUSED = 213;
/** How long the `late` number's charges take. */
export const LATE_ANSWER_MS = 2_000;
/** Any other card number in the test environment: result_code 212, TEST_CARD_UNKNOWN. */
export const RESULT_TEST_CARD_UNKNOWN = 212;

/**
 * The test environment's gateway: no money moves. A card paid on the payment page decides the
 * outcome by its number (TEST_ENVIRONMENT_CARDS); otherwise the outcome is what the merchant chose
 * (test_info / TestInfo), success when nothing was chosen. Idempotent on the request's key.
 */
export class TestEnvironmentBillingGateway implements BillingGateway {
  private readonly outcomes = new Map<string, ChargeOutcome>();
  private readonly refunds = new Set<string>();
  /** Charges of the no-answer number whose first attempt went unanswered. */
  private readonly unanswered = new Set<string>();

  /** How many distinct charges and refunds reached the gateway (tests count double charges). */
  get chargeCount(): number {
    return this.outcomes.size;
  }
  get refundCount(): number {
    return this.refunds.size;
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const known = this.outcomes.get(request.idempotencyKey);
    if (known) return known;
    const billingChannel = request.customer.type === 'mobile_phone' ? 'MC' : 'BankRtp';
    const failed = (resultCode: number, resultDescription: string): ChargeOutcome => ({ status: 'FAILED', resultCode, resultDescription, billingChannel, serviceNumber: '0000' });
    const msisdn = request.customer.type === 'mobile_phone' ? request.customer.msisdn : undefined;
    if (msisdn === TEST_ENVIRONMENT_MSISDNS.noAnswerThenSuccess && !this.unanswered.has(request.idempotencyKey)) {
      this.unanswered.add(request.idempotencyKey);
      throw new Error('sandbox: the operator did not answer (a test number); the outcome is unknown until the retry');
    }
    if (msisdn === TEST_ENVIRONMENT_MSISDNS.late) await pause(LATE_ANSWER_MS);
    const outcome: ChargeOutcome = request.card
      ? cardOutcome(request.card.pan, failed, billingChannel)
      : msisdn === TEST_ENVIRONMENT_MSISDNS.declined || (request.testOutcome === 'failure' && msisdn !== undefined && !isTestNumber(msisdn))
        ? failed(RESULT_NOT_ENOUGH_MONEY, 'PAYMENT_CHANNEL_NOT_ENOUGH_MONEY')
        : msisdn === TEST_ENVIRONMENT_MSISDNS.declinedExpired
          ? failed(RESULT_CARD_EXPIRED, 'CARD_EXPIRED')
          : msisdn === TEST_ENVIRONMENT_MSISDNS.declinedUnknown
            ? failed(RESULT_TEST_CARD_UNKNOWN, 'TEST_CARD_UNKNOWN')
            : request.testOutcome === 'failure' && msisdn === undefined
              ? failed(RESULT_NOT_ENOUGH_MONEY, 'PAYMENT_CHANNEL_NOT_ENOUGH_MONEY')
              : { status: 'SUCCESS', resultCode: RESULT_SUCCESS, resultDescription: 'SUCCESS', billingChannel, serviceNumber: '0000' };
    this.outcomes.set(request.idempotencyKey, outcome);
    return outcome;
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    this.refunds.add(request.idempotencyKey);
    const refused = request.customer?.type === 'mobile_phone' && request.customer.msisdn === TEST_ENVIRONMENT_MSISDNS.refundRefused;
    return refused ? { status: 'FAILED', resultCode: RESULT_REFUND_REFUSED, resultDescription: 'REFUND_REFUSED' } : { status: 'SUCCESS' };
  }
}

/** A pause by the runtime's own timer (this package is built without any platform's types). */
const pause = (ms: number) => new Promise<void>((resolve) => (globalThis as unknown as { setTimeout(done: () => void, ms: number): unknown }).setTimeout(resolve, ms));

/** Whether a number is one of the documented test numbers (its outcome is its own, not test_info's). */
const isTestNumber = (msisdn: string) => (Object.values(TEST_ENVIRONMENT_MSISDNS) as string[]).includes(msisdn);

function cardOutcome(pan: string, failed: (code: number, description: string) => ChargeOutcome, billingChannel: string): ChargeOutcome {
  if (pan === TEST_ENVIRONMENT_CARDS.success) return { status: 'SUCCESS', resultCode: RESULT_SUCCESS, resultDescription: 'SUCCESS', billingChannel, serviceNumber: '0000' };
  if (pan === TEST_ENVIRONMENT_CARDS.declined) return failed(RESULT_NOT_ENOUGH_MONEY, 'PAYMENT_CHANNEL_NOT_ENOUGH_MONEY');
  if (pan === TEST_ENVIRONMENT_CARDS.expired) return failed(RESULT_CARD_EXPIRED, 'CARD_EXPIRED');
  return failed(RESULT_TEST_CARD_UNKNOWN, 'TEST_CARD_UNKNOWN');
}
