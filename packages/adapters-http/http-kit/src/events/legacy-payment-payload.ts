import { INVOICE_STATUS_BY_STATE, paymentStatusName } from '@kassa-payments/protocol';
import { invoiceIsPaid, formatAmount, specTime, type KassaMode, type PaymentUpdated } from '@kassa-payments/domain';
import type { LegacyPaymentWebhook } from '@kassa-payments/protocol';

/**
 * The legacy envelope of payment notifications (projects with `webhookFormat: "legacy"`): one flat
 * object per charge attempt. In the test environment `billing_result` carries the outcome the
 * merchant chose in test_info (the spec's Events section), as the attempt turned out.
 */
export function legacyPaymentPayload(event: PaymentUpdated, mode: KassaMode): LegacyPaymentWebhook {
  const t = event.transaction;
  return {
    event: 'payment.updated',
    event_id: event.id,
    invoice_id: event.aggregate.id,
    merchant_order_id: event.merchantOrderId,
    status: INVOICE_STATUS_BY_STATE[event.invoiceState],
    payment_status: paymentStatusName(invoiceIsPaid({ state: event.invoiceState })),
    transaction_id: t.id,
    transaction_status: t.status,
    result_code: t.resultCode,
    result_description: t.resultDescription,
    amount: formatAmount(t.price),
    currency: t.price.currency,
    occurred_at: specTime(event.occurredAt),
    ...(mode === 'test' ? { billing_result: t.status === 'SUCCESS' ? 'SuccessSequencePayment' : 'FailedSequencePayment' } : {}),
  };
}
