import type { RequestContext } from '../../ports/request-context.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { approveSubscription, type Subscription } from '../subscription.js';
import { notFound, onSubscription, type SubscriptionPorts } from './subscription-command.js';

/** ApproveSubscription: the PIN activates a Pending SMS_PIN subscription. */
export class ApproveSubscription {
  constructor(private readonly ports: SubscriptionPorts & Pick<KassaPorts, 'pinDigests'>) {}

  execute(input: { readonly projectId: number; readonly subscriptionId: string; readonly pinCode: string }, context?: RequestContext): Promise<Result<Subscription, DomainError>> {
    return onSubscription(this.ports, input.projectId, input, notFound(), (s, st) => approveSubscription(s, this.ports.pinDigests.digest(s.id, input.pinCode), st), context);
  }
}
