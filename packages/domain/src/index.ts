// Kassa's domain: lifecycles, rules and ports of the payment service. Runtime dependency: xstate.
// In-memory adapters, the test environment gateway and test doubles: @kassa-payments/adapters-memory; the
// repository contract suite for storage adapters: @kassa-payments/domain/testing.
//
// The public surface: the types of the modules below, and by name the values that the adapters, the
// delivery apps and embedders use (the use cases through kassaUseCases, each lifecycle through its
// module). Machines, steps and helpers stay inside. packages/domain/api/domain.api.md is the surface
// as reviewed; the test command fails when it changes unseen.

export type { Err, Ok, Result } from './shared/result.js';
export { err, ok } from './shared/result.js';
export type { DomainError, ErrorCode } from './shared/errors.js';
export { ERROR_CATALOG, domainError, fail } from './shared/errors.js';
export type { Money } from './shared/money.js';
export { formatAmount, money, parseMoney } from './shared/money.js';
export { cardLast4, luhnValid, maskMsisdn } from './shared/masking.js';
export { maskUrl, maskUrlsIn } from './shared/url-masking.js';
export type { CardCustomer, Customer, MobilePhoneCustomer, StoredCard } from './shared/customer.js';
export { customerKey } from './shared/customer.js';
export type { CustomerPresentation, PhoneCustomerPresentation } from './presenters/customer.presenter.js';
export { presentCustomer } from './presenters/customer.presenter.js';
export type { AggregateKind, EmittedPart, EventEnvelope, EventStamp } from './shared/events.js';
export { stamped } from './shared/events.js';
export type { DomainEvent, DomainEventType } from './events/domain-event.js';
export { unreachable } from './shared/unreachable.js';
export { compactUtc, parseCompactUtc, parseSpecTime, specTime } from './shared/time.js';
export type { DomainSettings, KassaMode } from './shared/settings.js';
export { DEFAULT_RETENTION_DAYS, DEFAULT_TEST_CLOCK_RETENTION_MB, TEST_PIN, defaultSettings } from './shared/settings.js';
export type { MethodCode, PagePaymentMethod, Wallet } from './shared/payment-methods.js';
export { METHOD_CODES, PAYMENT_METHODS, checkPaymentMethod, isMethodCode, isWallet, offeredMethods } from './shared/payment-methods.js';
export type { CardField, PaymentCard, PaymentCardForm } from './shared/payment-card.js';
export { readPaymentCard } from './shared/payment-card.js';
export { SystemClock } from './ports/system-clock.js';
export { MAX_PIN_ATTEMPTS } from './shared/pin-confirmation.js';
export type { Change, DueWork, Lifecycle } from './shared/lifecycle.js';

