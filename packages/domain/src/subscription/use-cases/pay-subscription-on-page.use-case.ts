import type { RequestContext } from '../../ports/request-context.port.js';
import type { ChargeOutcome } from '../../invoice/transaction.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { fail, type DomainError } from '../../shared/errors.js';
import type { PaymentCard } from '../../shared/payment-card.js';
import type { PagePaymentMethod } from '../../shared/payment-methods.js';
import { pageMethodRefusal } from '../../application/page-payment-method.js';
import { err, ok, type Result } from '../../shared/result.js';
import { completeSubscriptionPayment, failSubscriptionPayment, subscriptionActivation, subscriptionAwaitsPayment } from '../subscription.js';
import { subscriptionCustomer } from './run-subscription-charge.use-case.js';
import { notFound, onSubscription, type SubscriptionPorts } from './subscription-command.js';

export interface PaySubscriptionOnPageInput {
  readonly projectId: number;
  readonly subscriptionId: string;
  readonly method: PagePaymentMethod;
  /** Method `card`: the card typed on the page, for this charge only. */
  readonly card?: PaymentCard;
}

/**
 * AUTH_PAGE activation (CustomerType=Card): the subscriber's first payment on the payment page, of
 * the subscription's amount. Paid, the subscription is Active (its first scheduled charge a period
 * later); declined, it stays Pending and the next try is a new charge at the gateway. The first
 * payment is the activation, not one of the MaxIterations charges. ok(null): nothing to pay.
 */
export class PaySubscriptionOnPage {
  constructor(private readonly ports: SubscriptionPorts & Pick<KassaPorts, 'gateway' | 'projects'>) {}

  async execute(input: PaySubscriptionOnPageInput, context?: RequestContext): Promise<Result<ChargeOutcome | null, DomainError>> {
    const { subscriptions, gateway, projects } = this.ports;
    const s = await subscriptions.get(input.projectId, input.subscriptionId);
    if (!s) return notFound();
    if (subscriptionActivation(s) !== 'PAGE') return fail('SUBSCRIPTION_WRONG_STATE', 'This subscription is not activated by paying on the page');
    const refused = await pageMethodRefusal(projects, input.projectId, input.method, input.card);
    if (refused) return err(refused);
    if (!subscriptionAwaitsPayment(s)) return ok(null);
    const outcome = await gateway.charge(
      {
        idempotencyKey: `${s.id}-activation-${(s.activationAttempts ?? 0) + 1}`,
        projectId: s.projectId,
        customer: subscriptionCustomer(s),
        amount: s.billing.amount,
        method: input.method,
        ...(input.card ? { card: input.card } : {}),
      },
      context,
    );
    const ref = { subscriptionId: s.id };
    if (outcome.status === 'FAILED') {
      await onSubscription(this.ports, input.projectId, ref, notFound(), failSubscriptionPayment, context);
      return ok(outcome);
    }
    await onSubscription(this.ports, input.projectId, ref, notFound(), (x, st) => completeSubscriptionPayment(x, st), context);
    return ok(outcome);
  }
}
