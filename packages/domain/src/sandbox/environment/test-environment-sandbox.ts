import type { SmsOutcome } from '../../ports/pin.port.js';
import type { Sandbox } from '../../ports/sandbox.port.js';
import { fail, type DomainError } from '../../shared/errors.js';
import { money } from '../../shared/money.js';
import { ok, type Result } from '../../shared/result.js';
import { TEST_PIN } from '../../shared/settings.js';
import { PRODUCTION_PERIOD_SECONDS, type SubscriptionBilling, type SubscriptionTestInfo } from '../../subscription/billing-operation.js';

/** The test environment's number whose SMS cannot be delivered (docs/merchants/sandbox.md, "Testing"). */
export const UNDELIVERABLE_SMS_TEST_MSISDN = '79990000404';

/** The test environment's list cap of GetSubscriptions (the spec's 50). */
export const TEST_LIST_LIMIT = 50;

const wrongParams = (message: string) => fail('SUBSCRIPTION_WRONG_PARAMS', message);

/** A subscription billed as its TestInfo asks (every 30 days on a test clock without BillingPeriodSeconds; never otherwise). */
function subscriptionBilling(testInfo: SubscriptionTestInfo | undefined, onClock: boolean): Result<SubscriptionBilling, DomainError> {
  const t = testInfo ?? {};
  const period = t.billingPeriodSeconds;
  if (period !== undefined && !(Number.isInteger(period) && period >= 1 && period <= 86400)) {
    return wrongParams('BillingPeriodSeconds must be an integer from 1 to 86400');
  }
  const maxIterations = t.maxIterations ?? 3;
  if (!(Number.isInteger(maxIterations) && maxIterations >= 1 && maxIterations <= 100)) {
    return wrongParams('MaxIterations must be an integer from 1 to 100');
  }
  return ok({
    // On a test clock a merchant can wait for the production period: a clock's advance gets there.
    periodSeconds: period ?? (onClock ? PRODUCTION_PERIOD_SECONDS : null),
    maxIterations,
    expectedResult: t.expectedBillingResult ?? 'Success',
    amount: t.billingAmount ?? money(1000, 'RUB'),
  });
}

/** The spec's test environment: PIN 1234, no SMS sent (one number undeliverable), short lists, TestInfo's billing. */
export const testEnvironmentSandbox: Sandbox = {
  fixedPin: TEST_PIN,
  pinDelivery: (msisdn: string): SmsOutcome => (msisdn === UNDELIVERABLE_SMS_TEST_MSISDN ? 'undeliverable' : 'sent'),
  subscriptionListLimit: TEST_LIST_LIMIT,
  subscriptionBilling,
};
