import { z } from 'zod';
import { SUBSCRIPTION_STATUS_BY_STATE } from './status-names.js';
import { TEST_ONLY } from './test-only.js';

/**
 * The bodies Kassa POSTs to merchants, typed: the OpenAPI document's `webhooks` section is made from
 * these, so that generators give merchants models for them, and Kassa's own renderers are held to
 * them by a test.
 */

const time = z.string().meta({ description: 'ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ', example: '2026-11-22T10:00:00Z' });
const money = z.object({ amount: z.string().meta({ example: '10.00' }), currency: z.string().meta({ example: 'RUB' }) });

const webhookCustomer = z
  .object({
    type: z.enum(['mobile_phone', 'undefined_bank_card', 'bank_card']),
    msisdn: z.string().optional().meta({ description: 'mobile_phone' }),
    source: z.string().optional().meta({ description: 'card types' }),
    merchant_customer_id: z.string().optional().meta({ description: 'card types' }),
    country: z.string().optional().meta({ description: 'card types' }),
  })
  .meta({ id: 'WebhookCustomer', description: 'The customer; never card data.' });
export type WebhookCustomer = z.infer<typeof webhookCustomer>;

const contractBlock = z.object({ contract_id: z.string(), merchant_contract_id: z.string() });
const invoiceBlock = z.object({
  invoice_id: z.string(),
  merchant_order_id: z.string(),
  status: z.enum(['Created', 'Authorize', 'Processed', 'Cancelled']),
  payment_status: z.enum(['NOT_PAID', 'PAID']),
});

export const contractAuthorizedWebhook = z
  .object({ type: z.literal('contract.authorized'), data: z.object({ customer: webhookCustomer, contract: contractBlock }) })
  .meta({ id: 'ContractAuthorizedWebhook', description: 'A contract was confirmed by its PIN.' });

export const contractClosedWebhook = z
  .object({ type: z.literal('contract.closed'), data: z.object({ customer: webhookCustomer, contract: contractBlock, reason: z.enum(['cancelled', 'expired']) }) })
  .meta({ id: 'ContractClosedWebhook', description: 'A contract was cancelled or expired (the payload is not shown by the spec: the contract.authorized blocks and the reason).' });

export const paymentUpdatedWebhook = z
  .object({
    type: z.literal('payment.updated'),
    data: z.object({
      invoice: invoiceBlock,
      transaction: z.object({
        transaction_id: z.string(),
        status: z.enum(['SUCCESS', 'FAILED']),
        result_code: z.number().int(),
        result_description: z.string(),
        paid_at: time.optional(),
        price: money,
      }),
      customer: webhookCustomer,
    }),
  })
  .meta({ id: 'PaymentUpdatedWebhook', description: 'A charge attempt on an invoice; the outcome is read from invoice.status, invoice.payment_status and transaction.status.' });

export const refundCompletedWebhook = z
  .object({ type: z.literal('refund.completed'), data: z.object({ invoice: invoiceBlock, refund: z.object({ refund_status: z.literal('completed'), amount: money }) }) })
  .meta({ id: 'RefundCompletedWebhook', description: 'The refund notification: the refund of an invoice completed.' });

/** Every JSON event body (the `webhookUrl` and test callback deliveries in the v3 format). */
export const refundFailedWebhook = z
  .object({
    type: z.literal('refund.failed'),
    data: z.object({ invoice: invoiceBlock, refund: z.object({ refund_status: z.literal('failed'), amount: money, result_code: z.number().int(), result_description: z.string() }) }),
  })
  .meta({ id: 'RefundFailedWebhook', description: 'The refund notification when the gateway refused the refund: the money stayed with the merchant; the refund may be asked for again.' });

export const testClockReadyWebhook = z
  .object({
    type: z.literal('test_clock.ready'),
    data: z.object({ test_clock: z.object({ test_clock_id: z.string(), name: z.string().nullable(), frozen_time: time, status: z.literal('ready') }) }),
  })
  .meta({ id: 'TestClockReadyWebhook', description: 'The test environment only: a test clock finished an advance; everything due up to frozen_time has run.' });

