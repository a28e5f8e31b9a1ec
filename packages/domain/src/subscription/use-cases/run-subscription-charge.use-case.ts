import type { RequestContext } from '../../ports/request-context.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { Customer } from '../../shared/customer.js';
import { ok, type Result } from '../../shared/result.js';
import type { DomainError } from '../../shared/errors.js';
import { recordSubscriptionCharge, subscriptionChargeDue, subscriptionLifecycle, type Subscription } from '../subscription.js';
import { stampFor } from '../../application/event-stamp.js';
import { retryOnConflict, RETRY } from '../../application/retry-on-conflict.js';
import { saveAndSchedule } from '../../application/save-and-schedule.js';

/** Who the gateway charges for a subscription: its number, or its customer by card. */
export const subscriptionCustomer = (s: Subscription): Customer =>
  s.subscriberMsisdn ? { type: 'mobile_phone', msisdn: s.subscriberMsisdn } : { type: 'undefined_bank_card', source: 'subscription', merchantCustomerId: s.subscriberId ?? s.id, country: s.country };

/**
 * Job: one scheduled charge of an Active subscription, when due. Records the billing operation
 * (its id is the notification's BillingOperationID) and schedules the next charge or retry.
 * ok(false) when nothing was due (stale or duplicated job).
 */
export class RunSubscriptionCharge {
  constructor(private readonly ports: Pick<KassaPorts, 'subscriptions' | 'gateway' | 'clock' | 'ids' | 'scheduler' | 'time'>) {}

  async execute(input: { readonly projectId: number; readonly subscriptionId: string }, context?: RequestContext): Promise<Result<boolean, DomainError>> {
    const { subscriptions, gateway, ids, scheduler } = this.ports;
    const charged = await retryOnConflict(async () => {
      const s = await subscriptions.get(input.projectId, input.subscriptionId);
      if (!s) return false;
      const stamp = await stampFor(this.ports, s, context);
      if (!subscriptionChargeDue(s, stamp.now)) return false;
      const outcome = await gateway.charge(
        {
          idempotencyKey: `${s.id}-${s.chargeAttempts + 1}`,
          projectId: s.projectId,
          customer: subscriptionCustomer(s),
          amount: s.billing.amount,
          testOutcome: s.billing.expectedResult === 'Failed' ? 'failure' : 'success',
        },
        context,
      );
      const operation = { id: ids.newId(), status: outcome.status, amount: s.billing.amount, at: stamp.now, refunded: false };
      const change = recordSubscriptionCharge(s, operation, stamp);
      // The save asks for the next charge (or retry) when one falls due.
      if (change.next && !(await saveAndSchedule(scheduler, subscriptionLifecycle, s, change.next, subscriptions.save(change.next, change.events))).ok) return RETRY;
      return change.next !== undefined;
    });
    return ok(charged);
  }
}
