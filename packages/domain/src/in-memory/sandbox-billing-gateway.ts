import { RESULT_NOT_ENOUGH_MONEY, RESULT_SUCCESS, type ChargeOutcome } from '../invoice/transaction.js';
import type { BillingGateway, ChargeRequest, RefundRequest } from '../ports/billing-gateway.port.js';

/**
 * The test environment's gateway: no money moves. The outcome is what the merchant chose
 * (test_info / TestInfo); success when nothing was chosen. Idempotent on the request's key.
 */
export class SandboxBillingGateway implements BillingGateway {
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
    const outcome: ChargeOutcome =
      request.testOutcome === 'failure'
        ? { status: 'FAILED', resultCode: RESULT_NOT_ENOUGH_MONEY, resultDescription: 'PAYMENT_CHANNEL_NOT_ENOUGH_MONEY', billingChannel, serviceNumber: '0000' }
        : { status: 'SUCCESS', resultCode: RESULT_SUCCESS, resultDescription: 'SUCCESS', billingChannel, serviceNumber: '0000' };
    this.outcomes.set(request.idempotencyKey, outcome);
    return outcome;
  }

  async refund(request: RefundRequest): Promise<void> {
    this.refunds.add(request.idempotencyKey);
  }
}
