import type { SmsOutcome } from '../../ports/pin.port.js';
import type { Sandbox } from '../../ports/sandbox.port.js';
import { TEST_PIN } from '../../shared/settings.js';

/** The test environment's number whose SMS cannot be delivered (docs/merchants/sandbox.md, "Testing"). */
export const UNDELIVERABLE_SMS_TEST_MSISDN = '79990000404';

/** The test environment's list cap of GetSubscriptions (the spec's 50). */
export const TEST_LIST_LIMIT = 50;

/** The spec's test environment: PIN 1234, no SMS sent (one number undeliverable), short lists. */
export const testEnvironmentSandbox: Sandbox = {
  fixedPin: TEST_PIN,
  pinDelivery: (msisdn: string): SmsOutcome => (msisdn === UNDELIVERABLE_SMS_TEST_MSISDN ? 'undeliverable' : 'sent'),
  subscriptionListLimit: TEST_LIST_LIMIT,
};
