import type { KassaPorts } from '../ports/kassa-ports.js';
import { ApproveSubscription } from './approve-subscription.use-case.js';
import { AuthorizeContract } from './authorize-contract.use-case.js';
import { AuthorizeInvoice } from './authorize-invoice.use-case.js';
import { CancelContract } from './cancel-contract.use-case.js';
import { CancelInvoice } from './cancel-invoice.use-case.js';
import { CancelSubscription } from './cancel-subscription.use-case.js';
import { CheckBilling } from './check-billing.use-case.js';
import { CompleteRefund } from './complete-refund.use-case.js';
import { CompleteSubscriptionPayment } from './complete-subscription-payment.use-case.js';
import { CreateContract } from './create-contract.use-case.js';
import { CreateInvoice } from './create-invoice.use-case.js';
import { CreateSubscription } from './create-subscription.use-case.js';
import { ExecuteCharge } from './execute-charge.use-case.js';
import { ExpireContract } from './expire-contract.use-case.js';
import { ExpireInvoice } from './expire-invoice.use-case.js';
import { ExpirePendingSubscription } from './expire-pending-subscription.use-case.js';
import { FindInvoiceByOrderId } from './find-invoice-by-order-id.use-case.js';
import { GetInvoice } from './get-invoice.use-case.js';
import { GetSubscriptionStatus } from './get-subscription-status.use-case.js';
import { ListSubscriptions } from './list-subscriptions.use-case.js';
import { RefundBillingOperation } from './refund-billing-operation.use-case.js';
import { RefundInvoice } from './refund-invoice.use-case.js';
import { ResendPinCode } from './resend-pin-code.use-case.js';
import { RunDueWork } from './run-due-work.use-case.js';
import { RunJob } from './run-job.use-case.js';
import { AttemptDelivery } from './attempt-delivery.use-case.js';
import { RelayEvents } from './relay-events.use-case.js';
import { RedeliverWebhook } from './redeliver-webhook.use-case.js';
import { ListEvents } from './list-events.use-case.js';
import { ListWebhookDeliveries } from './list-webhook-deliveries.use-case.js';
import { PayOnPage } from './pay-on-page.use-case.js';
import { PaySubscriptionOnPage } from './pay-subscription-on-page.use-case.js';
import { ConfirmWapSubscription } from './confirm-wap-subscription.use-case.js';
import { RunSubscriptionCharge } from './run-subscription-charge.use-case.js';

/** Every use case, wired to one set of ports: what transports and workers call. */
export function kassaUseCases(ports: KassaPorts) {
  const createContract = new CreateContract(ports);
  const expireContract = new ExpireContract(ports);
  const completeRefund = new CompleteRefund(ports);
  const expireInvoice = new ExpireInvoice(ports);
  const executeCharge = new ExecuteCharge(ports);
  const expirePendingSubscription = new ExpirePendingSubscription(ports);
  const runSubscriptionCharge = new RunSubscriptionCharge(ports);
  // Jobs run the same instances the transports call: each use case is built once.
  const attemptDelivery = new AttemptDelivery(ports);
  const runJob = new RunJob({ executeCharge, completeRefund, expireInvoice, expireContract, expirePendingSubscription, runSubscriptionCharge, attemptDelivery });
  return {
    createContract,
    authorizeContract: new AuthorizeContract(ports),
    cancelContract: new CancelContract(ports),
    expireContract,
    checkBilling: new CheckBilling(ports),
    createInvoice: new CreateInvoice(ports, createContract),
    authorizeInvoice: new AuthorizeInvoice(ports),
    cancelInvoice: new CancelInvoice(ports),
    getInvoice: new GetInvoice(ports),
    findInvoiceByOrderId: new FindInvoiceByOrderId(ports),
    refundInvoice: new RefundInvoice(ports),
    completeRefund,
    expireInvoice,
    executeCharge,
    payOnPage: new PayOnPage(ports, executeCharge),
    createSubscription: new CreateSubscription(ports),
    approveSubscription: new ApproveSubscription(ports),
    completeSubscriptionPayment: new CompleteSubscriptionPayment(ports),
    paySubscriptionOnPage: new PaySubscriptionOnPage(ports),
    confirmWapSubscription: new ConfirmWapSubscription(ports),
    resendPinCode: new ResendPinCode(ports),
    getSubscriptionStatus: new GetSubscriptionStatus(ports),
    cancelSubscription: new CancelSubscription(ports),
    listSubscriptions: new ListSubscriptions(ports),
    expirePendingSubscription,
    runSubscriptionCharge,
    refundBillingOperation: new RefundBillingOperation(ports),
    relayEvents: new RelayEvents(ports),
    redeliverWebhook: new RedeliverWebhook(ports),
    listEvents: new ListEvents(ports),
    listWebhookDeliveries: new ListWebhookDeliveries(ports),
    attemptDelivery,
    runJob,
    runDueWork: new RunDueWork(ports, runJob),
  };
}

export type KassaUseCases = ReturnType<typeof kassaUseCases>;
