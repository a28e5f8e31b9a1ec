import { z } from 'zod';
import { JSON_ERROR_CODES } from './error-codes.js';
import { TEST_ONLY } from './test-only.js';

const time = z.string().meta({ format: 'date-time', description: 'ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ', example: '2026-11-22T10:00:00Z' });

export const moneySchema = z
  .object({ amount: z.string().regex(/^(0|[1-9][0-9]*)\.[0-9]{2}$/), currency: z.string().regex(/^[A-Z]{3}$/), vat_included: z.boolean().optional() })
  .meta({ id: 'Money', example: { amount: '10.00', currency: 'RUB' } });

const carrier = z.object({ id: z.number().int(), name: z.string() });

/** The customer of an answer: never card data; the msisdn masked in lookups by order id. */
export const customerViewSchema = z
  .object({
    type: z.enum(['mobile_phone', 'undefined_bank_card', 'bank_card']),
    msisdn: z.string().optional().meta({ description: 'masked (7900****567) in GET /invoices?merchant_order_id=' }),
    email: z.string().optional(),
    country: z.string().optional(),
    network: carrier.optional(),
    operator: carrier.optional(),
    source: z.string().optional(),
    merchant_customer_id: z.string().optional(),
  })
  .meta({ id: 'Customer' });

const authorizationType = z.enum(['SMS_PIN', 'EXTERNAL', 'SKIP']);

export const contractSchema = z
  .object({ contract_id: z.uuid(), authorization_type: authorizationType, expires_at: time, merchant_contract_id: z.string(), customer: customerViewSchema })
  .meta({ id: 'Contract' });

export const transactionSchema = z
  .object({
    transaction_id: z.uuid(),
    part_number: z.number().int(),
    sequence_number: z.number().int(),
    status: z.enum(['SUCCESS', 'FAILED']),
    result_code: z.number().int(),
    result_description: z.string(),
    paid_at: time.optional(),
    price: moneySchema,
    partner_profit: moneySchema,
    total_paid: moneySchema,
    total_remaining: moneySchema,
    billing_channel: z.string(),
    service_number: z.string(),
  })
  .meta({ id: 'Transaction' });

export const invoiceSchema = z
  .object({
    invoice_id: z.uuid(),
    status: z.enum(['Created', 'Authorize', 'Processed', 'Cancelled']),
    payment_status: z.enum(['NOT_PAID', 'PAID']),
    authorization: z.object({
      type: z.enum(['SMS_PIN', 'BY_CONTRACT', 'AUTH_PAGE']),
      is_authorized: z.boolean(),
      url: z.string().optional().meta({ description: 'the payment page (AUTH_PAGE)' }),
      token: z.string().optional().meta({ description: 'the widget token (card branch): opaque, pass it on as received' }),
    }),
    price: moneySchema,
    merchant_order_id: z.string(),
    created_at: time,
    expires_at: time,
    billing_channel: z.string(),
    customer: customerViewSchema,
    contract: z.object({ contract_id: z.uuid(), authorization_type: authorizationType, expires_at: time, merchant_contract_id: z.string() }).optional(),
    transactions: z.array(transactionSchema),
    refund_status: z.enum(['processing', 'completed', 'failed']).optional(),
  })
  .meta({ id: 'Invoice' });

export const contractActiveSchema = z.object({ contract_id: z.uuid(), status: z.literal('active') }).meta({ id: 'ContractActive' });
export const contractCancelledSchema = z.object({ contract_id: z.uuid(), status: z.literal('cancelled') }).meta({ id: 'ContractCancelled' });
export const invoiceAuthorizedSchema = z.object({ invoice_id: z.uuid(), status: z.literal('Authorize') }).meta({ id: 'InvoiceAuthorized' });
export const invoiceCancelledSchema = z.object({ invoice_id: z.uuid(), status: z.literal('Cancelled') }).meta({ id: 'InvoiceCancelled' });
/** What `test_data/reset` removed from the project. */
export const testDataResetSchema = z
  .object({
    contracts: z.number().int(),
    invoices: z.number().int(),
    subscriptions: z.number().int(),
    events: z.number().int(),
    deliveries: z.number().int(),
    test_clocks: z.number().int(),
    webhook_endpoints: z.number().int(),
  })
  .meta({ id: 'TestDataReset' });
export const testClockSchema = z
  .object({
    test_clock_id: z.uuid(),
    name: z.string().nullable(),
    frozen_time: z.string().meta({ description: "the attached objects' time; while advancing, the due time of the work being run" }),
    status: z.enum(['ready', 'advancing']),
    advancing_to: z.string().nullable().meta({ description: 'where the running advance ends; null when ready' }),
    created_at: z.string(),
  })
  .meta({ id: 'TestClock' });
