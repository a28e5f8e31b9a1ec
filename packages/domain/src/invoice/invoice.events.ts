import { formatAmount, type Money } from '../shared/money.js';
import type { DomainEvent, EventStamp } from '../shared/events.js';
import { invoicePaymentStatus, invoiceStatus, type Invoice } from './invoice.js';

const moneyView = (m: Money) => ({ amount: formatAmount(m), currency: m.currency });

function customerOf(invoice: Invoice): Record<string, unknown> {
  const c = invoice.customer;
  return c.type === 'mobile_phone'
    ? { type: c.type, msisdn: c.msisdn }
    : { type: c.type, source: c.source, merchant_customer_id: c.merchantCustomerId, country: c.country };
}

function event(invoice: Invoice, type: DomainEvent['type'], data: Record<string, unknown>, stamp: EventStamp): DomainEvent {
  return { id: stamp.newId(), type, occurredAt: stamp.now, projectId: invoice.projectId, aggregate: { kind: 'invoice', id: invoice.id }, data };
}

/**
 * payment.updated has the spec's shape (the outcome is read from invoice.status,
 * invoice.payment_status and transaction.status). The refund notification (shape not shown) is
 * `refund.completed` with the invoice and the refunded amount.
 */
export function invoiceEvents(invoice: Invoice, actions: readonly string[], stamp: EventStamp): DomainEvent[] {
  const invoiceBlock = {
    invoice_id: invoice.id,
    merchant_order_id: invoice.merchantOrderId,
    status: invoiceStatus(invoice),
    payment_status: invoicePaymentStatus(invoice),
  };
  return actions.flatMap((action): DomainEvent[] => {
    if (action === 'recordPaymentUpdated') {
      const t = invoice.transactions.at(-1);
      const transaction = t && {
        transaction_id: t.id,
        status: t.status,
        result_code: t.resultCode,
        result_description: t.resultDescription,
        paid_at: t.paidAt,
        price: moneyView(t.price),
      };
      return [event(invoice, 'payment.updated', { invoice: invoiceBlock, transaction, customer: customerOf(invoice) }, stamp)];
    }
    if (action === 'recordRefundCompleted') {
      const refund = { refund_status: 'completed', amount: moneyView(invoice.price) };
      return [event(invoice, 'refund.completed', { invoice: invoiceBlock, refund }, stamp)];
    }
    return [];
  });
}
