import { subscriptionIsActive, subscriptionIsApproved, subscriptionStatus, type Subscription } from '@kassa/domain';
import type { SubscriptionData } from './subscription-response.js';

/** ISO 8601 with an offset, as the subscription service shows times ("2026-11-22T10:00:00+00:00"). */
export const withOffset = (iso: string) => iso.replace(/\.\d{3}Z$|Z$/, '+00:00');

/** GetSubscriptionStatus' elements. */
export const statusView = (s: Subscription): SubscriptionData => ({
  SubscriptionID: s.id,
  SubscriptionStatus: subscriptionStatus(s),
  Country: s.country,
  OperatorID: s.operatorId,
  PaidUntil: s.paidUntil ? withOffset(s.paidUntil) : undefined,
});

/** One `Subscriptions` element of GetSubscriptions, with the spec's fields. */
export const listedView = (s: Subscription): SubscriptionData => ({
  SubscriptionID: s.id,
  SubscriptionProjectID: s.projectId,
  SubscriptionStatus: subscriptionStatus(s),
  Country: s.country,
  OperatorID: s.operatorId,
  PaidUntil: s.paidUntil ? withOffset(s.paidUntil) : undefined,
  TrialExists: s.trialExists,
  CreateTime: withOffset(s.createdAt),
  Active: subscriptionIsActive(s),
  Approved: subscriptionIsApproved(s),
  AcceptanceChannel: s.acceptanceChannel,
  Subscriber_MSISDN: s.subscriberMsisdn ?? undefined,
});
