import { SUBSCRIPTION_STATUS_BY_STATE } from '@kassa-payments/protocol';
import { subscriptionIsActive, subscriptionIsApproved, type Subscription } from '@kassa-payments/domain';
import type { SubscriptionData } from './subscription-response.js';

/** ISO 8601 with an offset, as the subscription service shows times ("2026-11-22T10:00:00+00:00"). */
export const withOffset = (iso: string) => iso.replace(/\.\d{3}Z$|Z$/, '+00:00');

/**
 * PaidUntil as every answer carries it: the time paid up to, or an empty element while nothing is
 * paid (the spec lists the element; an unpaid subscription has no such time, and the activation
 * time would read as a paid period that does not exist).
 */
export const paidUntilOf = (s: Pick<Subscription, 'paidUntil'>): string => (s.paidUntil ? withOffset(s.paidUntil) : '');

/** GetSubscriptionStatus' elements: the spec's, in its order (SubscriptionStatus, Country, OperatorID, PaidUntil), then Kassa's SubscriptionID. */
export const statusView = (s: Subscription): SubscriptionData => ({
  SubscriptionStatus: SUBSCRIPTION_STATUS_BY_STATE[s.state],
  Country: s.country,
  OperatorID: s.operatorId,
  PaidUntil: paidUntilOf(s),
  SubscriptionID: s.id,
});

/** One `Subscriptions` element of GetSubscriptions: the spec's fields, in its order, each always present (empty when there is no value). */
export const listedView = (s: Subscription): SubscriptionData => ({
  SubscriptionID: s.id,
  SubscriptionProjectID: s.projectId,
  SubscriptionStatus: SUBSCRIPTION_STATUS_BY_STATE[s.state],
  Country: s.country,
  OperatorID: s.operatorId,
  PaidUntil: paidUntilOf(s),
  TrialExists: s.trialExists,
  CreateTime: withOffset(s.createdAt),
  Active: subscriptionIsActive(s),
  Approved: subscriptionIsApproved(s),
  AcceptanceChannel: s.acceptanceChannel,
  Subscriber_MSISDN: s.subscriberMsisdn ?? '',
});
