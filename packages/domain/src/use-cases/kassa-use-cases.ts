import type { KassaPorts } from '../ports/kassa-ports.js';
import { AuthorizeContract } from './authorize-contract.use-case.js';
import { CancelContract } from './cancel-contract.use-case.js';
import { CheckBilling } from './check-billing.use-case.js';
import { CreateContract } from './create-contract.use-case.js';
import { CreateInvoice } from './create-invoice.use-case.js';
import { CreateSubscription } from './create-subscription.use-case.js';
import { ExecuteCharge } from './execute-charge.use-case.js';
import { ExpireContract } from './expire-contract.use-case.js';
import { AuthorizeInvoice, CancelInvoice, CompleteRefund, ExpireInvoice, FindInvoiceByOrderId, GetInvoice, RefundInvoice } from './invoice-commands.use-case.js';
import { RunDueWork, RunJob } from './run-job.use-case.js';
import { RunSubscriptionCharge } from './run-subscription-charge.use-case.js';
import {
  ApproveSubscription,
  CancelSubscription,
  CompleteSubscriptionPayment,
  ExpirePendingSubscription,
  GetSubscriptionStatus,
  ListSubscriptions,
  RefundBillingOperation,
  ResendPinCode,
} from './subscription-commands.use-case.js';

/** Every use case, wired to one set of ports: what transports and workers call. */
export function kassaUseCases(ports: KassaPorts) {
  const createContract = new CreateContract(ports);
  const runJob = new RunJob(ports);
  return {
    createContract,
    authorizeContract: new AuthorizeContract(ports),
    cancelContract: new CancelContract(ports),
    expireContract: new ExpireContract(ports),
    checkBilling: new CheckBilling(ports),
    createInvoice: new CreateInvoice(ports, createContract),
    authorizeInvoice: new AuthorizeInvoice(ports),
    cancelInvoice: new CancelInvoice(ports),
    getInvoice: new GetInvoice(ports),
    findInvoiceByOrderId: new FindInvoiceByOrderId(ports),
    refundInvoice: new RefundInvoice(ports),
    completeRefund: new CompleteRefund(ports),
    expireInvoice: new ExpireInvoice(ports),
    executeCharge: new ExecuteCharge(ports),
    createSubscription: new CreateSubscription(ports),
    approveSubscription: new ApproveSubscription(ports),
    completeSubscriptionPayment: new CompleteSubscriptionPayment(ports),
    resendPinCode: new ResendPinCode(ports),
    getSubscriptionStatus: new GetSubscriptionStatus(ports),
    cancelSubscription: new CancelSubscription(ports),
    listSubscriptions: new ListSubscriptions(ports),
    expirePendingSubscription: new ExpirePendingSubscription(ports),
    runSubscriptionCharge: new RunSubscriptionCharge(ports),
    refundBillingOperation: new RefundBillingOperation(ports),
    runJob,
    runDueWork: new RunDueWork(ports, runJob),
  };
}

export type KassaUseCases = ReturnType<typeof kassaUseCases>;
