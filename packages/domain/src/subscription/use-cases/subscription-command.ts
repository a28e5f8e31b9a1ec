import type { RequestContext } from '../../ports/request-context.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { SubscriberFilter } from '../../ports/subscription-repository.port.js';
import { fail, type DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import type { EventStamp } from '../../shared/events.js';
import { subscriptionLifecycle, type Subscription, type SubscriptionEvent } from '../subscription.js';
import type { Change } from '../../shared/lifecycle.js';
import { runStampedCommand } from '../../application/run-command.js';

/** How a request names a subscription: SubscriptionID, Subscriber_MSISDN or SubscriberID. */
export type SubscriptionLocator = { readonly subscriptionId: string } | SubscriberFilter;

export type SubscriptionPorts = Pick<KassaPorts, 'subscriptions' | 'clock' | 'ids' | 'scheduler' | 'time'>;

/** By id, or the subscriber's newest subscription in the project. */
export async function locateSubscription(ports: Pick<KassaPorts, 'subscriptions'>, projectId: number, by: SubscriptionLocator) {
  if ('subscriptionId' in by) return ports.subscriptions.get(projectId, by.subscriptionId);
  return (await ports.subscriptions.list(projectId, by, 1))[0];
}

export function onSubscription<T, M>(
  ports: SubscriptionPorts,
  projectId: number,
  by: SubscriptionLocator,
  missing: M,
  command: (s: Subscription, stamp: EventStamp) => Change<Subscription, T, SubscriptionEvent>,
  context?: RequestContext,
) {
  const { subscriptions } = ports;
  return runStampedCommand(ports, { lifecycle: subscriptionLifecycle, load: () => locateSubscription(ports, projectId, by), missing, command, save: (s, e) => subscriptions.save(s, e) }, context);
}

export const notFound = () => fail('SUBSCRIPTION_NOT_FOUND');

/**
 * A use case that is one command of the subscription named by the input, and nothing more
 * (CancelSubscription, the approval window's expiry, a completed page payment).
 */
export class SubscriptionCommand<T> {
  constructor(
    private readonly ports: SubscriptionPorts,
    private readonly command: (s: Subscription, stamp: EventStamp) => Change<Subscription, T, SubscriptionEvent>,
    private readonly missing: Result<T, DomainError>,
  ) {}

  execute(input: { readonly projectId: number } & ({ readonly by: SubscriptionLocator } | { readonly subscriptionId: string }), context?: RequestContext): Promise<Result<T, DomainError>> {
    const by = 'by' in input ? input.by : { subscriptionId: input.subscriptionId };
    return onSubscription(this.ports, input.projectId, by, this.missing, this.command, context);
  }
}
