import type { Money } from '../shared/money.js';

/** One scheduled charge of a subscription; its id is the BillingOperationID of the notification. */
export interface BillingOperation {
  readonly id: string;
  readonly status: 'SUCCESS' | 'FAILED';
  readonly amount: Money;
  readonly at: string;
  readonly refunded: boolean;
}

/** How a subscription is charged. In production: every 30 days; in the test environment: TestInfo. */
export interface SubscriptionBilling {
  /** Seconds between charges and between a decline and its retry; null: never charged. */
  readonly periodSeconds: number | null;
  /** Successful charges after which the subscription closes. */
  readonly maxIterations: number;
  readonly expectedResult: 'Success' | 'Failed';
  readonly amount: Money;
}

/** Safety stop: a subscription whose charges keep failing closes after this many attempts. */
export const MAX_CHARGE_ATTEMPTS = 100;
export const PRODUCTION_PERIOD_SECONDS = 30 * 24 * 3600;
/** A Pending subscription not confirmed within this time becomes ApprovingFailed. */
export const APPROVAL_WINDOW_SECONDS = 3 * 3600;
export const MAX_PIN_RESENDS = 3;

/** The test environment's TestInfo block of CreateSubscription. */
export interface SubscriptionTestInfo {
  readonly billingPeriodSeconds?: number;
  readonly maxIterations?: number;
  readonly expectedBillingResult?: 'Success' | 'Failed';
  readonly billingAmount?: Money;
  readonly operatorId?: number;
  /** TestInfo/TestClockID: the subscription lives in that clock's time; without BillingPeriodSeconds it is charged every 30 days. */
  readonly testClockId?: string;
}
