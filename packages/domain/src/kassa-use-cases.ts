import type { RequestContext } from './ports/request-context.port.js';
import type { KassaPorts } from './ports/kassa-ports.js';
import { ok } from './shared/result.js';
import { CreateContract } from './contract/use-cases/create-contract.use-case.js';
import { AuthorizeContract } from './contract/use-cases/authorize-contract.use-case.js';
import { CancelContract } from './contract/use-cases/cancel-contract.use-case.js';
import { ExpireContract } from './contract/use-cases/expire-contract.use-case.js';
import { CheckBilling } from './contract/use-cases/check-billing.use-case.js';
import { GetContract, ListContracts } from './contract/use-cases/contract-queries.js';
import { cancelInvoice, expireInvoice } from './invoice/invoice.js';
import { InvoiceCommand, notFound as invoiceNotFound } from './invoice/use-cases/invoice-command.js';
import { FindInvoiceByOrderId, GetInvoice, ListInvoices, SumPayments } from './invoice/use-cases/invoice-queries.js';
import { CreateInvoice } from './invoice/use-cases/create-invoice.use-case.js';
import { AuthorizeInvoice } from './invoice/use-cases/authorize-invoice.use-case.js';
import { RefundInvoice } from './invoice/use-cases/refund-invoice.use-case.js';
import { CompleteRefund } from './invoice/use-cases/complete-refund.use-case.js';
import { ChargeInvoice } from './invoice/use-cases/charge-invoice.use-case.js';
import { PayInvoiceOnPage } from './invoice/use-cases/pay-invoice-on-page.use-case.js';
import { cancelSubscription, completeSubscriptionPayment, expireSubscriptionApproval } from './subscription/subscription.js';
import { SubscriptionCommand, notFound as subscriptionNotFound } from './subscription/use-cases/subscription-command.js';
import { GetSubscriptionStatus, ListSubscriptions, PageSubscriptions } from './subscription/use-cases/subscription-queries.js';
import { CreateSubscription } from './subscription/use-cases/create-subscription.use-case.js';
import { ApproveSubscription } from './subscription/use-cases/approve-subscription.use-case.js';
import { PaySubscriptionOnPage } from './subscription/use-cases/pay-subscription-on-page.use-case.js';
import { ConfirmWapSubscription } from './subscription/use-cases/confirm-wap-subscription.use-case.js';
import { ResendSubscriptionPin } from './subscription/use-cases/resend-subscription-pin.use-case.js';
import { RefundBillingOperation } from './subscription/use-cases/refund-billing-operation.use-case.js';
import { RunSubscriptionCharge } from './subscription/use-cases/run-subscription-charge.use-case.js';
import { AttemptDelivery } from './webhook/use-cases/attempt-delivery.use-case.js';
import { ClockedAttemptPace } from './sandbox/use-cases/clocked-attempt-pace.js';
import { RelayEvents } from './jobs/relay-events.use-case.js';
import { RedeliverWebhook } from './webhook/use-cases/redeliver-webhook.use-case.js';
import { RecoverDeadDeliveries } from './webhook/use-cases/recover-dead-deliveries.use-case.js';
import { ResetTestData } from './sandbox/use-cases/reset-test-data.use-case.js';
import { ListEvents, ListWebhookDeliveries } from './webhook/use-cases/webhook-queries.js';
import { FollowEventFeed } from './webhook/use-cases/follow-event-feed.use-case.js';
import { RunJob } from './jobs/run-job.use-case.js';
import { RunDueWork } from './jobs/run-due-work.use-case.js';
import { ApplyRetention } from './jobs/apply-retention.use-case.js';
import { TestClocks } from './sandbox/use-cases/test-clock-use-cases.js';
import { SimulatePayment } from './sandbox/use-cases/simulate-payment.use-case.js';
import { RunTestClockAdvance } from './sandbox/use-cases/run-test-clock-advance.use-case.js';
import { SweepTestClocks } from './sandbox/use-cases/sweep-test-clocks.js';
import { removeExpiredTestClocks } from './sandbox/use-cases/remove-expired-test-clocks.js';
import { webhookEndpointUseCases } from './webhook-endpoint/use-cases/webhook-endpoint-use-cases.js';
import { NoteEndpointDelivery } from './webhook-endpoint/use-cases/note-endpoint-delivery.use-case.js';

/**
 * Every use case, wired to one set of ports: what transports and workers call. Commands that are one
 * aggregate command and nothing more (cancel, expire, a completed page payment) are built here from
 * the aggregate's function and what a missing aggregate answers.
 */
