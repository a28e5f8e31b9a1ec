import type { DomainError } from '../shared/errors.js';
import type { Result } from '../shared/result.js';
import type { SubscriptionBilling, SubscriptionTestInfo } from '../subscription/billing-operation.js';
import type { SmsOutcome } from './pin.port.js';

/**
 * The spec's test environment as the use cases see it: a policy the composition root binds in the
 * test environment only. Production leaves it out, and then what it would decide is production's:
 * a fresh PIN texted by the SmsSender, test_info ignored, no test clocks, no reset, no simulated
 * payments (their operations answer NOT_FOUND as unknown routes). Use cases ask this port, never the mode.
 */
export interface Sandbox {
  /** The PIN every new confirmation gets (the spec's 1234). */
  readonly fixedPin: string;
  /** A PIN's SMS here: nothing is sent; only the sandbox's undeliverable number answers 'undeliverable'. */
  pinDelivery(msisdn: string): SmsOutcome;
  /** The most subscriptions GetSubscriptions answers (the spec shows the test environment's 50). */
  readonly subscriptionListLimit: number;
  /**
   * How a new subscription is billed, read from its TestInfo (`onClock`: it lives on a test clock);
   * SUBSCRIPTION_WRONG_PARAMS naming the field out of range.
   */
  subscriptionBilling(testInfo: SubscriptionTestInfo | undefined, onClock: boolean): Result<SubscriptionBilling, DomainError>;
}
