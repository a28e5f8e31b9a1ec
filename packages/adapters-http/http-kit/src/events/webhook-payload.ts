import { INVOICE_STATUS_BY_STATE, paymentStatusName } from '@kassa-payments/protocol';
import { moneyJson } from '../money-view.js';
import { invoiceIsPaid, specTime, unreachable, type ContractEvent, type Customer, type InvoiceEvent, type TestClockEvent, type Transaction, type WebhookEndpointEvent } from '@kassa-payments/domain';
import type { JsonWebhook, WebhookCustomer } from '@kassa-payments/protocol';

/** The JSON body of a webhook: the spec's `{type, data}`, typed by the protocol's schemas (the OpenAPI document's `webhooks`). */
export type WebhookPayload = JsonWebhook;

/** The customer as webhooks show it: never card data. */
function customer(c: Customer): WebhookCustomer {
  return c.type === 'mobile_phone' ? { type: c.type, msisdn: c.msisdn } : { type: c.type, source: c.source, merchant_customer_id: c.merchantCustomerId, country: c.country };
}

const transaction = (t: Transaction) => ({
  transaction_id: t.id,
  status: t.status,
  result_code: t.resultCode,
  result_description: t.resultDescription,
  ...(t.paidAt ? { paid_at: specTime(t.paidAt) } : {}),
  price: moneyJson(t.price),
});

const invoiceBlock = (e: InvoiceEvent) => ({
  invoice_id: e.aggregate.id,
  merchant_order_id: e.merchantOrderId,
  status: INVOICE_STATUS_BY_STATE[e.invoiceState],
  payment_status: paymentStatusName(invoiceIsPaid({ state: e.invoiceState })),
});

/**
 * A JSON event as the merchant receives it. contract.authorized and payment.updated have the spec's
 * shapes; contract.closed (not shown) is contract.authorized's blocks plus the reason; the refund
 * notification (not shown) is `refund.completed` with the invoice and the refunded amount.
 */
export function webhookPayload(event: ContractEvent | InvoiceEvent | TestClockEvent | WebhookEndpointEvent): WebhookPayload {
  switch (event.type) {
    case 'ContractAuthorized':
      return { type: 'contract.authorized', data: { customer: customer(event.customer), contract: { contract_id: event.aggregate.id, merchant_contract_id: event.merchantContractId } } };
    case 'ContractClosed':
      return {
        type: 'contract.closed',
        data: { customer: customer(event.customer), contract: { contract_id: event.aggregate.id, merchant_contract_id: event.merchantContractId }, reason: event.reason },
      };
    case 'PaymentUpdated':
      return { type: 'payment.updated', data: { invoice: invoiceBlock(event), transaction: transaction(event.transaction), customer: customer(event.customer) } };
    case 'RefundCompleted':
      return { type: 'refund.completed', data: { invoice: invoiceBlock(event), refund: { refund_status: 'completed', amount: moneyJson(event.amount) } } };
    case 'RefundFailed':
      return {
        type: 'refund.failed',
        data: { invoice: invoiceBlock(event), refund: { refund_status: 'failed', amount: moneyJson(event.amount), result_code: event.resultCode, result_description: event.resultDescription } },
      };
    case 'TestClockReady':
      return { type: 'test_clock.ready', data: { test_clock: { test_clock_id: event.aggregate.id, name: event.name, frozen_time: specTime(event.frozenTime), status: 'ready' } } };
    case 'WebhookEndpointDisabled':
      return {
        type: 'webhook_endpoint.disabled',
        data: { webhook_endpoint: { id: event.aggregate.id, url: event.url, status: 'disabled', reason: event.reason, failing_since: specTime(event.failingSince) } },
      };
    default:
      return unreachable(event);
  }
}
