import { fail, type ErrorCode } from '../shared/errors.js';
import type { Refusal } from '../shared/lifecycle.js';
import type { Subscription, SubscriptionState } from './subscription.fields.js';

/** What a refusal means for the caller: an error, or "nothing to do" (answer the subscription as it is). */
type Answer = ErrorCode | 'unchanged';
/** The subscription's commands its machine may refuse. */
export type SubscriptionRefusable = 'APPROVE' | 'PAYMENT_COMPLETED' | 'RESEND_PIN' | 'CANCEL';

const smsPinOnly =
  (code: ErrorCode) =>
  (s: Subscription): Answer =>
    s.acceptanceChannel === 'SMS_PIN' ? code : 'SUBSCRIPTION_WRONG_STATE';
const ended = { APPROVE: 'SUBSCRIPTION_WRONG_STATE', PAYMENT_COMPLETED: 'SUBSCRIPTION_WRONG_STATE', RESEND_PIN: 'SUBSCRIPTION_WRONG_STATE', CANCEL: 'unchanged' } as const;

/**
 * The machine decides what is possible; this names, by state and command, what its refusal answers.
 * In Pending a PIN method is refused to an AUTH_PAGE subscription as not applicable.
 */
const REFUSALS: Record<SubscriptionState, Partial<Record<SubscriptionRefusable, Answer | ((s: Subscription) => Answer)>>> = {
  pending: { APPROVE: smsPinOnly('SUBSCRIPTION_APPROVING_FAILED'), PAYMENT_COMPLETED: 'SUBSCRIPTION_WRONG_STATE', RESEND_PIN: smsPinOnly('SUBSCRIPTION_RESEND_LIMIT_EXCEEDED') },
  active: { APPROVE: 'SUBSCRIPTION_ALREADY_APPROVED', PAYMENT_COMPLETED: 'SUBSCRIPTION_ALREADY_APPROVED', RESEND_PIN: 'SUBSCRIPTION_WRONG_STATE' },
  approvingFailed: { ...ended, APPROVE: 'SUBSCRIPTION_APPROVING_FAILED' },
  cancelled: ended,
  closed: ended,
};

/** The answer to a command the subscription's machine refused. */
export function subscriptionRefusal(subscription: Subscription, command: SubscriptionRefusable): Refusal {
  const entry = REFUSALS[subscription.state][command] ?? 'SUBSCRIPTION_WRONG_STATE';
  const refusal = typeof entry === 'function' ? entry(subscription) : entry;
  return refusal === 'unchanged' ? refusal : fail(refusal);
}