export function kassaUseCases(given: KassaPorts) {
  // Jobs run in their aggregate's time (the test environment's: see ClockedScheduler).
  const ports: KassaPorts = { ...given, scheduler: given.time.scheduler(given.scheduler) };
  const createContract = new CreateContract(ports);
  const expireContract = new ExpireContract(ports);
  const completeRefund = new CompleteRefund(ports);
  // Jobs answer ok(false) for a missing aggregate: a stale job does nothing.
  const expireInvoiceJob = new InvoiceCommand(ports, expireInvoice, ok(false));
  const chargeInvoice = new ChargeInvoice(ports);
  const expirePendingSubscription = new SubscriptionCommand(ports, expireSubscriptionApproval, ok(false));
  const runSubscriptionCharge = new RunSubscriptionCharge(ports);
  // Jobs run the same instances the transports call: each use case is built once.
  const attemptDelivery = new AttemptDelivery(ports, new ClockedAttemptPace(ports.clock), new NoteEndpointDelivery(ports));
  const relayEvents = new RelayEvents(ports);
  // The advance runs the clock's jobs through the same RunJob that runs it.
  const jobs = { execute: (job: Parameters<RunJob['execute']>[0], context?: RequestContext) => runJob.execute(job, context) };
  const runTestClockAdvance = new RunTestClockAdvance(ports, jobs, relayEvents);
  const runJob = new RunJob({
    chargeInvoice,
    completeRefund,
    expireInvoice: expireInvoiceJob,
    expireContract,
    expirePendingSubscription,
    runSubscriptionCharge,
    attemptDelivery,
    runTestClockAdvance,
  });
  const redeliverWebhook = new RedeliverWebhook(ports);
  return {
    createContract,
    authorizeContract: new AuthorizeContract(ports),
    cancelContract: new CancelContract(ports),
    expireContract,
    checkBilling: new CheckBilling(ports),
    getContract: new GetContract(ports),
    listContracts: new ListContracts(ports),
    pageSubscriptions: new PageSubscriptions(ports),
    createInvoice: new CreateInvoice(ports, createContract),
    authorizeInvoice: new AuthorizeInvoice(ports),
    cancelInvoice: new InvoiceCommand(ports, cancelInvoice, invoiceNotFound()),
    getInvoice: new GetInvoice(ports),
    findInvoiceByOrderId: new FindInvoiceByOrderId(ports),
    listInvoices: new ListInvoices(ports),
    sumPayments: new SumPayments(ports),
    refundInvoice: new RefundInvoice(ports),
    completeRefund,
    expireInvoice: expireInvoiceJob,
    chargeInvoice,
    payInvoiceOnPage: new PayInvoiceOnPage(ports, chargeInvoice),
    createSubscription: new CreateSubscription(ports),
    approveSubscription: new ApproveSubscription(ports),
    completeSubscriptionPayment: new SubscriptionCommand(ports, completeSubscriptionPayment, subscriptionNotFound()),
    paySubscriptionOnPage: new PaySubscriptionOnPage(ports),
    confirmWapSubscription: new ConfirmWapSubscription(ports),
    resendSubscriptionPin: new ResendSubscriptionPin(ports),
    getSubscriptionStatus: new GetSubscriptionStatus(ports),
    cancelSubscription: new SubscriptionCommand(ports, cancelSubscription, subscriptionNotFound()),
    listSubscriptions: new ListSubscriptions(ports),
    expirePendingSubscription,
    runSubscriptionCharge,
    refundBillingOperation: new RefundBillingOperation(ports),
    relayEvents,
    redeliverWebhook,
    recoverDeadDeliveries: new RecoverDeadDeliveries(ports, redeliverWebhook),
    resetTestData: new ResetTestData(ports),
    testClocks: new TestClocks(ports),
    simulatePayment: new SimulatePayment(ports, chargeInvoice),
    runTestClockAdvance,
    listEvents: new ListEvents(ports),
    listWebhookDeliveries: new ListWebhookDeliveries(ports),
    followEventFeed: new FollowEventFeed(ports),
    ...webhookEndpointUseCases(ports),
    attemptDelivery,
    runJob,
    // Test clocks exist in the test environment only: production sweeps none and keeps none.
    runDueWork: new RunDueWork(
      ports,
      runJob,
      new ApplyRetention(ports, ports.sandbox ? (now) => removeExpiredTestClocks(ports, now) : undefined),
      ports.sandbox ? new SweepTestClocks(ports, runJob) : undefined,
    ),
  };
}

export type KassaUseCases = ReturnType<typeof kassaUseCases>;