export type {
  Contract,
  ContractAuthorizationType,
  ContractAuthorized,
  ContractClosed,
  ContractEmitted,
  ContractEvent,
  ContractFacts,
  ContractFields,
  ContractJob,
  ContractMachineEvent,
  ContractState,
  OpenContractInput,
} from './contract/contract.js';
export { CONTRACT_STATES, cancelContract, contractLifecycle, enterContractPin, expireContract, openContract } from './contract/contract.js';
export type {
  ChargeTrigger,
  ExpectedBillingResult,
  Invoice,
  InvoiceAuthorizationType,
  InvoiceContractRef,
  InvoiceEmitted,
  InvoiceEvent,
  InvoiceFacts,
  InvoiceFields,
  InvoiceJob,
  InvoiceMachineEvent,
  InvoiceState,
  InvoiceTestInfo,
  OpenInvoiceInput,
  PaymentUpdated,
  RefundCompleted,
  RefundFailed,
} from './invoice/invoice.js';
export { INVOICE_STATES, cancelInvoice, completeRefund, invoiceExpiryReached, invoiceIsPaid, invoiceLifecycle, openInvoice, recordCharge, requestRefund, transactionFor } from './invoice/invoice.js';
export { moneyMoved, PaymentSums, type MoneyKind } from './ports/payment-sums.js';
export type { InvoicePresentation, InvoicePresenterPorts } from './presenters/invoice.presenter.js';
export { presentInvoice } from './presenters/invoice.presenter.js';
export type { ChargeOutcome, Transaction } from './invoice/transaction.js';
export { RESULT_NOT_ENOUGH_MONEY, RESULT_SUCCESS } from './invoice/transaction.js';
export type {
  AcceptanceChannel,
  OpenSubscriptionInput,
  Subscription,
  SubscriptionActivated,
  SubscriptionApprovingFailed,
  SubscriptionCancelled,
  SubscriptionCharged,
  SubscriptionClosed,
  SubscriptionEmitted,
  SubscriptionEvent,
  SubscriptionFacts,
  SubscriptionFields,
  SubscriptionJob,
  SubscriptionMachineEvent,
  SubscriptionState,
} from './subscription/subscription.js';
export {
  SUBSCRIPTION_STATES,
  approveSubscription,
  cancelSubscription,
  completeSubscriptionPayment,
  openSubscription,
  recordSubscriptionCharge,
  refundBillingOperation,
  resendSubscriptionPin,
  subscriptionActivation,
  subscriptionIsActive,
  subscriptionIsApproved,
  subscriptionLifecycle,
} from './subscription/subscription.js';
export type { BillingOperation, SubscriptionBilling, SubscriptionTestInfo } from './subscription/billing-operation.js';
export { PRODUCTION_PERIOD_SECONDS } from './subscription/billing-operation.js';
export type { TestClock, TestClockEvent, TestClockFields, TestClockJob, TestClockMachineEvent, TestClockReady, TestClockStatus } from './sandbox/test-clock.js';
export { ADVANCE_LEASE_SECONDS, openTestClock, startAdvance, testClockLifecycle } from './sandbox/test-clock.js';
export { TEST_CLOCK_LIMITS } from './shared/test-clock-limits.js';
export type { ClockedAttemptPace } from './sandbox/use-cases/clocked-attempt-pace.js';
export { CLOCKED_ATTEMPTS } from './sandbox/use-cases/clocked-attempt-pace.js';

export type { KassaPorts } from './ports/kassa-ports.js';
export type { CreateResult, DuplicateKey, SaveResult, VersionConflict } from './ports/save-result.js';
export { created, duplicateKey, saved, versionConflict } from './ports/save-result.js';
export type * from './ports/billing-gateway.port.js';
export type * from './ports/carrier-lookup.port.js';
export type * from './ports/geography.port.js';
export type * from './ports/clock.port.js';
export type * from './ports/request-context.port.js';
export type * from './ports/idempotency-store.port.js';
export type { RetiringSecret } from './shared/secrets.js';
export { liveSecrets } from './shared/secrets.js';
export type * from './ports/contract-repository.port.js';
export type * from './ports/event-outbox.port.js';
export type * from './ports/id-generator.port.js';
export type * from './ports/invoice-repository.port.js';
export type * from './ports/payment-page.port.js';
export type * from './ports/pin.port.js';
export type * from './ports/project-directory.port.js';
export type { Job, JobName, Scheduler } from './ports/scheduler.port.js';
export { jobId } from './ports/scheduler.port.js';
export type * from './ports/subscription-repository.port.js';
export type * from './ports/webhook-delivery-repository.port.js';
export type * from './ports/event-log.port.js';
export type * from './ports/notification.port.js';
export type * from './ports/random.port.js';
export type * from './ports/callback-targets.port.js';
export type * from './ports/storage-retention.port.js';
export type * from './ports/test-clock-repository.port.js';
export type * from './ports/time-source.port.js';
export type * from './ports/sandbox.port.js';
export type * from './ports/list-page.port.js';
export type { Page } from './shared/page.js';
export { PAGE_SIZE, pageOf } from './shared/page.js';
export type {
  AttemptOutcome,
  DeliveryAttempt,
  DeliveryJob,
  DeliveryState,
  Notification,
  OpenDeliveryInput,
  WebhookDelivery,
  WebhookDeliveryFields,
  WebhookDeliveryMachineEvent,
} from './webhook/webhook-delivery.js';
export { ATTEMPT_CLAIM_SECONDS, claimAttempt, deliveryId, deliveryLifecycle, openDelivery, recordAttempt, redeliver } from './webhook/webhook-delivery.js';
export { MAX_ATTEMPTS, MAX_RETRY_AFTER_SECONDS, RETRY_DELAYS_SECONDS, nextAttemptDelay } from './webhook/retry-schedule.js';

