import { RESULT_NOT_ENOUGH_MONEY, RESULT_SUCCESS, type ChargeOutcome } from '@kassa/domain';
import type { BillingGateway, ChargeRequest, RefundRequest } from '@kassa/domain';

/** The test environment's documented test cards (any future expiry, any security code). */
export const TEST_ENVIRONMENT_CARDS = {
  success: '4111111111111111',
  /** Declined: result_code 210, PAYMENT_CHANNEL_NOT_ENOUGH_MONEY. */
  declined: '4000000000000002',
  /** Declined by the issuer as expired: result_code 211, CARD_EXPIRED. */
  expired: '4000000000000069',
} as const;
export const RESULT_CARD_EXPIRED = 211;
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
    const outcome: ChargeOutcome = request.card
      ? cardOutcome(request.card.pan, failed, billingChannel)
      : request.testOutcome === 'failure'
        ? failed(RESULT_NOT_ENOUGH_MONEY, 'PAYMENT_CHANNEL_NOT_ENOUGH_MONEY')
        : { status: 'SUCCESS', resultCode: RESULT_SUCCESS, resultDescription: 'SUCCESS', billingChannel, serviceNumber: '0000' };
    this.outcomes.set(request.idempotencyKey, outcome);
    return outcome;
  }

  async refund(request: RefundRequest): Promise<void> {
    this.refunds.add(request.idempotencyKey);
  }
}

function cardOutcome(pan: string, failed: (code: number, description: string) => ChargeOutcome, billingChannel: string): ChargeOutcome {
  if (pan === TEST_ENVIRONMENT_CARDS.success) return { status: 'SUCCESS', resultCode: RESULT_SUCCESS, resultDescription: 'SUCCESS', billingChannel, serviceNumber: '0000' };
  if (pan === TEST_ENVIRONMENT_CARDS.declined) return failed(RESULT_NOT_ENOUGH_MONEY, 'PAYMENT_CHANNEL_NOT_ENOUGH_MONEY');
  if (pan === TEST_ENVIRONMENT_CARDS.expired) return failed(RESULT_CARD_EXPIRED, 'CARD_EXPIRED');
  return failed(RESULT_TEST_CARD_UNKNOWN, 'TEST_CARD_UNKNOWN');
}
