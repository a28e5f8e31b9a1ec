import type { RequestContext } from '../../ports/request-context.port.js';
import { fail, type DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { cancelSubscription, completeSubscriptionPayment, subscriptionActivation, type Subscription } from '../subscription.js';
import { notFound, onSubscription, type SubscriptionPorts } from './subscription-command.js';

/** What the subscriber did at the operator's gateway: the spec's `action` values. */
export type WapAction = 'approved' | 'cancelled' | 'alreadyexist';

export interface WapOutcome {
  readonly action: WapAction;
  readonly subscription: Subscription;
}

/**
 * WAP activation (ClientIP without a number): the operator's gateway determined the subscriber's
 * number, and the subscriber confirmed (Active, with that number) or declined (Cancelled). A number
 * that already has an active subscription in the project answers `alreadyexist` and changes nothing.
 */
export class ConfirmWapSubscription {
  constructor(private readonly ports: SubscriptionPorts) {}

  async execute(
    input: { readonly projectId: number; readonly subscriptionId: string; readonly msisdn: string; readonly confirmed: boolean },
    context?: RequestContext,
  ): Promise<Result<WapOutcome, DomainError>> {
    const s = await this.ports.subscriptions.get(input.projectId, input.subscriptionId);
    if (!s) return notFound();
    if (subscriptionActivation(s) !== 'WAP') return fail('SUBSCRIPTION_WRONG_STATE', 'This subscription is not activated by WAP');
    if (s.state === 'active') return ok({ action: 'alreadyexist', subscription: s });
    if (s.state !== 'pending') return ok({ action: 'cancelled', subscription: s });
    const ref = { subscriptionId: s.id };
    if (!input.confirmed) {
      const cancelled = await onSubscription(this.ports, input.projectId, ref, notFound(), cancelSubscription, context);
      return cancelled.ok ? ok({ action: 'cancelled', subscription: cancelled.value }) : cancelled;
    }
    const others = await this.ports.subscriptions.list(input.projectId, { msisdn: input.msisdn }, 10);
    if (others.some((o) => o.id !== s.id && o.state === 'active')) return ok({ action: 'alreadyexist', subscription: s });
    const activated = await onSubscription(this.ports, input.projectId, ref, notFound(), (x, st) => completeSubscriptionPayment(x, st, input.msisdn), context);
    return activated.ok ? ok({ action: 'approved', subscription: activated.value }) : activated;
  }
}
