import type { RequestContext } from '../../ports/request-context.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { fail, type DomainError } from '../../shared/errors.js';
import { ok, type Result } from '../../shared/result.js';
import { refundBillingOperation } from '../subscription.js';
import { onSubscription, type SubscriptionPorts } from './subscription-command.js';

/**
 * RefundBillingOperation: marks the charge refunded; status and schedule stay. In the test
 * environment only the UUID shape counts (checked by the transport) and the refund always succeeds.
 */
export class RefundBillingOperation {
  constructor(private readonly ports: SubscriptionPorts & Pick<KassaPorts, 'gateway' | 'sandbox'>) {}

  async execute(input: { readonly projectId: number; readonly billingOperationId: string }, context?: RequestContext): Promise<Result<string, DomainError>> {
    const { subscriptions, gateway, sandbox } = this.ports;
    const owner = await subscriptions.findByBillingOperation(input.projectId, input.billingOperationId);
    if (!owner) return sandbox ? ok(input.billingOperationId) : fail('BILLING_OPERATION_NOT_FOUND');
    const op = owner.billingOperations.find((o) => o.id === input.billingOperationId);
    if (op && op.status === 'SUCCESS' && !op.refunded) {
      await gateway.refund({ idempotencyKey: `refund-${op.id}`, projectId: owner.projectId, amount: op.amount }, context);
    }
    const result = await onSubscription(this.ports, input.projectId, { subscriptionId: owner.id }, ok(false), (s, st) => refundBillingOperation(s, input.billingOperationId, st), context);
    return result.ok ? ok(input.billingOperationId) : result;
  }
}