export const webhookEndpointDisabledWebhook = z
  .object({
    type: z.literal('webhook_endpoint.disabled'),
    data: z.object({
      webhook_endpoint: z.object({
        id: z.string(),
        url: z.string(),
        status: z.literal('disabled'),
        reason: z.literal('failing'),
        failing_since: time.meta({ description: 'the first failed attempt since its last success' }),
      }),
    }),
  })
  .meta({
    id: 'WebhookEndpointDisabledWebhook',
    description: 'Kassa disabled a webhook endpoint whose deliveries had all failed for KASSA_ENDPOINT_DISABLE_AFTER_HOURS (default 120); enable it again with PATCH webhook_endpoints/{id}.',
  });

export const jsonWebhookSchema = z.discriminatedUnion('type', [
  contractAuthorizedWebhook,
  contractClosedWebhook,
  paymentUpdatedWebhook,
  refundCompletedWebhook,
  refundFailedWebhook,
  testClockReadyWebhook,
  webhookEndpointDisabledWebhook,
]);
export type JsonWebhook = z.infer<typeof jsonWebhookSchema>;

export const legacyPaymentWebhook = z
  .object({
    event: z.literal('payment.updated'),
    event_id: z.string(),
    invoice_id: z.string(),
    merchant_order_id: z.string(),
    status: z.enum(['Created', 'Authorize', 'Processed', 'Cancelled']),
    payment_status: z.enum(['NOT_PAID', 'PAID']),
    transaction_id: z.string(),
    transaction_status: z.enum(['SUCCESS', 'FAILED']),
    result_code: z.number().int(),
    result_description: z.string(),
    amount: z.string(),
    currency: z.string(),
    occurred_at: time,
    billing_result: z
      .enum(['SuccessSequencePayment', 'FailedSequencePayment'])
      .optional()
      .meta({ [TEST_ONLY]: true, description: 'test environment only: the outcome test_info chose' }),
  })
  .meta({ id: 'LegacyPaymentWebhook', description: 'The legacy envelope of payment notifications (projects with webhookFormat "legacy").' });
export type LegacyPaymentWebhook = z.infer<typeof legacyPaymentWebhook>;

/** The SubscriptionStatusNotification document (XML), element by element, in its order. */
export const subscriptionStatusNotification = z
  .object({
    EventType: z.enum(['ACTIVATED', 'CANCELLED', 'APPROVING_FAILED', 'CLOSED', 'CHARGE']),
    SubscriptionID: z.string(),
    SubscriptionProjectID: z.number().int(),
    // Every name the service sends (Closed too: a subscription whose schedule is done), from the one table.
    SubscriptionStatus: z.enum(SUBSCRIPTION_STATUS_BY_STATE),
    Subscriber_MSISDN: z.string().optional(),
    PaidUntil: z.string().optional().meta({ description: 'ISO 8601 with an offset' }),
    OperatorID: z.number().int().optional(),
    BillingOperationID: z.string().optional().meta({ description: 'CHARGE only' }),
    BillingResult: z.enum(['Success', 'Failed']).optional().meta({ description: 'CHARGE only' }),
    CustomerPrice: z.string().optional().meta({ description: 'CHARGE only' }),
    Currency: z.string().optional().meta({ description: 'CHARGE only' }),
    Now: z.string().meta({ description: 'the event time, UTC yyyyMMddHHmmss' }),
    Signature: z.string().optional().meta({
      description:
        'lowercase hex hmac_sha256(subscriptionSecret, SubscriptionProjectID + Now + hex(sha256(D))), D the document as received with this element emptied; with the project secret as written (whsec_ included)',
    }),
  })
  .meta({ id: 'SubscriptionStatusNotification', xml: { name: 'SubscriptionStatusNotification' } });
