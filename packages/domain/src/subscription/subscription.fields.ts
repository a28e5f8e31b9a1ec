import type { BillingOperation, SubscriptionBilling } from './billing-operation.js';

export type AcceptanceChannel = 'SMS_PIN' | 'AUTH_PAGE';

/** The subscription's data; also the machine's context. */
export interface SubscriptionFields {
  readonly id: string;
  readonly projectId: number;
  readonly acceptanceChannel: AcceptanceChannel;
  readonly subscriberMsisdn: string | null;
  /** CustomerId: the client id in the merchant system (CustomerType=Card). */
  readonly subscriberId: string | null;
  readonly country: string;
  readonly operatorId: number;
  /** The keyed digest of the PIN sent for confirmation (never the PIN); null without one. */
  readonly pinDigest: string | null;
  readonly pinAttempts: number;
  readonly pinResends: number;
  /** AUTH_PAGE: payments on the page that did not go through (each retry is a new charge at the gateway). */
  readonly activationAttempts: number;
  readonly trialExists: boolean;
  readonly createdAt: string;
  /** The test clock it lives on (test environment): its times are that clock's. */
  readonly testClockId?: string;
  readonly approvalDeadline: string;
  readonly activatedAt: string | null;
  readonly closedAt: string | null;
  readonly paidUntil: string | null;
  readonly billing: SubscriptionBilling;
  readonly successfulCharges: number;
  readonly chargeAttempts: number;
  readonly nextChargeAt: string | null;
  readonly billingOperations: readonly BillingOperation[];
}

export interface Subscription extends SubscriptionFields {
  readonly state: SubscriptionState;
  readonly version: number;
}

/** Every state of a subscription, in the order lists offer them. */
export const SUBSCRIPTION_STATES = ['pending', 'active', 'cancelled', 'approvingFailed', 'closed'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
