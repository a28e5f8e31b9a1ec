import type { KassaPorts } from '../ports/kassa-ports.js';
import type { SubscriberFilter } from '../ports/subscription-repository.port.js';
import type { EventStamp } from '../shared/events.js';
import { fail, type DomainError } from '../shared/errors.js';
import type { Change } from '../shared/lifecycle.js';
import { ok, type Result } from '../shared/result.js';
import {
  approveSubscription,
  cancelSubscription,
  completeSubscriptionPayment,
  expireSubscriptionApproval,
  refundBillingOperation,
  resendSubscriptionPin,
  type Subscription,
} from '../subscription/subscription.js';
import { runCommand, scheduleSafely, sendPin, stampOf } from './common.js';

/** How a request names a subscription: SubscriptionID, Subscriber_MSISDN or SubscriberID. */
export type SubscriptionLocator = { readonly subscriptionId: string } | SubscriberFilter;

type SubscriptionPorts = Pick<KassaPorts, 'subscriptions' | 'clock' | 'ids' | 'scheduler'>;

/** By id, or the subscriber's newest subscription in the project. */
export async function locateSubscription(ports: Pick<KassaPorts, 'subscriptions'>, projectId: number, by: SubscriptionLocator) {
  if ('subscriptionId' in by) return ports.subscriptions.get(projectId, by.subscriptionId);
  return (await ports.subscriptions.list(projectId, by, 1))[0];
}

function onSubscription<T, M>(
  ports: SubscriptionPorts,
  projectId: number,
  by: SubscriptionLocator,
  missing: M,
  command: (s: Subscription, stamp: EventStamp) => Change<Subscription, T>,
) {
  const { subscriptions, clock, ids } = ports;
  return runCommand({
    load: () => locateSubscription(ports, projectId, by),
    missing,
    command: (s) => command(s, stampOf(clock, ids)),
    save: (s, events) => subscriptions.save(s, events),
  });
}

const notFound = () => fail('SUBSCRIPTION_NOT_FOUND');

async function scheduleFirstCharge(ports: SubscriptionPorts, s: Subscription) {
  if (s.nextChargeAt) {
    await scheduleSafely(ports.scheduler, { name: 'subscription.charge', projectId: s.projectId, aggregateId: s.id, runAt: s.nextChargeAt });
  }
}

/** ApproveSubscription: the PIN activates a Pending SMS_PIN subscription. */
export class ApproveSubscription {
  constructor(private readonly ports: SubscriptionPorts) {}

  async execute(input: { readonly projectId: number; readonly subscriptionId: string; readonly pinCode: string }): Promise<Result<Subscription, DomainError>> {
    const result = await onSubscription(this.ports, input.projectId, input, notFound(), (s, st) => approveSubscription(s, input.pinCode, st));
    if (result.ok) await scheduleFirstCharge(this.ports, result.value);
    return result;
  }
}

/** AUTH_PAGE activation: the payment on the page completed. */
export class CompleteSubscriptionPayment {
  constructor(private readonly ports: SubscriptionPorts) {}

  async execute(input: { readonly projectId: number; readonly subscriptionId: string }): Promise<Result<Subscription, DomainError>> {
    const result = await onSubscription(this.ports, input.projectId, input, notFound(), completeSubscriptionPayment);
    if (result.ok) await scheduleFirstCharge(this.ports, result.value);
    return result;
  }
}

/** ResendPinCode: sends the same PIN again, at most three times. */
export class ResendPinCode {
  constructor(private readonly ports: SubscriptionPorts & Pick<KassaPorts, 'sms' | 'settings'>) {}

  async execute(input: { readonly projectId: number; readonly subscriptionId: string }): Promise<Result<Subscription, DomainError>> {
    const result = await onSubscription(this.ports, input.projectId, input, notFound(), resendSubscriptionPin);
    if (result.ok && result.value.subscriberMsisdn && result.value.pinCode) {
      await sendPin(this.ports.settings, this.ports.sms, result.value.subscriberMsisdn, result.value.pinCode);
    }
    return result;
  }
}

/** CancelSubscription: Cancelled, with a CANCELLED notification. */
export class CancelSubscription {
  constructor(private readonly ports: SubscriptionPorts) {}

  execute(input: { readonly projectId: number; readonly by: SubscriptionLocator }): Promise<Result<Subscription, DomainError>> {
    return onSubscription(this.ports, input.projectId, input.by, notFound(), cancelSubscription);
  }
}

/** Job: a Pending subscription not confirmed within 3 hours becomes ApprovingFailed. */
export class ExpirePendingSubscription {
  constructor(private readonly ports: SubscriptionPorts) {}

  execute(input: { readonly projectId: number; readonly subscriptionId: string }): Promise<Result<boolean, DomainError>> {
    return onSubscription(this.ports, input.projectId, input, ok(false), expireSubscriptionApproval);
  }
}

/** GetSubscriptionStatus: by SubscriptionID, Subscriber_MSISDN or SubscriberID within the project. */
export class GetSubscriptionStatus {
  constructor(private readonly ports: Pick<KassaPorts, 'subscriptions'>) {}

  async execute(input: { readonly projectId: number; readonly by: SubscriptionLocator }): Promise<Result<Subscription, DomainError>> {
    const s = await locateSubscription(this.ports, input.projectId, input.by);
    return s ? ok(s) : notFound();
  }
}

/** Production listing cap (the spec shows only the test environment's 50). */
export const PRODUCTION_LIST_LIMIT = 1000;
export const TEST_LIST_LIMIT = 50;

/** GetSubscriptions: the project's subscriptions, newest first, active and closed, optionally filtered. */
export class ListSubscriptions {
  constructor(private readonly ports: Pick<KassaPorts, 'subscriptions' | 'settings'>) {}

  execute(input: { readonly projectId: number; readonly filter?: SubscriberFilter }): Promise<Subscription[]> {
    const limit = this.ports.settings.mode === 'test' ? TEST_LIST_LIMIT : PRODUCTION_LIST_LIMIT;
    return this.ports.subscriptions.list(input.projectId, input.filter, limit);
  }
}

/**
 * RefundBillingOperation: marks the charge refunded; status and schedule stay. In the test
 * environment only the UUID shape counts (checked by the transport) and the refund always succeeds.
 */
export class RefundBillingOperation {
  constructor(private readonly ports: SubscriptionPorts & Pick<KassaPorts, 'gateway' | 'settings'>) {}

  async execute(input: { readonly projectId: number; readonly billingOperationId: string }): Promise<Result<string, DomainError>> {
    const { subscriptions, gateway, settings } = this.ports;
    const owner = await subscriptions.findByBillingOperation(input.projectId, input.billingOperationId);
    if (!owner) return settings.mode === 'test' ? ok(input.billingOperationId) : fail('BILLING_OPERATION_NOT_FOUND');
    const op = owner.billingOperations.find((o) => o.id === input.billingOperationId);
    if (op && op.status === 'SUCCESS' && !op.refunded) {
      await gateway.refund({ idempotencyKey: `refund-${op.id}`, projectId: owner.projectId, amount: op.amount });
    }
    const result = await onSubscription(this.ports, input.projectId, { subscriptionId: owner.id }, ok(false), (s, st) =>
      refundBillingOperation(s, input.billingOperationId, st),
    );
    return result.ok ? ok(input.billingOperationId) : result;
  }
}