export type { CommandPorts, CommandRun, StampedRun } from './application/run-command.js';
export { stampOf } from './application/event-stamp.js';
export { RealTime } from './application/real-time.js';
export { ClockedScheduler } from './sandbox/environment/clocked-scheduler.js';
export { TestClockTime } from './sandbox/environment/test-clock-time.js';
export { TEST_LIST_LIMIT, UNDELIVERABLE_SMS_TEST_MSISDN, testEnvironmentSandbox } from './sandbox/environment/test-environment-sandbox.js';
export type { AwaitingPin } from './application/pin-delivery.js';
export { newPin, sendPin } from './application/pin-delivery.js';
export type { Schedulable } from './application/save-and-schedule.js';
export { InvoiceCommand, type InvoiceRef } from './invoice/use-cases/invoice-command.js';
export { SubscriptionCommand, locateSubscription, type SubscriptionLocator } from './subscription/use-cases/subscription-command.js';
export type { KassaUseCases } from './kassa-use-cases.js';
export { kassaUseCases } from './kassa-use-cases.js';
export type { CreateContract, CreateContractInput } from './contract/use-cases/create-contract.use-case.js';
export type { AuthorizeContract, AuthorizeContractInput } from './contract/use-cases/authorize-contract.use-case.js';
export type { CancelContract } from './contract/use-cases/cancel-contract.use-case.js';
export type { ExpireContract } from './contract/use-cases/expire-contract.use-case.js';
export type { BillingCheck, CheckBilling } from './contract/use-cases/check-billing.use-case.js';
export type { CreateInvoiceInput, CreatedInvoice } from './invoice/use-cases/create-invoice.use-case.js';
export { CreateInvoice } from './invoice/use-cases/create-invoice.use-case.js';
export { AuthorizeInvoice } from './invoice/use-cases/authorize-invoice.use-case.js';
export { RefundInvoice } from './invoice/use-cases/refund-invoice.use-case.js';
export type { CompleteRefund } from './invoice/use-cases/complete-refund.use-case.js';
export type { FindInvoiceByOrderId, SumPayments } from './invoice/use-cases/invoice-queries.js';
export { GetInvoice, ListInvoices, PAYMENT_TOTALS_LIMIT } from './invoice/use-cases/invoice-queries.js';
export type { ChargeInvoice, ChargeInvoiceInput } from './invoice/use-cases/charge-invoice.use-case.js';
export type { PayInvoiceOnPageInput } from './invoice/use-cases/pay-invoice-on-page.use-case.js';
export { PayInvoiceOnPage } from './invoice/use-cases/pay-invoice-on-page.use-case.js';
export type { CreateSubscriptionInput, CreatedSubscription } from './subscription/use-cases/create-subscription.use-case.js';
export { ALTERNATE_OPERATOR_ID, CreateSubscription } from './subscription/use-cases/create-subscription.use-case.js';
export { ApproveSubscription } from './subscription/use-cases/approve-subscription.use-case.js';
export type { PaySubscriptionOnPage, PaySubscriptionOnPageInput } from './subscription/use-cases/pay-subscription-on-page.use-case.js';
export type { ConfirmWapSubscription, WapAction, WapOutcome } from './subscription/use-cases/confirm-wap-subscription.use-case.js';
export type { ResendSubscriptionPin } from './subscription/use-cases/resend-subscription-pin.use-case.js';
export type { ListSubscriptions, PageSubscriptions } from './subscription/use-cases/subscription-queries.js';
export { GetSubscriptionStatus } from './subscription/use-cases/subscription-queries.js';
export { RefundBillingOperation } from './subscription/use-cases/refund-billing-operation.use-case.js';
export { RunSubscriptionCharge } from './subscription/use-cases/run-subscription-charge.use-case.js';
export type { JobUseCases, RunJob } from './jobs/run-job.use-case.js';
export { jobContext } from './jobs/run-job.use-case.js';
export type { JobToRun } from './jobs/due-work.js';
export type { ClockSweep, RunDueWork } from './jobs/run-due-work.use-case.js';
export type { RelayEvents } from './jobs/relay-events.use-case.js';
export { ApplyRetention } from './jobs/apply-retention.use-case.js';
export type { AttemptPace } from './webhook/use-cases/attempt-delivery.use-case.js';
export { AttemptDelivery, BUSY_RETRY_SECONDS } from './webhook/use-cases/attempt-delivery.use-case.js';
export type { RedeliverWebhook } from './webhook/use-cases/redeliver-webhook.use-case.js';
export type { Recovery } from './webhook/use-cases/recover-dead-deliveries.use-case.js';
export { RecoverDeadDeliveries } from './webhook/use-cases/recover-dead-deliveries.use-case.js';
export type { ResetTestData } from './sandbox/use-cases/reset-test-data.use-case.js';
export type { ListEvents, ListWebhookDeliveries } from './webhook/use-cases/webhook-queries.js';
export { TestClocks } from './sandbox/use-cases/test-clock-use-cases.js';
export { RunTestClockAdvance } from './sandbox/use-cases/run-test-clock-advance.use-case.js';
export type { SweepTestClocks } from './sandbox/use-cases/sweep-test-clocks.js';
export { removeExpiredTestClocks } from './sandbox/use-cases/remove-expired-test-clocks.js';
export type { SimulatePayment } from './sandbox/use-cases/simulate-payment.use-case.js';
export type { GetContract, ListContracts } from './contract/use-cases/contract-queries.js';
export type { FeedTailOptions } from './webhook/use-cases/event-feed-tail.js';
export { EventFeedTail, FEED_HOLE_WAIT_MS, redeliveryEntryId } from './webhook/use-cases/event-feed-tail.js';
export type { FollowEventFeed, FollowedFeed, FollowFeedInput } from './webhook/use-cases/follow-event-feed.use-case.js';

