import type { CurrencyTotals, DomainEvent, Money, MoneyMoved, PaymentTotals } from '@kassa/domain';

/** Which sum an event adds to: a successful charge (`paid`) or a completed refund (`refunded`). */
export type MoneyKind = 'paid' | 'refunded';

/** The money an event moved, as the event log's sums count it (EventLog.sumPayments); none for any other event. */
export function moneyMoved(event: DomainEvent): { readonly kind: MoneyKind; readonly money: Money } | undefined {
  if (event.type === 'PaymentUpdated') return event.transaction.status === 'SUCCESS' ? { kind: 'paid', money: event.transaction.price } : undefined;
  if (event.type === 'RefundCompleted') return { kind: 'refunded', money: event.amount };
  return undefined;
}

/** Whether a logged event's JSON text may be one `moneyMoved` counts: what a restart parses, and only that. */
export const mayMoveMoney = (json: string): boolean => json.includes('"PaymentUpdated"') || json.includes('"RefundCompleted"');

const none: MoneyMoved = { count: 0, minor: 0 };

/** Sums of money by currency and kind, as PaymentTotals answers them (currencies in their codes' order). */
export class PaymentSums {
  private readonly byCurrency = new Map<string, Record<MoneyKind, MoneyMoved>>();

  add(kind: MoneyKind, money: Money): void {
    const sums = this.byCurrency.get(money.currency) ?? { paid: none, refunded: none };
    sums[kind] = { count: sums[kind].count + 1, minor: sums[kind].minor + money.minor };
    this.byCurrency.set(money.currency, sums);
  }

  totals(partial: boolean): PaymentTotals {
    const byCurrency: CurrencyTotals[] = [...this.byCurrency].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, sums]) => ({ currency, paid: sums.paid, refunded: sums.refunded }));
    return { byCurrency, partial };
  }
}