export const testClocksSchema = listPageSchema(testClockSchema, 'test_clocks').meta({ id: 'TestClocks' });
export const refundSchema = z.object({ invoice_id: z.uuid(), refund_status: z.enum(['processing', 'completed', 'failed']) }).meta({ id: 'Refund' });
export const billingCheckSchema = z.object({ supported: z.boolean(), customer: customerViewSchema }).meta({ id: 'BillingCheck' });

export const errorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(JSON_ERROR_CODES),
      message: z.string(),
      next_step: z
        .string()
        .optional()
        .meta({ [TEST_ONLY]: true, description: 'test environment only: a hint, never to be relied on' }),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: 'ErrorEnvelope' });

export type Money = z.infer<typeof moneySchema>;
export type CustomerView = z.infer<typeof customerViewSchema>;
export type ContractData = z.infer<typeof contractSchema>;
export type TransactionData = z.infer<typeof transactionSchema>;
export type InvoiceData = z.infer<typeof invoiceSchema>;
export type KassaError = z.infer<typeof errorBodySchema>['error'];
export type TestClockData = z.infer<typeof testClockSchema>;

/** The wire names of the events (webhook `type`, and the events listing). */
export const EVENT_TYPES = [
  'contract.authorized',
  'contract.closed',
  'payment.updated',
  'refund.completed',
  'refund.failed',
  'subscription.activated',
  'subscription.cancelled',
  'subscription.approving_failed',
  'subscription.closed',
  'subscription.charged',
  'test_clock.ready',
  'webhook_endpoint.disabled',
] as const;
export type EventTypeName = (typeof EVENT_TYPES)[number];

export const eventSchema = z
  .object({
    id: z.string(),
    type: z.enum(EVENT_TYPES),
    occurred_at: time,
    request_id: z.string().optional().describe('The X-Request-Id of the call that caused the event'),
    idempotency_key: z.string().optional().describe('The Idempotency-Key that call carried, if any'),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Event' });

/**
 * Every list's answer: `items`, newest first, and `next_cursor`, to pass as `cursor` for the next
 * (older) page, null on the last. `former`: the name the list gave its items before, kept beside
 * for one minor version (a list that is new has none).
 */
export function listPageSchema<T extends z.ZodType, K extends string = never>(item: T, former?: K) {
  const formerItems = (former === undefined ? {} : { [former]: z.array(item).meta({ deprecated: true, description: 'the same as items: the name of before, for one minor version' }) }) as {
    [P in K]: z.ZodArray<T>;
  };
  return z.object({
    items: z.array(item),
    next_cursor: z.string().nullable().meta({ description: 'pass as `cursor` for the next (older) page; null on the last page' }),
    ...formerItems,
  });
}

export const eventsPageSchema = listPageSchema(eventSchema, 'events')
  .extend({ next_after: z.string().optional().meta({ deprecated: true, description: 'the same as next_cursor, absent on the last page: the name of before, for one minor version' }) })
  .meta({ id: 'EventsPage' });

const attemptSchema = z.object({
  at: time,
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  response: z.string().meta({ description: 'the first 1 KB of the answer' }),
  error: z.string().nullable(),
  sent: z.boolean().meta({
    description: "false: recorded on its schedule but never sent (a test clock's advance paces each endpoint: README, Test clocks); the delivery can be redelivered",
  }),
});

export const webhookDeliverySchema = z
  .object({
    delivery_id: z.string(),
    event_id: z.string().meta({ description: 'the webhook-id of every attempt' }),
    event_type: z.enum(EVENT_TYPES),
    url: z.string(),
    endpoint_id: z.string().nullable().meta({ description: 'the webhook endpoint it goes to; null for the project webhookUrl, test callbacks and subscription notifications' }),
    status: z.enum(['pending', 'succeeded', 'dead']),
    created_at: time,
    next_attempt_at: time.nullable(),
    attempts: z.array(attemptSchema),
  })
  .meta({ id: 'WebhookDelivery' });

export const webhookDeliveriesSchema = listPageSchema(webhookDeliverySchema, 'deliveries').meta({ id: 'WebhookDeliveries' });

export type EventsPage = z.infer<typeof eventsPageSchema>;
export type WebhookDeliveryData = z.infer<typeof webhookDeliverySchema>;
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesSchema>;
export type TestClocksPage = z.infer<typeof testClocksSchema>;