export type {
  EndpointChanges,
  EndpointDeliveryOutcome,
  EndpointEventTypes,
  OpenEndpointInput,
  WebhookEndpoint,
  WebhookEndpointDisabled,
  WebhookEndpointEvent,
  WebhookEndpointFields,
  WebhookEndpointMachineEvent,
  WebhookEndpointRoute,
  WebhookEndpointState,
} from './webhook-endpoint/webhook-endpoint.js';
export {
  DEFAULT_ENDPOINT_DISABLE_AFTER_HOURS,
  WEBHOOK_ENDPOINT_LIMITS,
  endpointChannel,
  noteEndpointDelivery,
  openWebhookEndpoint,
  rotateWebhookEndpointSecret,
  takesEventType,
  updateWebhookEndpoint,
  webhookEndpointLifecycle,
} from './webhook-endpoint/webhook-endpoint.js';
export type * from './ports/webhook-endpoint-repository.port.js';
export type * from './ports/webhook-targets.port.js';
export type { CreateWebhookEndpointInput } from './webhook-endpoint/use-cases/create-webhook-endpoint.use-case.js';
export { CreateWebhookEndpoint } from './webhook-endpoint/use-cases/create-webhook-endpoint.use-case.js';
export { GetWebhookEndpoint, ListWebhookEndpoints } from './webhook-endpoint/use-cases/webhook-endpoint-queries.js';
export type { UpdateWebhookEndpointInput } from './webhook-endpoint/use-cases/update-webhook-endpoint.use-case.js';
export { UpdateWebhookEndpoint } from './webhook-endpoint/use-cases/update-webhook-endpoint.use-case.js';
export { DeleteWebhookEndpoint } from './webhook-endpoint/use-cases/delete-webhook-endpoint.use-case.js';
export { RotateWebhookEndpointSecret } from './webhook-endpoint/use-cases/rotate-webhook-endpoint-secret.use-case.js';
export { NoteEndpointDelivery } from './webhook-endpoint/use-cases/note-endpoint-delivery.use-case.js';
export { webhookEndpointUseCases } from './webhook-endpoint/use-cases/webhook-endpoint-use-cases.js';
export type { EndpointHealth } from './webhook/use-cases/attempt-delivery.use-case.js';
export { ENDPOINT_DELETED, ENDPOINT_DISABLED } from './webhook/use-cases/attempt-delivery.use-case.js';
