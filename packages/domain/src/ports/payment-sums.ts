import type { DomainEvent } from '../events/domain-event.js';
import type { CurrencyTotals, MoneyMoved, PaymentTotals } from './event-log.port.js';
import type { Money } from '../shared/money.js';

/** Which sum an event adds to: a successful charge (`paid`) or a completed refund (`refunded`). */
export type MoneyKind = 'paid' | 'refunded';

/** The money an event moved, as EventLog.sumPayments counts it; none for any other event. */
export function moneyMoved(event: DomainEvent): { readonly kind: MoneyKind; readonly money: Money } | undefined {
  if (event.type === 'PaymentUpdated') return event.transaction.status === 'SUCCESS' ? { kind: 'paid', money: event.transaction.price } : undefined;
  if (event.type === 'RefundCompleted') return { kind: 'refunded', money: event.amount };
  return undefined;
}

const none: MoneyMoved = { count: 0, minor: 0 };

/** Sums of money by currency and kind, as PaymentTotals answers them (currencies in their codes' order): one assembly for every storage. */
export class PaymentSums {
  private readonly byCurrency = new Map<string, Record<MoneyKind, MoneyMoved>>();

  /** Adds `count` movements of `minor` units in all (one event: 1 and its amount; a storage's group: its count and sum). */
  add(kind: MoneyKind, currency: string, count: number, minor: number): void {
    const sums = this.byCurrency.get(currency) ?? { paid: none, refunded: none };
    sums[kind] = { count: sums[kind].count + count, minor: sums[kind].minor + minor };
    this.byCurrency.set(currency, sums);
  }

  totals(partial: boolean): PaymentTotals {
    const byCurrency: CurrencyTotals[] = [...this.byCurrency].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, sums]) => ({ currency, paid: sums.paid, refunded: sums.refunded }));
    return { byCurrency, partial };
  }
}
